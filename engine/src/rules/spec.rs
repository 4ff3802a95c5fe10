//! What a lesson asks of the rules and of the guideline contract's play
//! (`declarer`, `declaring_side`, `contract`, `sure_tricks`, `tricks`,
//! `makes`, `lead_matters`), as plain data, and the one check that finds
//! such constraints excluding each other or the lesson's card constraints
//! before any shuffle ([`contradictions`]).

use std::fmt;

use crate::bridge::{Range, Seat, Side, Strain, Suit};
use crate::dealer::{ConstraintError, ConstraintErrorKind, ConstraintRef, Constraints};

use super::game_tricks;

/// Which strains a `contract:` constraint allows for the guideline contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrainSpec {
    Strain(Strain),
    Major,
    Minor,
    /// Any trump suit (not no trumps).
    AnySuit,
}

/// Part score or game, as the `ebu` guideline contract names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContractKind {
    Part,
    Game,
}

/// Constraints a lesson states in terms of the rules and of play. The lesson
/// module fills this in from YAML; the rules and solver modules turn it into
/// [`BoardFilter`](crate::dealer::BoardFilter)s for the lesson's ruleset.
/// A lesson's `technique:` is the techniques' own ([`TechniqueSpec`](crate::technique::TechniqueSpec)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleSpec {
    /// `declarer: S`: the rules make this seat declarer.
    pub declarer: Option<Seat>,
    /// `declaring_side: NS`.
    pub declaring_side: Option<Side>,
    /// `contract: { strain: …, kind: … }`: the guideline contract.
    pub contract_strain: Option<StrainSpec>,
    pub contract_kind: Option<ContractKind>,
    /// `sure_tricks: { declarer: 7-9 }`: sure tricks of the declaring side.
    pub sure_tricks: Option<Range>,
    /// `allow_redeal: true` lets deals the rules would redeal appear.
    pub allow_redeal: bool,
    /// `tricks: { guideline: 9-10 }`: double-dummy tricks of the guideline contract.
    pub guideline_tricks: Option<Range>,
    /// `makes: true|false`: the guideline contract makes with best play.
    pub makes: Option<bool>,
    /// `lead_matters: true`: some opening lead beats the guideline contract and some does not.
    pub lead_matters: Option<bool>,
}

impl StrainSpec {
    /// Whether the guideline contract may be in `strain`: the one test of
    /// a `contract: { strain }` constraint.
    pub fn allows(self, strain: Strain) -> bool {
        match (self, strain) {
            (StrainSpec::Strain(s), t) => s == t,
            (StrainSpec::Major, Strain::Suit(s)) => s.is_major(),
            (StrainSpec::Minor, Strain::Suit(s)) => !s.is_major(),
            (StrainSpec::AnySuit, Strain::Suit(_)) => true,
            _ => false,
        }
    }

    /// Whether `suit` may be trumps in the guideline contract.
    pub fn allows_trumps(self, suit: Suit) -> bool {
        self.allows(Strain::Suit(suit))
    }

    /// The word a lesson file writes for it (`H`, `NT`, `major`, `minor`,
    /// `suit`).
    pub fn code(self) -> String {
        match self {
            StrainSpec::Strain(s) => s.code().to_string(),
            StrainSpec::Major => "major".into(),
            StrainSpec::Minor => "minor".into(),
            StrainSpec::AnySuit => "suit".into(),
        }
    }
}

impl fmt::Display for StrainSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

impl ContractKind {
    /// The word a lesson file writes for it.
    pub const fn code(self) -> &'static str {
        match self {
            ContractKind::Part => "part",
            ContractKind::Game => "game",
        }
    }
}

impl fmt::Display for ContractKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Every contradiction among a lesson's card constraints and its rule and
/// play constraints, in a fixed order (predeal, ranges, HCP, lengths,
/// shapes, suits, fits, rules). Empty when nothing is impossible; the
/// later checks run only when every range is sound.
pub fn contradictions(cards: &Constraints, rules: &RuleSpec) -> Vec<ConstraintError> {
    let mut errors = cards.range_errors();
    for (at, r) in [
        (ConstraintRef::SureTricks, rules.sure_tricks),
        (ConstraintRef::GuidelineTricks, rules.guideline_tricks),
    ] {
        if let Some(r) = r {
            errors.extend(ConstraintError::of_range(at, r, 13, "a number of tricks"));
        }
    }
    if !errors.is_empty() {
        return errors;
    }
    errors.extend(cards.bound_errors());
    check_rules(rules, &mut errors);
    errors
}

/// The tricks the guideline contract can need, as far as `contract:`
/// narrows it: the play constraints test contracts of one to seven (7 to
/// 13 tricks), and a part score needs fewer tricks than a game in its
/// strain, a game at least as many.
fn needed_tricks(rules: &RuleSpec) -> Range {
    let strains: Vec<Strain> = Strain::ALL
        .into_iter()
        .filter(|&strain| rules.contract_strain.is_none_or(|spec| spec.allows(strain)))
        .collect();
    let games = || strains.iter().map(|s| u32::from(game_tricks(*s)));
    match rules.contract_kind {
        None => Range::new(7, 13),
        Some(ContractKind::Part) => Range::new(7, games().max().unwrap_or(13) - 1),
        Some(ContractKind::Game) => Range::new(games().min().unwrap_or(7), 13),
    }
}

