//! `minibridge check`: validates lesson files and estimates how hard each
//! board is to deal, without dealing it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::dealer;
use crate::lesson;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Lesson files to check.
    #[arg(required = true, value_name = "LESSON.yaml")]
    lessons: Vec<PathBuf>,
    /// Shuffles sampled per board for the acceptance estimate.
    #[arg(long, default_value_t = 20_000)]
    samples: u64,
}

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let mut failed = 0;
    for path in &args.lessons {
        let name = path.display().to_string();
        let lesson = match lesson::load(path) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: {e}\n");
                failed += 1;
                continue;
            }
        };
        let n = lesson.boards.len();
        println!(
            "{name}: \"{}\", {n} board{}, ruleset {}",
            lesson.title,
            if n == 1 { "" } else { "s" },
            lesson.ruleset()
        );
        let seed = lesson.seed.unwrap_or(0);
        let mut board_failed = false;
        for plan in &lesson.boards {
            if plan.fixed.is_some() {
                println!("  board {}: fixed deal", plan.number);
                continue;
            }
            let dealer_override = (plan.dealer != crate::bridge::dealer_for_board(plan.number))
                .then_some(plan.dealer);
            match dealer::estimate(
                &plan.constraints,
                seed,
                plan.number,
                args.samples.max(1),
                dealer_override,
            ) {
                Ok(est) => {
                    let expected = est.expected_attempts();
                    if est.accepted == 0 {
                        println!(
                            "  board {}: no match in {} sampled deals (acceptance under {:.4} %); \
                             the search may fail — how often each constraint holds alone:",
                            plan.number,
                            est.samples,
                            100.0 / est.samples as f64
                        );
                        for rate in &est.per_constraint {
                            println!("    {rate}");
                        }
                    } else {
                        println!(
                            "  board {}: acceptance {:.3} %, about {:.0} attempts expected",
                            plan.number,
                            100.0 * est.acceptance(),
                            expected
                        );
                        if expected > lesson.max_attempts as f64 {
                            println!(
                                "    warning: more than the cap of {} attempts; raise `max_attempts` or loosen the constraints",
                                lesson.max_attempts
                            );
                        }
                    }
                }
                Err(e) => {
                    eprintln!("error: {name}: board {}: {e}", plan.number);
                    board_failed = true;
                }
            }
        }
        if board_failed {
            failed += 1;
        }
    }
    if failed > 0 {
        eprintln!(
            "{failed} of {} lesson files have errors",
            args.lessons.len()
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}
