//! `minibridge deal --script FILE.dlr`: runs a `dealer` input file. The
//! deals are successive matching attempts of board 1's stream under the
//! seed (deal format v1), so a seed names the same deals on every machine.

use super::output::sayln;
use std::path::Path;
use std::time::Instant;

use anyhow::Context;

use super::output::Stdout;
use super::support;
use crate::bridge::{Board, Seat, Suit, Vulnerability};
use crate::dealer::script::{Action, Condition, Script};
use crate::dealer::{Constraints, Search};
use crate::pipeline::{self, Dealt};

/// Reads, checks and runs the script; `stats` prints attempts and rates to
/// standard error.
pub fn run(path: &Path, seed: Option<u64>, stats: bool) -> anyhow::Result<()> {
    let source = crate::lesson::files::read_regular_text(path)
        .with_context(|| format!("cannot read the script {}", path.display()))?;
    let file = path.display().to_string();
    let script = Script::parse(&source).map_err(|e| anyhow::anyhow!(e.render(&file, &source)))?;
    let seed = match seed {
        Some(s) => s,
        None => {
            let s = support::os_seed()?;
            sayln!("no seed given; using seed {s} (deal again with --seed {s})");
            s
        }
    };
    let started = Instant::now();
    let mut constraints = Constraints {
        predeal: script.predeal,
        ..Constraints::default()
    };
    if let Some(expr) = &script.condition {
        constraints.conditions.push(Condition {
            slot: "condition".into(),
            key: "condition".into(),
            expr: expr.clone().into(),
        });
    }
    let dealer = script.dealer.unwrap_or(Seat::North);
    let vulnerability = script.vulnerable.unwrap_or(Vulnerability::None);
    let produce = script.produce.unwrap_or(Script::DEFAULT_PRODUCE);
    let generate = script.generate.unwrap_or(Script::DEFAULT_GENERATE);
    let mut search = Search::new(seed, 1, &constraints, Some(dealer))?;
    // Deals are written 256 at a time as they are found, so a run of a
    // million shows its first deals at once and holds one batch.
    let mut out = Stdout::new();
    let mut batch: Vec<Dealt> = Vec::with_capacity(BATCH);
    let mut produced = 0u64;
    let mut first = true;
    loop {
        let found = if produced < produce {
            search.next_match(generate, None)
        } else {
            None
        };
        if let Some(found) = &found {
            produced += 1;
            batch.push(Dealt {
                board: Board {
                    number: u32::try_from(produced).unwrap_or(u32::MAX),
                    dealer,
                    vulnerability,
                    deal: found.board.deal,
                },
                code: Some(found.code),
                attempts: found.attempt + 1,
            });
        }
        if batch.len() == BATCH || (found.is_none() && !batch.is_empty()) {
            out.bytes(&print(&script.action, seed, &batch, first))?;
            out.flush()?;
            batch.clear();
            first = false;
        }
        if found.is_none() {
            break;
        }
    }
    if first && script.action == Action::PrintPbn {
        // No deal at all still makes a PBN file: its header.
        out.bytes(&print(&script.action, seed, &[], true))?;
    }
    out.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    if stats {
        let attempts = search.attempts();
        sayln!(
            "generated: {attempts}\nproduced: {}\nseconds: {seconds:.3}\nproduced per second: {:.0}",
            produced,
            produced as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}

/// Deals found and written at a time.
const BATCH: usize = super::output::STREAM_BATCH;

/// A batch of deals as the script's action prints them; `first` says
/// whether they open the output (PBN's header, the blank line between
/// `printall` boards).
fn print(action: &Action, seed: u64, boards: &[Dealt], first: bool) -> Vec<u8> {
    match action {
        Action::PrintPbn => {
            let file = pipeline::pbn_bytes("minibridge deal --script", "", seed, boards);
            if first {
                file
            } else {
                crate::export::pbn::games_after(file)
            }
        }
        Action::PrintOneLine => boards.iter().map(one_line).collect::<String>().into_bytes(),
        Action::PrintAll => {
            let text = boards.iter().map(all_hands).collect::<Vec<_>>().join("\n");
            if first {
                text.into_bytes()
            } else {
                format!("\n{text}").into_bytes()
            }
        }
    }
}

/// `n AKQ2.K32.J98.T98 e … s … w …`, as `dealer`'s `printoneline`.
fn one_line(d: &Dealt) -> String {
    let mut s = String::new();
    for seat in Seat::ALL {
        s.push(seat.letter().to_ascii_lowercase());
        s.push(' ');
        s.push_str(&d.board.deal.hand(seat).to_pbn());
        s.push(' ');
    }
    s.pop();
    s.push('\n');
    s
}

/// The four hands side by side, N E S W, one line per suit, as `dealer`'s
/// `printall` lays them out.
fn all_hands(d: &Dealt) -> String {
    let mut s = format!("{:4}.\n", d.board.number);
    for suit in Suit::ALL {
        let mut line = String::new();
        for seat in Seat::ALL {
            let cards: Vec<String> = d
                .board
                .deal
                .hand(seat)
                .holding(suit)
                .ranks()
                .map(|r| r.letter().to_string())
                .collect();
            let text = if cards.is_empty() {
                "-".to_string()
            } else {
                cards.join(" ")
            };
            line.push_str(&format!("{text:20}"));
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}
