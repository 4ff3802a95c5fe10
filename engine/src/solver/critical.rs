//! Critical plays: the moments of a double-dummy play record where the side
//! to play has exactly one card, or one group of equivalent cards, that
//! keeps its target, every other card losing it; or where the cards that
//! keep it are all of one class (the cards that let the trick go, the
//! cards that win it, the leads of one suit) and every card outside that
//! class loses it. This module owns what a target is, how a moment is
//! found and what happens after the best other card (`docs/solver.md`,
//! "Critical plays"). What a moment is called belongs to the techniques
//! above: the caller names each one from its [`Moment`].
//!
//! The target of the side to play is the contract's fate: when the
//! contract makes double dummy, declarer's side must keep making it (its
//! tricks so far plus those to come reach the contract) and the defenders
//! have nothing to keep; when it fails, the defenders must keep beating it
//! and declarer's side has nothing to keep. A card is tested with one
//! yes/no search against that target, never an exact count; the record's
//! own card keeps it by construction, so a position costs searches only
//! until a second keeping group turns up.

use crate::bridge::{Card, Deal, Seat, Side, Strain};

use super::play::{choose, play_on};
use super::{PlayedTrick, Position, per_group};

/// What the cards that keep the target have in common at a critical
/// moment; every legal card outside it loses the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeepingClass {
    /// One group of cards equal in play.
    Equal,
    /// Cards that let the trick go as it stands (a duck, a discard, a card
    /// under partner's): every card that would win it loses.
    LetsTrickGo,
    /// Cards that win the trick as it stands: every card that lets it go
    /// loses.
    WinsTrick,
    /// Leads of one suit: a lead of any other suit loses.
    Suit,
}

impl KeepingClass {
    /// The name the JSON uses.
    pub const fn code(self) -> &'static str {
        match self {
            KeepingClass::Equal => "equal",
            KeepingClass::LetsTrickGo => "lets_trick_go",
            KeepingClass::WinsTrick => "wins_trick",
            KeepingClass::Suit => "suit",
        }
    }
}

/// A trick the other side wins after the wrong card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickWon {
    /// 1-13.
    pub trick: u8,
    /// Who led to it: a defender who wins a trick the declaring side led
    /// has got in.
    pub leader: Seat,
    pub seat: Seat,
    /// The card that won it.
    pub card: Card,
}

/// What happens when the side to play chooses its best other card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Otherwise {
    /// The best of the other cards (the teacher's choice among equals).
    pub card: Card,
    /// Declarer's tricks in all after it, both sides playing best from
    /// there.
    pub declarer_tricks: u8,
    /// The tricks the defenders win from this trick on in that play, in
    /// order: after declarer's wrong card the tricks that beat the
    /// contract, after a defender's wrong card all they still take.
    pub defence_wins: Vec<TrickWon>,
    /// That play itself, trick by trick from the trick in progress (its
    /// cards already on the table included), every card after the wrong one
    /// double-dummy best: what `defence_wins` is read from.
    pub play: Vec<PlayedTrick>,
}

/// One critical moment of the play record, with what the caller named it
/// (`N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CriticalPlay<N> {
    /// 1-13.
    pub trick: u8,
    /// The seat that plays (for a dummy's card, the dummy).
    pub seat: Seat,
    /// The card the play record plays.
    pub card: Card,
    /// Every legal card that keeps the target, in writing order: the
    /// card's group of equivalent cards, or the keeping cards of its class.
    pub cards: Vec<Card>,
    /// What the keeping cards have in common.
    pub class: KeepingClass,
    /// What the caller's namer made of the moment.
    pub name: N,
    /// Tricks the side to play needs in the whole deal: the contract's
    /// tricks for declarer's side, one more than declarer may take for the
    /// defenders.
    pub target: u8,
    pub otherwise: Otherwise,
}

impl<N> CriticalPlay<N> {
    /// Whether the play is the declaring side's (not the defenders').
    pub fn by_declaring_side(&self, declarer: Seat) -> bool {
        self.seat.side() == declarer.side()
    }
}

