//! `minibridge score`: the score of one contract and trick count under a
//! rule system, as text or JSON.

use std::process::ExitCode;

use anyhow::bail;
use serde::Serialize;

use super::output::{Stdout, outln};

use crate::rules::{self, Contract, Points, Ruleset};

#[derive(clap::Args, Debug)]
pub struct ScoreArgs {
    /// Rule system: ebu, dbv, ez or ez3.
    #[arg(long, value_parser = Ruleset::parse_named)]
    ruleset: Ruleset,
    /// The contract: ebu 1S (part score) or 3NT/4H/4S/5C/5D (game); dbv a
    /// level 1-7 and strain (4S, 3SA); ez/ez3 tricks and strain (8H).
    #[arg(long)]
    contract: String,
    /// Tricks declarer took, 0-13.
    #[arg(long, allow_hyphen_values = true)]
    tricks: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ScoreJson {
    ruleset: &'static str,
    contract: String,
    tricks: u8,
    made: bool,
    declarer_score: Points,
    defender_score: Points,
}

pub fn run(args: ScoreArgs) -> anyhow::Result<ExitCode> {
    let ruleset = args.ruleset;
    let contract = Contract::parse(ruleset, &args.contract)?;
    let tricks: u32 = match args.tricks.trim().parse() {
        Ok(n) if n <= 13 => n,
        _ => bail!(
            "`{}` is not a number of tricks; give a whole number from 0 to 13",
            args.tricks
        ),
    };
    let outcome = rules::score(ruleset, contract, tricks)?;
    let mut out = Stdout::new();
    if args.json {
        let json = ScoreJson {
            ruleset: ruleset.code(),
            contract: contract.code(),
            tricks: outcome.tricks,
            made: outcome.made,
            declarer_score: outcome.declarer_score,
            defender_score: outcome.defender_score,
        };
        outln!(out, "{}", serde_json::to_string(&json)?)?;
    } else {
        let result = if outcome.made { "made" } else { "defeated" };
        outln!(
            out,
            "{ruleset} {} ({}), {tricks} tricks: {result}; declaring side {}, defenders {}",
            contract.code(),
            crate::words::english(&contract.words()),
            outcome.declarer_score,
            outcome.defender_score
        )?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
