//! `minibridge solve FILE.pbn`: double-dummy tables for every deal of a PBN
//! file, as PBN with Bridge Composer tags or as JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rayon::prelude::*;

use crate::export::dd_tags;
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
    let bytes = std::fs::read(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    // PBN files are often Latin-1; keep them readable without failing.
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    let games = dd_tags::find_games(&text)
        .with_context(|| format!("{} is not a PBN file we can solve", args.file.display()))?;
    if games.is_empty() {
        anyhow::bail!(
            "{} has no [Deal \"…\"] tag; expected a PBN file with at least one deal",
            args.file.display()
        );
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        if n == 0 {
            anyhow::bail!("--threads must be at least 1");
        }
        pool = pool.num_threads(n);
    }
    let pool = pool.build().context("cannot start worker threads")?;
    let tables: Vec<DdTable> =
        pool.install(|| games.par_iter().map(|g| dd_table(&g.deal)).collect());
    let out = if args.json {
        dd_tags::json(&games, &tables)
    } else {
        dd_tags::annotate(&text, &games, &tables)
    };
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