/// A critical play at the moment it is made, as a namer sees it: the
/// position just before the card, the card, and the record's trick it is
/// played to.
pub struct Moment<'a> {
    pub position: &'a Position,
    pub card: Card,
    /// The record's trick the card is played to, all four cards.
    pub trick: &'a PlayedTrick,
    /// 1-13.
    pub trick_number: u8,
    /// The whole play record, for a technique whose moment shows later
    /// (length: a long card wins once the defenders are out).
    pub record: &'a [PlayedTrick],
    /// The legal cards that keep the target here, the record's card among
    /// them: a technique may ask that the beginner's card is not one.
    pub keeping: &'a [Card],
    pub declarer: Seat,
    /// Trumps each seat held before the first lead (none at no trumps).
    trumps_at_start: [u32; 4],
}

impl Moment<'_> {
    /// The seat that plays the card.
    pub fn seat(&self) -> Seat {
        self.position.to_play()
    }

    /// Whether the card is the declaring side's.
    pub fn by_declaring_side(&self) -> bool {
        self.seat().side() == self.declarer.side()
    }

    /// Whether the card is the opening lead.
    pub fn is_opening_lead(&self) -> bool {
        self.trick_number == 1 && self.position.trick().is_empty()
    }

    /// Whether `c`, played now, would win the trick as it stands for the
    /// seat to play (the last card: wins it).
    pub fn wins_now(&self, c: Card) -> bool {
        wins_now(self.position, c)
    }

    /// The trumps `seat` held before the first lead.
    pub fn trumps_at_start(&self, seat: Seat) -> u32 {
        self.trumps_at_start[seat.index()]
    }
}

/// The critical plays along `record`, the double-dummy play of
/// `declarer`'s contract in `strain` that needs `needed` tricks, in play
/// order, each named by `name` from its [`Moment`]. Seats are the deal's
/// seats (the solver's chairs).
pub fn critical_plays<N>(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    needed: u8,
    record: &[PlayedTrick],
    name: impl Fn(&Moment) -> N,
) -> Vec<CriticalPlay<N>> {
    let mut out = Vec::new();
    walk(
        deal,
        strain,
        declarer,
        needed,
        record,
        |m, cards, class, won, keeper, target| {
            let named = name(m);
            let otherwise = otherwise(
                m.position,
                cards,
                declarer,
                m.trick_number,
                record,
                won,
                keeper,
            );
            out.push(CriticalPlay {
                trick: m.trick_number,
                seat: m.seat(),
                card: m.card,
                cards: cards.to_vec(),
                class,
                name: named,
                target,
                otherwise,
            });
            false
        },
    );
    out
}

/// Whether some critical moment of `record` is one `wanted` accepts. The
/// walk is [`critical_plays`]', stopping at the first accepted moment and
/// never playing the other card: what a probe asks of the best line.
pub fn has_critical_moment(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    needed: u8,
    record: &[PlayedTrick],
    wanted: impl Fn(&Moment) -> bool,
) -> bool {
    let mut found = false;
    walk(
        deal,
        strain,
        declarer,
        needed,
        record,
        |m, _, _, _, _, _| {
            found = wanted(m);
            found
        },
    );
    found
}

