//! The search for each board's deal: attempts 0, 1, 2, … of the board's
//! stream until one meets the constraints, and the acceptance-rate sampling
//! that tells a teacher which constraint is too tight.

use std::fmt;
use std::time::{Duration, Instant};

use crate::bridge::{Board, Hand, Seat};

use super::batch::BatchStream;
use super::code::DealCode;
use super::compiled::Compiled;
use super::constraints::Constraints;
use super::shuffle::{Deck, Outcome, PredealError};
use super::stream::LAST_ATTEMPT;
use super::validate::ConstraintError;

/// The default cap on attempts per board.
pub const DEFAULT_MAX_ATTEMPTS: u64 = 10_000_000;

/// The most attempts a lesson's `max_attempts` or a script's `generate`
/// may ask for: a search that ends within minutes on one core (about five
/// million unconstrained shuffles a second), where 2^64 would run for a
/// lifetime.
pub const MAX_ATTEMPTS: u64 = 1_000_000_000;

/// The progress hook is called after every this many attempts.
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// How many attempts the acceptance rates of a failed search sample (the
/// cheap constraints on all of them; filters see [`FILTER_RATE_SAMPLES`]).
pub const DEFAULT_RATE_SAMPLES: u64 = 100_000;

/// Filters (rules, solver) can be slow, so their rates alone are measured on
/// at most this many samples: enough to tell the rarest constraint, and a
/// bounded number of solver calls whatever the sample count.
pub const FILTER_RATE_SAMPLES: u64 = 100;

/// At most this many further deals that pass every cheap test go through the
/// filters for the joint acceptance; past them the joint count stops (its
/// samples are the attempts made until then). With the filters-alone
/// samples this bounds an estimate's filter calls per filter, so `check`
/// takes seconds, not minutes, with a solver filter. (A failed search's
/// report needs no joint count and makes none of these calls.)
pub const JOINT_FILTER_CALLS: u64 = 400;

/// How a search runs.
#[derive(Clone, Copy)]
pub struct DealOptions<'a> {
    /// Give up after this many attempts (default 10 million).
    pub max_attempts: u64,
    /// The dealer when the lesson fixes it; `None` takes it from the board
    /// number. Filters see the board with this dealer.
    pub dealer: Option<Seat>,
    /// Called with the number of attempts made so far, every
    /// [`PROGRESS_EVERY`] attempts (for a progress bar).
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
    /// Samples for the acceptance rates reported when a search fails.
    pub rate_samples: u64,
    /// Give up when the search has run this long, however many attempts
    /// are left: a deal that passes the cheap tests can cost the solver a
    /// second, so a cap of attempts alone can mean a day's search.
    pub time_limit: Option<Duration>,
}

impl Default for DealOptions<'_> {
    fn default() -> Self {
        DealOptions {
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            dealer: None,
            progress: None,
            rate_samples: DEFAULT_RATE_SAMPLES,
            time_limit: None,
        }
    }
}

impl fmt::Debug for DealOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DealOptions")
            .field("max_attempts", &self.max_attempts)
            .field("dealer", &self.dealer)
            .field("progress", &self.progress.is_some())
            .field("rate_samples", &self.rate_samples)
            .field("time_limit", &self.time_limit)
            .finish()
    }
}

/// A board the search found, with the attempt that produced it and the code
/// that rebuilds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealtBoard {
    pub board: Board,
    pub attempt: u64,
    pub code: DealCode,
}

/// How often one constraint holds on its own.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintRate {
    /// The constraint as a lesson writes it, e.g. `hcp N 12-14`.
    pub description: String,
    pub samples: u64,
    pub accepted: u64,
}

impl ConstraintRate {
    pub fn rate(&self) -> f64 {
        if self.samples == 0 {
            0.0
        } else {
            self.accepted as f64 / self.samples as f64
        }
    }
}

impl fmt::Display for ConstraintRate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.accepted == 0 {
            write!(
                f,
                "{}: never met in {} deals",
                self.description, self.samples
            )
        } else {
            write!(f, "{}: {:.3} %", self.description, 100.0 * self.rate())
        }
    }
}

fn out_of_time_text(seconds: Option<u64>) -> String {
    seconds
        .map(|s| format!(", when the search's time limit of {s} s ran out"))
        .unwrap_or_default()
}

fn rates_text(rates: &[ConstraintRate]) -> String {
    rates.iter().map(|r| format!("\n  {r}")).collect::<String>()
}

