//! `minibridge check`: validates lesson files and estimates how hard each
//! board is to deal, without dealing it.

use super::output::sayln;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rayon::prelude::*;

use super::output::{Stdout, outln};

use crate::dealer;
use crate::lesson;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Lesson files to check.
    #[arg(required = true, value_name = "LESSON.yaml")]
    lessons: Vec<PathBuf>,
    /// Shuffles sampled per board for the acceptance estimate, 1 to 1000000.
    #[arg(long, default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_SAMPLES))]
    samples: u64,
}

/// The most shuffles `--samples` may ask for per board: enough to see an
/// acceptance of one in a hundred thousand several times over, and still
/// a matter of seconds for a lesson of many boards.
const MAX_SAMPLES: u64 = 1_000_000;

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let mut out = Stdout::new();
    let mut failed = 0;
    for path in &args.lessons {
        let name = path.display().to_string();
        let lesson = match lesson::load(path) {
            Ok(l) => l,
            Err(e) => {
                sayln!("error: {e}\n");
                failed += 1;
                continue;
            }
        };
        // The lesson's own templates are read as `build` reads them, so a
        // folder that is missing or holds a bad template fails here too.
        if let Some(folder) = &lesson.templates {
            let dir = path
                .parent()
                .unwrap_or(std::path::Path::new("."))
                .join(folder);
            if let Err(e) = super::build::templates_from(&dir) {
                sayln!("error: {name}: the lesson's `templates: {folder}`: {e}\n");
                failed += 1;
                continue;
            }
        }
        let n = lesson.boards.len();
        outln!(
            out,
            "{name}: \"{}\", {n} board{}, ruleset {}",
            lesson.title,
            if n == 1 { "" } else { "s" },
            lesson.ruleset()
        )?;
        let seed = lesson.seed.unwrap_or(0);
        let mut board_failed = false;
        // Boards are sampled in parallel (each estimate's filter calls are
        // bounded, see `dealer::estimate`) and reported in board order.
        let estimates: Vec<_> = lesson
            .boards
            .par_iter()
            .map(|plan| {
                plan.fixed.is_none().then(|| {
                    let dealer_override = (plan.dealer
                        != crate::bridge::dealer_for_board(plan.number))
                    .then_some(plan.dealer);
                    dealer::estimate(
                        &plan.constraints,
                        seed,
                        plan.number,
                        args.samples,
                        dealer_override,
                    )
                })
            })
            .collect();
        for (plan, estimate) in lesson.boards.iter().zip(estimates) {
            let Some(estimate) = estimate else {
                outln!(out, "  board {}: fixed deal", plan.number)?;
                continue;
            };
            match estimate {
                Ok(est) => {
                    let expected = est.expected_attempts();
                    if est.accepted == 0 {
                        outln!(
                            out,
                            "  board {}: no match in {} sampled deals (acceptance under {:.4} %); \
                             the search may fail (`build` gives up after {} attempts or {} s) — \
                             how often each constraint holds alone:",
                            plan.number,
                            est.samples,
                            100.0 / est.samples as f64,
                            lesson.max_attempts,
                            lesson.max_seconds
                        )?;
                        for rate in &est.per_constraint {
                            outln!(out, "    {rate}")?;
                        }
                    } else {
                        outln!(
                            out,
                            "  board {}: acceptance {:.3} %, about {:.0} attempts expected",
                            plan.number,
                            100.0 * est.acceptance(),
                            expected
                        )?;
                        if expected > lesson.max_attempts as f64 {
                            outln!(
                                out,
                                "    warning: more than the cap of {} attempts; raise `max_attempts` or loosen the constraints",
                                lesson.max_attempts
                            )?;
                        }
                    }
                }
                Err(e) => {
                    sayln!("error: {name}: board {}: {e}", plan.number);
                    board_failed = true;
                }
            }
        }
        if board_failed {
            failed += 1;
        }
    }
    if failed > 0 {
        sayln!(
            "{failed} of {} lesson files have errors",
            args.lessons.len()
        );
        out.finish()?;
        return Ok(ExitCode::from(2));
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