/// Walks `record` card by card and hands each critical moment to `visit`
/// with its keeping cards and class, the keeper's tricks so far, the
/// keeper and its target; `visit` returns whether to stop.
fn walk(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    needed: u8,
    record: &[PlayedTrick],
    mut visit: impl FnMut(&Moment, &[Card], KeepingClass, u8, Side, u8) -> bool,
) {
    let declaring = declarer.side();
    let declarer_total = record
        .iter()
        .filter(|t| t.winner.side() == declaring)
        .count() as u8;
    let makes = declarer_total >= needed;
    // The side with something to keep, and how many tricks in all.
    let (keeper, target) = if makes {
        (declaring, needed)
    } else {
        (declaring.opponents(), 14 - needed)
    };
    let trumps_at_start = Seat::ALL.map(|seat| {
        strain
            .trump()
            .map_or(0, |t| deal.hand(seat).holding(t).len())
    });
    let mut position = Position::new(deal, strain, declarer.next());
    let mut won = 0u8; // by the keeper, in completed tricks
    for (i, trick) in record.iter().enumerate() {
        for &card in trick.cards.iter() {
            let seat = position.to_play();
            // Once the target is reached every card keeps it.
            if seat.side() == keeper
                && won < target
                && let Some((cards, class)) = only_keeping_class(&position, card, target - won)
            {
                let moment = Moment {
                    position: &position,
                    card,
                    trick,
                    trick_number: i as u8 + 1,
                    record,
                    keeping: &cards,
                    declarer,
                    trumps_at_start,
                };
                if visit(&moment, &cards, class, won, keeper, target) {
                    return;
                }
            }
            if let Ok(Some(winner)) = position.play(card)
                && winner.side() == keeper
            {
                won += 1;
            }
        }
    }
}

/// The legal cards that keep the side to play at `need` more tricks (the
/// trick in progress included), and what they have in common, when they
/// are one group of equivalent cards or all of one class of `card`'s
/// (the cards that win the trick as it stands or those that let it go;
/// at a lead, one suit) and every card outside that class loses; `None`
/// otherwise or when the play is forced. `card` is known to keep it.
/// A search stops at the first keeping card outside `card`'s class.
fn only_keeping_class(
    position: &Position,
    card: Card,
    need: u8,
) -> Option<(Vec<Card>, KeepingClass)> {
    if position.legal_cards().len() < 2 {
        return None;
    }
    let leading = position.trick().is_empty();
    let wins = |c: Card| wins_now(position, c);
    let card_wins = !leading && wins(card);
    // Whether `c` is of `card`'s class.
    let same_class = |c: Card| {
        if leading {
            c.suit == card.suit
        } else {
            wins(c) == card_wins
        }
    };
    let side = position.to_play().index() & 1;
    let need = i32::from(need);
    let mut outside_keeps = false;
    let groups = per_group(position, |group, engine, next, won| {
        if group.contains(&card) {
            return true;
        }
        if outside_keeps {
            return false;
        }
        let keeps = match next {
            Some(t) => engine.can_take(t, side, need - won),
            None => won >= need,
        };
        outside_keeps = keeps && !same_class(group[0]);
        keeps
    });
    if outside_keeps || groups.len() < 2 {
        return None;
    }
    let keeping: Vec<&Vec<Card>> = groups.iter().filter(|(_, k)| *k).map(|(g, _)| g).collect();
    let class = if keeping.len() == 1 {
        KeepingClass::Equal
    } else if groups.iter().all(|(g, _)| same_class(g[0])) {
        // Several groups keep and no card lies outside their class.
        return None;
    } else if groups.iter().any(|(g, k)| same_class(g[0]) && !k) {
        // Some cards of the class lose too: the class does not decide,
        // and naming it would contradict the card that loses.
        return None;
    } else if leading {
        KeepingClass::Suit
    } else if card_wins {
        KeepingClass::WinsTrick
    } else {
        KeepingClass::LetsTrickGo
    };
    let mut cards: Vec<Card> = keeping.into_iter().flatten().copied().collect();
    super::sort_cards(&mut cards);
    Some((cards, class))
}

/// Whether `c`, played now, would win the trick as it stands for the seat
/// to play (the last card: wins it).
fn wins_now(position: &Position, c: Card) -> bool {
    let seat = position.to_play();
    let mut p = position.clone();
    match p.play(c) {
        Ok(Some(winner)) => winner == seat,
        Ok(None) => p.winning() == Some(seat),
        Err(_) => false,
    }
}