fn check_rules(rules: &RuleSpec, errors: &mut Vec<ConstraintError>) {
    if let (Some(declarer), Some(side)) = (rules.declarer, rules.declaring_side)
        && declarer.side() != side
    {
        errors.push(ConstraintError::new(
            ConstraintErrorKind::DeclarerOffSide { declarer, side },
            [ConstraintRef::Declarer, ConstraintRef::DeclaringSide],
        ));
    }
    // A lead that beats the contract is the defenders' best play, so
    // `lead_matters: true` means the contract fails with best play.
    let lead_matters = rules.lead_matters == Some(true);
    if lead_matters && rules.makes == Some(true) {
        errors.push(ConstraintError::new(
            ConstraintErrorKind::MakesAndLeadMatters,
            [ConstraintRef::Makes, ConstraintRef::LeadMatters],
        ));
        return;
    }
    let Some(tricks) = rules.guideline_tricks else {
        return;
    };
    let (key, at, makes) = match rules.makes {
        Some(true) => ("makes: true", ConstraintRef::Makes, true),
        Some(false) => ("makes: false", ConstraintRef::Makes, false),
        None if lead_matters => ("lead_matters: true", ConstraintRef::LeadMatters, false),
        None => return,
    };
    let needed = needed_tricks(rules);
    let needed = match makes {
        true if tricks.max < needed.min => needed.min,
        false if tricks.min >= needed.max => needed.max,
        _ => return,
    };
    let mut refs = vec![at, ConstraintRef::GuidelineTricks];
    if rules.contract_kind.is_some() {
        refs.push(ConstraintRef::ContractKind);
        if rules.contract_strain.is_some() {
            refs.push(ConstraintRef::ContractStrain);
        }
    }
    errors.push(ConstraintError::new(
        ConstraintErrorKind::TricksContradictMakes {
            key,
            makes,
            tricks,
            needed,
        },
        refs,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(c: &Constraints, rules: &RuleSpec) -> Vec<ConstraintErrorKind> {
        contradictions(c, rules)
            .into_iter()
            .map(|e| e.kind)
            .collect()
    }

    #[test]
    fn declarer_off_the_declaring_side() {
        let rules = RuleSpec {
            declarer: Some(Seat::South),
            declaring_side: Some(Side::EastWest),
            ..RuleSpec::default()
        };
        let e = contradictions(&Constraints::default(), &rules);
        assert_eq!(
            e,
            vec![ConstraintError::new(
                ConstraintErrorKind::DeclarerOffSide {
                    declarer: Seat::South,
                    side: Side::EastWest
                },
                [ConstraintRef::Declarer, ConstraintRef::DeclaringSide],
            )]
        );
        assert_eq!(
            e[0].kind.to_string(),
            "declarer S is not on the declaring side EW"
        );
    }

    fn play(
        makes: Option<bool>,
        lead_matters: Option<bool>,
        tricks: Option<Range>,
        contract: Option<(Option<StrainSpec>, ContractKind)>,
    ) -> Vec<ConstraintErrorKind> {
        let rules = RuleSpec {
            makes,
            lead_matters,
            guideline_tricks: tricks,
            contract_strain: contract.and_then(|c| c.0),
            contract_kind: contract.map(|c| c.1),
            ..RuleSpec::default()
        };
        kinds(&Constraints::default(), &rules)
    }

    #[test]
    fn play_constraints_that_exclude_each_other() {
        let t = |lo, hi| Some(Range::new(lo, hi));
        // Thirteen tricks make every contract.
        let e = play(Some(false), None, t(13, 13), None);
        assert_eq!(
            e,
            vec![ConstraintErrorKind::TricksContradictMakes {
                key: "makes: false",
                makes: false,
                tricks: Range::new(13, 13),
                needed: 13
            }]
        );
        assert_eq!(
            e[0].to_string(),
            "with 13 tricks the guideline contract always makes (it needs at most 13), so `makes: false` cannot hold"
        );
        // Twelve tricks may still fail a grand slam.
        assert_eq!(play(Some(false), None, t(12, 13), None), vec![]);
        // Six tricks never make a contract.
        assert!(matches!(
            play(Some(true), None, t(0, 6), None)[..],
            [ConstraintErrorKind::TricksContradictMakes {
                makes: true,
                needed: 7,
                ..
            }]
        ));
        // A game needs at least nine tricks; a part score in NT at most eight.
        let game = Some((None, ContractKind::Game));
        assert!(matches!(
            play(Some(true), None, t(0, 8), game)[..],
            [ConstraintErrorKind::TricksContradictMakes { needed: 9, .. }]
        ));
        assert_eq!(play(Some(true), None, t(0, 9), game), vec![]);
        let nt_part = Some((
            Some(StrainSpec::Strain(Strain::NoTrump)),
            ContractKind::Part,
        ));
        assert!(matches!(
            play(Some(false), None, t(9, 13), nt_part)[..],
            [ConstraintErrorKind::TricksContradictMakes { needed: 8, .. }]
        ));
        let minor_part = Some((Some(StrainSpec::Minor), ContractKind::Part));
        assert_eq!(play(Some(false), None, t(9, 13), minor_part), vec![]);
        // A lead that beats the contract means it fails with best play.
        assert_eq!(
            play(Some(true), Some(true), None, None),
            vec![ConstraintErrorKind::MakesAndLeadMatters]
        );
        assert!(matches!(
            play(None, Some(true), t(13, 13), None)[..],
            [ConstraintErrorKind::TricksContradictMakes {
                key: "lead_matters: true",
                ..
            }]
        ));
        assert_eq!(play(Some(false), Some(true), t(8, 9), None), vec![]);
        // Tricks past thirteen.
        assert!(matches!(
            play(None, None, t(14, 14), None)[..],
            [ConstraintErrorKind::AboveMaximum { most: 13, .. }]
        ));
    }
}
