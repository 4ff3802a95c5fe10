//! `minibridge solve FILE.pbn`: double-dummy tables for every deal of a PBN
//! file (or a LIN file, written out as PBN), as PBN with Bridge Composer
//! tags or as JSON. Boards are solved in parallel and written in file order
//! as soon as each is done, so a long file streams; a bar on stderr shows
//! progress when solving takes a while.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Context;

use super::output::Stdout;
use super::support::Progress;
use crate::export::dd_tags::{self, Annotation, SolveGame};
use crate::export::import;
use crate::solver::{DdTable, dd_table};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The PBN or LIN file whose deals to solve.
    pub file: PathBuf,
    /// Print a JSON array (one object per board) instead of annotated PBN.
    #[arg(long)]
    pub json: bool,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
}

/// The most worker threads `--threads` may ask for: far more than any
/// machine this runs on has cores, and few enough to start quickly.
const MAX_THREADS: i64 = 256;

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(usize::from(n));
    }
    let source = crate::lesson::files::read_regular(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    // A LIN file is solved as the PBN of its boards.
    let source = match import::BoardFormat::detect(&args.file, &source) {
        import::BoardFormat::Pbn => source,
        import::BoardFormat::Lin => {
            import::lin_as_pbn(&source).map_err(|e| e.in_file(args.file.display().to_string()))?
        }
    };
    let annotation =
        Annotation::new(&source).map_err(|e| e.in_file(args.file.display().to_string()))?;
    let pool = pool.build().context("cannot start worker threads")?;
    let games = annotation.games();
    // Output on the same terminal shows the progress by itself.
    let progress = Progress::new(games.len() as u64, "solve").hidden_if(io::stdout().is_terminal());
    let mut out = Stdout::new();
    let written = (|| {
        if args.json {
            out.bytes(b"[\n")?;
        }
        solve_in_order(&pool, games, &progress, |k, table| {
            if args.json {
                let sep = if k == 0 { "  " } else { ",\n  " };
                out.bytes(sep.as_bytes())?;
                out.bytes(dd_tags::json_board(&games[k], table).as_bytes())?;
            } else {
                out.bytes(&annotation.game_text(k, table))?;
            }
            out.flush()
        })?;
        if args.json {
            out.bytes(b"\n]\n")?;
        } else {
            out.bytes(annotation.tail())?;
        }
        out.finish()
    })();
    progress.finish();
    written.map(|()| ExitCode::SUCCESS)
}

/// Solves every game on the pool's threads and hands each table to `emit`
/// in file order, as soon as it and every game before it are solved. The
/// threads take the games in order, so few tables wait. Stops at the first
/// error from `emit` (a reader gone away) once the boards under way finish.
fn solve_in_order(
    pool: &rayon::ThreadPool,
    games: &[SolveGame],
    progress: &Progress,
    mut emit: impl FnMut(usize, &DdTable) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, solved) = mpsc::channel::<(usize, DdTable)>();
    pool.in_place_scope(|scope| {
        // One loop per thread, each on its own thread: a table hands its
        // strains to idle threads, and a thread waiting for one must not
        // take up another loop (a spawned job could be), or the board it
        // is solving would wait for that loop's boards too.
        let (next, stop) = (&next, &stop);
        scope.spawn_broadcast(move |_, _| {
            while !stop.load(Ordering::Relaxed) {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(k) else { break };
                let table = dd_table(&game.deal);
                progress.board_done();
                if sender.send((k, table)).is_err() {
                    break;
                }
            }
        });
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (k, table) in solved {
            waiting.insert(k, table);
            while let Some(table) = waiting.remove(&due) {
                if let Err(e) = emit(due, &table) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                due += 1;
            }
        }
        Ok(())
    })
}