/// The best other card than `keeping` and the play after it. `won` is the
/// keeper's tricks before this trick.
fn otherwise(
    position: &Position,
    keeping: &[Card],
    declarer: Seat,
    trick: u8,
    record: &[PlayedTrick],
    won: u8,
    keeper: Side,
) -> Otherwise {
    let seat = position.to_play();
    let side = seat.index() & 1;
    let mut guess: Option<i32> = None;
    let scored = per_group(position, |group, engine, next, won_here| {
        if group.iter().any(|c| keeping.contains(c)) {
            return None;
        }
        let value = won_here
            + next.map_or(0, |t| {
                engine.exact(t, side, guess.map(|g: i32| g - won_here))
            });
        guess = Some(value);
        Some(value)
    });
    let best = scored.iter().filter_map(|(_, v)| *v).max().unwrap_or(0);
    let candidates: Vec<Card> = scored
        .iter()
        .filter(|(_, v)| *v == Some(best))
        .flat_map(|(g, _)| g.iter().copied())
        .collect();
    let card = choose(position, declarer, &candidates);

    // Declarer's tricks before this trick, from the record.
    let declaring = declarer.side();
    let before = record[..usize::from(trick - 1)]
        .iter()
        .filter(|t| t.winner.side() == declaring)
        .count() as u8;
    debug_assert_eq!(
        won,
        if keeper == declaring {
            before
        } else {
            trick - 1 - before
        }
    );
    let after = after_card(position, card, declarer, trick, before);
    debug_assert_eq!(
        after.declarer_tricks,
        before
            + if seat.side() == declaring {
                best as u8
            } else {
                position.tricks_left() - best as u8
            }
    );
    after
}