/// Why a board could not be dealt.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DealerError {
    #[error(transparent)]
    Predeal(#[from] PredealError),
    #[error(transparent)]
    Contradiction(#[from] ConstraintError),
    #[error(
        "board {board}: no deal met the constraints in {attempts} attempts{}; how often each constraint holds on its own (loosen the rarest):{}",
        out_of_time_text(*.out_of_time),
        rates_text(.rates)
    )]
    Exhausted {
        board: u32,
        attempts: u64,
        /// The time limit (in seconds) that ended the search, when it was
        /// time rather than the cap of attempts.
        out_of_time: Option<u64>,
        rates: Vec<ConstraintRate>,
    },
}

/// Finds board `board`'s deal: the first attempt that meets `constraints`.
pub fn deal_board(
    seed: u64,
    board: u32,
    constraints: &Constraints,
    options: &DealOptions<'_>,
) -> Result<DealtBoard, DealerError> {
    let mut search = Search::new(seed, board, constraints, options.dealer)?;
    search.deadline = options.time_limit.map(|limit| Instant::now() + limit);
    let found = search.next_match(options.max_attempts, options.progress);
    match found {
        Some(dealt) => Ok(dealt),
        None => {
            let estimate = sample(
                constraints,
                seed,
                board,
                options.rate_samples.max(1),
                options.dealer,
                0,
            )?;
            Err(DealerError::Exhausted {
                board,
                attempts: search.attempts(),
                out_of_time: options
                    .time_limit
                    .filter(|_| search.out_of_time)
                    .map(|t| t.as_secs()),
                rates: estimate.per_constraint,
            })
        }
    }
}

/// A walk through one board's attempts in order, yielding those that meet
/// the constraints. [`deal_board`] takes the first; benchmarks and
/// statistics take many.
pub struct Search<'c> {
    seed: u64,
    board: u32,
    constraints: &'c Constraints,
    dealer: Option<Seat>,
    deck: Deck,
    compiled: Compiled,
    stream: BatchStream,
    next_attempt: u64,
    /// When set, the search stops at this instant (checked before each
    /// deal goes to the filters and at each progress report).
    pub deadline: Option<Instant>,
    /// Whether the deadline ended the last [`Search::next_match`].
    pub out_of_time: bool,
}

impl<'c> Search<'c> {
    /// Checks the constraints for contradictions and prepares the search.
    pub fn new(
        seed: u64,
        board: u32,
        constraints: &'c Constraints,
        dealer: Option<Seat>,
    ) -> Result<Search<'c>, DealerError> {
        if let Some(first) = constraints.validate().into_iter().next() {
            return Err(first.into());
        }
        Ok(Search {
            seed,
            board,
            constraints,
            dealer,
            deck: Deck::new(&constraints.predeal)?,
            compiled: Compiled::new(constraints),
            stream: BatchStream::new(seed, board),
            next_attempt: 0,
            deadline: None,
            out_of_time: false,
        })
    }

    /// Attempts made so far.
    pub fn attempts(&self) -> u64 {
        self.next_attempt
    }

    /// Whether the deadline has passed (and the search is to stop).
    fn past_deadline(&mut self) -> bool {
        self.out_of_time = self.deadline.is_some_and(|d| Instant::now() >= d);
        self.out_of_time
    }

    /// The next attempt that meets the constraints, trying no attempt
    /// numbered `limit` or more; `None` when the limit or the deadline is
    /// reached first.
    pub fn next_match(
        &mut self,
        limit: u64,
        progress: Option<&(dyn Fn(u64) + Sync)>,
    ) -> Option<DealtBoard> {
        // No attempt past the stream's last window, whatever the cap.
        let limit = limit.min(LAST_ATTEMPT + 1);
        while self.next_attempt < limit {
            let attempt = self.next_attempt;
            self.next_attempt += 1;
            let mut window = self.stream.window(attempt);
            let compiled = &self.compiled;
            let outcome = self
                .deck
                .deal(&mut window, |seat, hands| compiled.stage(seat, hands));
            if self.next_attempt.is_multiple_of(PROGRESS_EVERY) {
                if let Some(progress) = progress {
                    progress(self.next_attempt);
                }
                if self.past_deadline() {
                    return None;
                }
            }
            let Outcome::Dealt(deal) = outcome else {
                continue;
            };
            if !self.constraints.filters.is_empty() && self.past_deadline() {
                return None;
            }
            let mut board = Board::numbered(self.board, deal);
            if let Some(dealer) = self.dealer {
                board.dealer = dealer;
            }
            if self.constraints.filters.iter().all(|f| f.accepts(&board)) {
                return Some(DealtBoard {
                    board,
                    attempt,
                    code: DealCode {
                        seed: self.seed,
                        board: self.board,
                        attempt,
                        predeal: self.constraints.predeal,
                        dealer: self.dealer,
                    },
                });
            }
        }
        None
    }
}

