//! `minibridge solve FILE.pbn`: double-dummy tables for every deal of a PBN
//! file, as PBN with Bridge Composer tags or as JSON. Boards are solved in
//! parallel and written in file order as soon as each is done, so a long
//! file streams; a bar on stderr shows progress when solving takes a while.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Context;

use super::support::Progress;
use crate::export::dd_tags::{self, Annotation, SolveGame};
use crate::solver::{DdTable, dd_table};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The PBN file whose deals to solve.
    pub file: PathBuf,
    /// Print a JSON array (one object per board) instead of annotated PBN.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        if n == 0 {
            anyhow::bail!("--threads must be at least 1");
        }
        pool = pool.num_threads(n);
    }
    let source = std::fs::read(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let annotation =
        Annotation::new(&source).map_err(|e| e.in_file(args.file.display().to_string()))?;
    let pool = pool.build().context("cannot start worker threads")?;
    let games = annotation.games();
    // Output on the same terminal shows the progress by itself.
    let progress = Progress::new(games.len() as u64, "solve").hidden_if(io::stdout().is_terminal());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = (|| {
        if args.json {
            out.write_all(b"[\n")?;
        }
        solve_in_order(&pool, games, &progress, |k, table| {
            if args.json {
                let sep = if k == 0 { "  " } else { ",\n  " };
                out.write_all(sep.as_bytes())?;
                out.write_all(dd_tags::json_board(&games[k], table).as_bytes())?;
            } else {
                out.write_all(&annotation.game_text(k, table))?;
            }
            out.flush()
        })?;
        if args.json {
            out.write_all(b"\n]\n")?;
        } else {
            out.write_all(annotation.tail())?;
        }
        out.flush()
    })();
    progress.finish();
    match written {
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e).context("cannot write to standard output"),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

/// Solves every game on the pool's threads and hands each table to `emit`
/// in file order, as soon as it and every game before it are solved. The
/// threads take the games in order, so few tables wait. Stops at the first
/// error from `emit` (a reader gone away) once the boards under way finish.
fn solve_in_order(
    pool: &rayon::ThreadPool,
    games: &[SolveGame],
    progress: &Progress,
    mut emit: impl FnMut(usize, &DdTable) -> io::Result<()>,
) -> io::Result<()> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, solved) = mpsc::channel::<(usize, DdTable)>();
    pool.in_place_scope(|scope| {
        for _ in 0..pool.current_num_threads() {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move |_| {
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
        }
        drop(sender);
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