/// `card` played at `position` (trick number `trick`, declarer's side
/// having won `before` tricks) and the play after it, every later card
/// double-dummy best: what a wrong card costs, in the answer key's plan
/// and in the lesson page alike.
pub fn after_card(
    position: &Position,
    card: Card,
    declarer: Seat,
    trick: u8,
    before: u8,
) -> Otherwise {
    let declaring = declarer.side();
    let mut rest = position.clone();
    let leader = rest.leader();
    let mut on_table = rest.trick().to_vec();
    on_table.push(card);
    let mut play = Vec::with_capacity(usize::from(position.tricks_left()));
    if let Ok(Some(winner)) = rest.play(card) {
        play.push(PlayedTrick {
            leader,
            cards: [on_table[0], on_table[1], on_table[2], on_table[3]],
            winner,
        });
    }
    if rest.tricks_left() > 0 {
        play.extend(play_on(rest, declarer));
    }
    let defence_wins = play
        .iter()
        .enumerate()
        .filter(|(_, t)| t.winner.side() != declaring)
        .map(|(n, t)| TrickWon {
            trick: trick + n as u8,
            leader: t.leader,
            seat: t.winner,
            card: t.winning_card(),
        })
        .collect();
    let to_come = play.iter().filter(|t| t.winner.side() == declaring).count() as u8;
    Otherwise {
        card,
        declarer_tricks: before + to_come,
        defence_wins,
        play,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Suit;
    use crate::solver::{card_scores, play_record};

    fn deal(pbn: &str) -> Deal {
        Deal::parse_pbn(pbn).expect("a test deal")
    }

    fn card(s: &str) -> Card {
        Card::parse(s).expect("a card")
    }

    /// Declarer's tricks in `strain` with best play.
    fn dd(deal: &Deal, strain: Strain, declarer: Seat) -> u8 {
        crate::solver::declarer_tricks(deal, strain, declarer)
    }

    /// The position just before the critical card is played.
    fn position_at(
        deal: &Deal,
        strain: Strain,
        declarer: Seat,
        record: &[PlayedTrick],
        play: &CriticalPlay<()>,
    ) -> Position {
        let mut p = Position::new(deal, strain, declarer.next());
        for t in &record[..usize::from(play.trick - 1)] {
            for c in t.cards {
                p.play(c).unwrap();
            }
        }
        for &c in record[usize::from(play.trick - 1)].cards.iter() {
            if p.to_play() == play.seat {
                break;
            }
            p.play(c).unwrap();
        }
        p
    }

    /// Every critical play, checked against the solver's exact scores of
    /// every legal card: its group alone reaches the target, and the best
    /// other card gives what `otherwise` says.
    fn check_against_scores(deal: &Deal, strain: Strain, declarer: Seat, needed: u8) {
        let record = play_record(deal, strain, declarer);
        let plays = critical_plays(deal, strain, declarer, needed, &record, |_| ());
        for play in &plays {
            let p = position_at(deal, strain, declarer, &record, play);
            assert_eq!(p.to_play(), play.seat);
            let mut before = Position::new(deal, strain, declarer.next());
            let mut won = 0u8; // by the side to play at the critical moment
            'outer: for t in &record {
                for c in t.cards {
                    if before == p {
                        break 'outer;
                    }
                    if let Some(w) = before.play(c).unwrap()
                        && w.side() == play.seat.side()
                    {
                        won += 1;
                    }
                }
            }
            let scores = card_scores(&p);
            let keeping: Vec<Card> = scores
                .iter()
                .filter(|(_, s)| won + s >= play.target)
                .map(|(c, _)| *c)
                .collect();
            assert_eq!(keeping, play.cards, "trick {}: {:?}", play.trick, scores);
            let best_other = scores
                .iter()
                .filter(|(c, _)| !play.cards.contains(c))
                .map(|(_, s)| *s)
                .max()
                .unwrap();
            let other = scores
                .iter()
                .find(|(c, _)| *c == play.otherwise.card)
                .unwrap()
                .1;
            assert_eq!(other, best_other);
            let side_total = won + other;
            let declarer_total = if play.seat.side() == declarer.side() {
                side_total
            } else {
                13 - side_total
            };
            assert_eq!(play.otherwise.declarer_tricks, declarer_total);
        }
    }

    /// 3NT by South; West leads the ♥K from K-Q-J-10-6 and East, with two
    /// hearts, holds the ♦A, the one card declarer must drive out.
    const HOLD_UP: &str = "N:K84.973.KQJT.A82 QJT2.82.A764.654 A75.A54.932.KQ73 963.KQJT6.85.JT9";

    #[test]
    fn winning_the_first_heart_loses_the_hold_up_deal() {
        let d = deal(HOLD_UP);
        let (strain, declarer) = (Strain::NoTrump, Seat::South);
        // Ten tricks: the clubs break 3-3.
        assert_eq!(dd(&d, strain, declarer), 10);
        let record = play_record(&d, strain, declarer);
        assert_eq!(record[0].cards[0], card("HK"));
        let plays = critical_plays(&d, strain, declarer, 9, &record, |_| ());
        let first = plays.first().expect("a critical play");
        assert_eq!((first.trick, first.seat), (1, Seat::South));
        assert_eq!(first.cards, vec![card("H5"), card("H4")]);
        assert_eq!(first.class, KeepingClass::Equal);
        assert_eq!(first.otherwise.card, card("HA"));
        assert_eq!(first.otherwise.declarer_tricks, 8);
        // The defence takes five tricks from there: East's ♦A lets West's
        // hearts in.
        let wins = &first.otherwise.defence_wins;
        assert_eq!(wins.len(), 5);
        assert!(
            wins.iter()
                .any(|w| w.seat == Seat::East && w.card == card("DA"))
        );
        assert!(
            wins.iter()
                .filter(|w| w.seat == Seat::West && w.card.suit == Suit::Hearts)
                .count()
                >= 3
        );
        check_against_scores(&d, strain, declarer, 9);
        // In a contract of eight tricks winning the first heart is good
        // enough.
        let easy = critical_plays(&d, strain, declarer, 8, &record, |_| ());
        assert!(easy.iter().all(|p| p.trick > 1));
    }

    /// The hold-up deal with North's ♥9 and South's ♥5 changing places:
    /// South's ♥9 and ♥4 are no longer equal (West and East hold cards
    /// between them), and either lets the first trick go.
    const HOLD_UP_TWO_DUCKS: &str =
        "N:K84.753.KQJT.A82 QJT2.82.A764.654 A75.A94.932.KQ73 963.KQJT6.85.JT9";

    #[test]
    fn any_duck_is_the_hold_up_when_the_ducks_are_not_equal() {
        let d = deal(HOLD_UP_TWO_DUCKS);
        let (strain, declarer) = (Strain::NoTrump, Seat::South);
        let record = play_record(&d, strain, declarer);
        let plays = critical_plays(&d, strain, declarer, 9, &record, |_| ());
        let first = plays.first().expect("a critical play");
        assert_eq!((first.trick, first.seat), (1, Seat::South));
        assert_eq!(first.class, KeepingClass::LetsTrickGo);
        assert_eq!(first.cards, vec![card("H9"), card("H4")]);
        assert_eq!(first.otherwise.card, card("HA"));
        check_against_scores(&d, strain, declarer, 9);
    }

    /// 3NT-like hand played for all it takes: South's ♥A-Q over East's ♥K.
    const FINESSE: &str = "N:765.765.7654.AKQ 432.KJT4.JT9.JT8 AKQ.AQ.AKQ3.5432 JT98.9832.82.976";

    #[test]
    fn the_finesse_is_critical_only_with_the_king_onside() {
        let d = deal(FINESSE);
        let (strain, declarer) = (Strain::NoTrump, Seat::South);
        let tricks = dd(&d, strain, declarer);
        assert_eq!(tricks, 13);
        let record = play_record(&d, strain, declarer);
        let plays = critical_plays(&d, strain, declarer, tricks, &record, |_| ());
        let finesse = plays
            .iter()
            .find(|p| p.card == card("HQ"))
            .expect("the ♥Q is critical");
        assert_eq!(finesse.seat, Seat::South);
        assert_eq!(finesse.otherwise.declarer_tricks, 12);
        check_against_scores(&d, strain, declarer, tricks);
        // With the king on the other side the finesse cannot work, and
        // the ♥Q is never a finesse.
        let swapped = deal("N:765.765.7654.AKQ 432.JT42.JT9.JT8 AKQ.AQ.AKQ3.5432 JT98.K983.82.976");
        let tricks = dd(&swapped, strain, declarer);
        assert_eq!(tricks, 12);
        check_against_scores(&swapped, strain, declarer, tricks);
    }

    /// 3NT by South with eleven top tricks and no spade stopper: only a
    /// lead from West's ♠A-K-Q-J cashes the five tricks that beat it.
    const SPADE_LEAD: &str =
        "N:T93.AKQ.8762.876 654.JT92.JT93.T9 87.876.AKQ.AKQJ2 AKQJ2.543.54.543";

    #[test]
    fn only_a_top_spade_lead_beats_the_contract() {
        let d = deal(SPADE_LEAD);
        let (strain, declarer) = (Strain::NoTrump, Seat::South);
        assert_eq!(dd(&d, strain, declarer), 8);
        let record = play_record(&d, strain, declarer);
        let plays = critical_plays(&d, strain, declarer, 9, &record, |m| m.is_opening_lead());
        let lead = plays.first().expect("the lead is critical");
        assert_eq!((lead.trick, lead.seat), (1, Seat::West));
        assert!(lead.name);
        assert_eq!(lead.card, card("SA"));
        assert_eq!(
            lead.cards,
            vec![card("SA"), card("SK"), card("SQ"), card("SJ")]
        );
        assert_eq!(lead.target, 5);
        assert!(lead.otherwise.declarer_tricks >= 9);
        // Declarer has nothing to keep in a contract that fails.
        assert!(plays.iter().all(|p| p.seat.side() != declarer.side()));
        check_against_scores(&d, strain, declarer, 9);
        // In 2NT (eight tricks) the defence has nothing to keep.
        assert!(
            critical_plays(&d, strain, declarer, 8, &record, |_| ())
                .iter()
                .all(|p| p.seat.side() == declarer.side())
        );
    }
}