/// What sampling says about one board's constraints.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Attempts sampled for the joint acceptance (those that overflowed
    /// their window included): all of them, or fewer when the filters'
    /// budget ([`JOINT_FILTER_CALLS`]) ran out first.
    pub samples: u64,
    /// Of those, the samples that met every constraint.
    pub accepted: u64,
    /// Each constraint alone, in the order cheap tests then filters.
    pub per_constraint: Vec<ConstraintRate>,
}

impl Estimate {
    /// The measured share of attempts that meet every constraint.
    pub fn acceptance(&self) -> f64 {
        if self.samples == 0 {
            0.0
        } else {
            self.accepted as f64 / self.samples as f64
        }
    }

    /// Expected attempts until a board is found (infinite when no sample
    /// met the constraints).
    pub fn expected_attempts(&self) -> f64 {
        if self.accepted == 0 {
            f64::INFINITY
        } else {
            self.samples as f64 / self.accepted as f64
        }
    }
}

/// Samples attempts `0 .. samples` of board `board` under `seed` (with the
/// predeal but no other constraint) and counts how often all constraints
/// hold and how often each holds alone. Filters may be slow (the solver), so
/// they see a fixed number of deals whatever `samples` is: alone, the first
/// [`FILTER_RATE_SAMPLES`]; jointly, at most [`JOINT_FILTER_CALLS`] more
/// that passed the cheap tests. The result depends on nothing but the
/// arguments.
pub fn estimate(
    constraints: &Constraints,
    seed: u64,
    board: u32,
    samples: u64,
    dealer: Option<Seat>,
) -> Result<Estimate, DealerError> {
    sample(
        constraints,
        seed,
        board,
        samples,
        dealer,
        JOINT_FILTER_CALLS,
    )
}

/// [`estimate`] with at most `joint_calls` deals sent through the filters
/// for the joint count beyond the filters-alone samples.
fn sample(
    constraints: &Constraints,
    seed: u64,
    board: u32,
    samples: u64,
    dealer: Option<Seat>,
    joint_calls_allowed: u64,
) -> Result<Estimate, DealerError> {
    if let Some(first) = constraints.validate().into_iter().next() {
        return Err(first.into());
    }
    let deck = Deck::new(&constraints.predeal)?;
    let compiled = Compiled::new(constraints);
    let mut stream = BatchStream::new(seed, board);
    let cheap = compiled.checks.len();
    let mut counts = vec![0u64; cheap + constraints.filters.len()];
    let mut filter_samples = 0u64;
    let mut accepted = 0u64;
    let mut joint_calls = 0u64;
    // The attempts the joint count covers; shortened when its filter
    // budget runs out.
    let mut joint_samples = samples;
    for attempt in 0..samples {
        let mut window = stream.window(attempt);
        let Outcome::Dealt(deal) = deck.deal(&mut window, |_, _| true) else {
            continue;
        };
        let hands = deal.hands().map(Hand::bits);
        let mut all = true;
        for (i, (_, check)) in compiled.checks.iter().enumerate() {
            let ok = check.accepts(&hands);
            counts[i] += u64::from(ok);
            all &= ok;
        }
        let counting = attempt < joint_samples;
        if constraints.filters.is_empty() {
            accepted += u64::from(all);
            continue;
        }
        let measure_filters = attempt < FILTER_RATE_SAMPLES;
        if !(measure_filters || (all && counting)) {
            continue;
        }
        if !measure_filters {
            if joint_calls == joint_calls_allowed {
                joint_samples = attempt;
                continue;
            }
            joint_calls += 1;
        }
        let mut b = Board::numbered(board, deal);
        if let Some(dealer) = dealer {
            b.dealer = dealer;
        }
        if measure_filters {
            filter_samples += 1;
        }
        for (i, filter) in constraints.filters.iter().enumerate() {
            if measure_filters || all {
                let ok = filter.accepts(&b);
                if measure_filters {
                    counts[cheap + i] += u64::from(ok);
                }
                all &= ok;
            }
        }
        accepted += u64::from(all && counting);
    }
    let mut per_constraint: Vec<ConstraintRate> = compiled
        .checks
        .iter()
        .zip(&counts)
        .map(|((description, _), n)| ConstraintRate {
            description: description.clone(),
            samples,
            accepted: *n,
        })
        .collect();
    for (filter, n) in constraints.filters.iter().zip(&counts[cheap..]) {
        per_constraint.push(ConstraintRate {
            description: filter.describe(),
            samples: filter_samples,
            accepted: *n,
        });
    }
    Ok(Estimate {
        samples: joint_samples,
        accepted,
        per_constraint,
    })
}
