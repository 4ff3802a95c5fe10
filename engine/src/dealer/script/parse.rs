//! The parser: statements of a `dealer` input file, and expressions with
//! C's precedence (`?:` lowest and right to left, then `||`, `&&`,
//! `==`/`!=`, the comparisons, `+`/`-`, `*`/`/`/`%`, and the unary `!`,
//! `not` and `-`), as Debian's `dealer` reads them. Named sub-expressions
//! are replaced by what they name, as `dealer` defines them.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::eval::{BinOp, Count, Expr};
use super::lex::{Pos, Tok, Token};
use super::{Action, Script, ScriptError};
use crate::bridge::{Card, Hand, Holding, Rank, Seat, Suit, Vulnerability};
use crate::dealer::shape::suit_patterns;

/// Functions minibridge evaluates, for the unknown-function hint.
const SUPPORTED: &str = "hcp, spades, hearts, diamonds, clubs, shape, hascard, control, loser, \
                         top2 … top5, tens, jacks, queens, kings, aces, c13, pt0 … pt9, quality, cccc";

/// `dealer` words minibridge knows but does not run: what each needs.
fn unsupported(word: &str) -> Option<&'static str> {
    Some(match word {
        "tricks" | "trick" => "double-dummy tricks through GIB",
        "score" => "contract scores",
        "imps" | "imp" => "IMP conversion",
        "average" | "frequency" | "printes" | "printew" | "print" | "printcompact"
        | "printhandew" | "evalcontract" => "this action",
        "pointcount" | "altcount" => "changed point counts",
        "notrump" | "notrumps" => "strains (only `tricks` uses them)",
        "rnd" => "random numbers inside a condition",
        _ => return None,
    })
}

const SEATS: &str = "north, east, south or west";
const SUITS: &str = "spades, hearts, diamonds or clubs";

/// How deep an expression may nest: parentheses, `!`, `-`, `?:` and each
/// operator of a chain (`a + b + c` is two deep) count one level. Deeper
/// input would overflow the stack of the parser and of the evaluation;
/// dealer's own scripts stay far below it.
pub const MAX_DEPTH: usize = 500;

/// How many terms an expression may hold once its names are replaced by
/// what they name: names that each double the last would otherwise grow
/// without bound.
pub const MAX_TERMS: usize = 1_000_000;

pub(super) struct Parser {
    toks: Vec<Token>,
    at: usize,
    names: BTreeMap<String, Expr>,
    /// Terms of each name's expression, names replaced.
    sizes: BTreeMap<String, usize>,
    /// The nesting of the expression being read.
    depth: usize,
    /// Terms read so far (a name counts as what it stands for).
    terms: usize,
}

fn number(word: &str) -> Option<i32> {
    if word.chars().all(|c| c.is_ascii_digit()) {
        word.parse().ok()
    } else {
        None
    }
}

impl Parser {
    pub(super) fn new(toks: Vec<Token>) -> Parser {
        Parser {
            toks,
            at: 0,
            names: BTreeMap::new(),
            sizes: BTreeMap::new(),
            depth: 0,
            terms: 0,
        }
    }

    /// One level deeper, refused past [`MAX_DEPTH`] at `pos`.
    fn deeper(&mut self, pos: Pos) -> Result<(), ScriptError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ScriptError::at(
                pos,
                format!(
                    "the expression nests deeper than {MAX_DEPTH} levels (parentheses, \
                     `!`, `-`, `?:` and chained operators)"
                ),
                Some("split it into named parts (`part = …`) or write it flatter"),
            ));
        }
        Ok(())
    }

    /// `n` more terms, refused past [`MAX_TERMS`] at `pos`.
    fn more_terms(&mut self, n: usize, pos: Pos) -> Result<(), ScriptError> {
        self.terms = self.terms.saturating_add(n);
        if self.terms > MAX_TERMS {
            return Err(ScriptError::at(
                pos,
                format!(
                    "the expression holds more than {MAX_TERMS} terms once its names are \
                     replaced by what they name"
                ),
                Some("a name stands for its whole expression each time it is used"),
            ));
        }
        Ok(())
    }

    fn peek(&self) -> &Token {
        &self.toks[self.at.min(self.toks.len() - 1)]
    }

    fn next(&mut self) -> Token {
        let t = self.peek().clone();
        if self.at < self.toks.len() - 1 {
            self.at += 1;
        }
        t
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(&self.peek().tok, Tok::Op(o) if *o == op)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(&self.peek().tok, Tok::Word(w) if w == word)
    }

    fn found(t: &Token) -> String {
        match &t.tok {
            Tok::Word(w) => format!("`{w}`"),
            Tok::Str(s) => format!("the string \"{s}\""),
            Tok::Op(o) => format!("`{o}`"),
            Tok::End => "the end of the input".into(),
        }
    }

    fn expect_op(&mut self, op: &'static str, what: &str) -> Result<Pos, ScriptError> {
        if self.is_op(op) {
            return Ok(self.next().pos);
        }
        let t = self.peek().clone();
        Err(ScriptError::at(
            t.pos,
            format!("expected `{op}` {what}, found {}", Self::found(&t)),
            None,
        ))
    }

    fn word(&mut self, what: &str, hint: Option<&str>) -> Result<(String, Pos), ScriptError> {
        let t = self.next();
        match t.tok {
            Tok::Word(w) => Ok((w, t.pos)),
            _ => Err(ScriptError::at(
                t.pos,
                format!("expected {what}, found {}", Self::found(&t)),
                hint,
            )),
        }
    }

    fn seat(&mut self) -> Result<Seat, ScriptError> {
        let (w, pos) = self.word("a seat", Some(SEATS))?;
        parse_seat(&w).ok_or_else(|| {
            ScriptError::at(
                pos,
                format!("`{w}` is not a seat"),
                Some("dealer writes a seat as a whole word in lower case"),
            )
            .expected(SEATS)
        })
    }

    fn suit(&mut self) -> Result<Suit, ScriptError> {
        let (w, pos) = self.word("a suit", None)?;
        parse_suit(&w).ok_or_else(|| {
            ScriptError::at(
                pos,
                format!("`{w}` is not a suit"),
                Some("a suit is written as a word, in lower case"),
            )
            .expected(SUITS)
        })
    }

    fn count(&mut self, what: &str) -> Result<u64, ScriptError> {
        let (w, pos) = self.word(what, None)?;
        w.parse().map_err(|_| {
            ScriptError::at(pos, format!("`{w}` is not a number"), None).expected("a whole number")
        })
    }

    // ----- statements -----

    pub(super) fn script(mut self) -> Result<Script, ScriptError> {
        let mut script = Script::default();
        let mut predeal_seen = Hand::EMPTY;
        loop {
            let t = self.peek().clone();
            let word = match &t.tok {
                Tok::End => break,
                Tok::Word(w) => w.clone(),
                Tok::Op(")") => {
                    return Err(ScriptError::at(
                        t.pos,
                        "this `)` closes no parenthesis",
                        Some("remove it, or add the `(` it belongs to"),
                    ));
                }
                _ => String::new(),
            };
            match word.as_str() {
                "generate" => {
                    self.next();
                    let pos = self.peek().pos;
                    let n = self.count("how many deals to generate")?;
                    if n > crate::dealer::MAX_ATTEMPTS {
                        return Err(ScriptError::at(
                            pos,
                            format!(
                                "`generate {n}` is more than the {} deals a search may try",
                                crate::dealer::MAX_ATTEMPTS
                            ),
                            Some("ask for fewer; a rarer condition needs a looser one"),
                        )
                        .expected("1 to 1000000000"));
                    }
                    script.generate = Some(n);
                }
                "produce" => {
                    self.next();
                    script.produce = Some(self.count("how many deals to produce")?);
                }
                "dealer" => {
                    self.next();
                    script.dealer = Some(self.seat()?);
                }
                "vulnerable" => {
                    self.next();
                    let (w, pos) = self.word("a vulnerability", None)?;
                    script.vulnerable = Some(
                        Vulnerability::parse(&w)
                            .filter(|_| {
                                ["none", "ns", "ew", "all"]
                                    .contains(&w.to_ascii_lowercase().as_str())
                            })
                            .ok_or_else(|| {
                                ScriptError::at(pos, format!("`{w}` is not a vulnerability"), None)
                                    .expected("none, NS, EW or all")
                            })?,
                    );
                }
                "predeal" => {
                    self.next();
                    let seat = self.seat()?;
                    if self.is_op(",") {
                        self.next();
                    }
                    loop {
                        let (w, pos) = self.word("a suit and its cards, e.g. SAQ542", None)?;
                        let holding = parse_holding(&w).ok_or_else(|| {
                            ScriptError::at(pos, format!("`{w}` is not a suit holding"), Some("a suit letter S, H, D or C, then the cards high to low, e.g. SAQ542"))
                        })?;
                        let (suit, h) = holding;
                        let mut hand = Hand::EMPTY;
                        hand.set_holding(suit, h);
                        if (predeal_seen & hand) != Hand::EMPTY {
                            return Err(ScriptError::at(
                                pos,
                                format!("`{w}` predeals a card that is already predealt"),
                                Some("each card can be predealt once"),
                            ));
                        }
                        predeal_seen |= hand;
                        script.predeal[seat.index()] |= hand;
                        if script.predeal[seat.index()].len() > 13 {
                            return Err(ScriptError::at(
                                pos,
                                format!("{seat} is predealt more than 13 cards"),
                                None,
                            ));
                        }
                        let more = self.is_op(",")
                            && matches!(&self.toks.get(self.at + 1).map(|t| &t.tok), Some(Tok::Word(w)) if parse_holding(w).is_some());
                        if !more {
                            break;
                        }
                        self.next();
                    }
                }
                "condition" => {
                    self.next();
                    script.condition = Some(self.expr()?);
                }
                "action" => {
                    self.next();
                    loop {
                        let (w, pos) = self.word("an action", None)?;
                        script.action = match w.as_str() {
                            "printall" => Action::PrintAll,
                            "printoneline" => Action::PrintOneLine,
                            "printpbn" => Action::PrintPbn,
                            other => {
                                let mut e = outside(other, pos)
                                    .expected("printall, printoneline or printpbn");
                                e.hint = Some(
                                    "minibridge prints the deals; averages, frequencies and other reports need another tool"
                                        .into(),
                                );
                                return Err(e);
                            }
                        };
                        if !self.is_op(",") {
                            break;
                        }
                        self.next();
                    }
                }
                _ if self.at_definition() => self.definition()?,
                _ => {
                    // `condition` may be left out.
                    script.condition = Some(self.expr()?);
                }
            }
        }
        Ok(script)
    }

    /// Whether the next tokens start `name = expression`.
    fn at_definition(&self) -> bool {
        matches!(&self.peek().tok, Tok::Word(w) if !w.is_empty())
            && matches!(
                self.toks.get(self.at + 1).map(|t| &t.tok),
                Some(Tok::Op("="))
            )
    }

    /// `name = expression`: later expressions may use the name.
    fn definition(&mut self) -> Result<(), ScriptError> {
        let t = self.next();
        let (Tok::Word(word), pos) = (t.tok.clone(), t.pos) else {
            unreachable!("at_definition saw a word");
        };
        if is_reserved(&word) {
            return Err(ScriptError::at(
                pos,
                format!("`{word}` is a word of the dealer language and cannot be a name"),
                Some("choose another name"),
            ));
        }
        self.next();
        let before = self.terms;
        let e = self.expr()?;
        self.sizes.insert(word.clone(), self.terms - before);
        self.names.insert(word, e);
        Ok(())
    }

    /// The named sub-expressions before a lone expression (a lesson's
    /// `condition:` may define names as a script does).
    pub(super) fn definitions(&mut self) -> Result<(), ScriptError> {
        while self.at_definition() {
            self.definition()?;
        }
        Ok(())
    }

    /// After a lone expression: nothing may follow.
    pub(super) fn finish(&mut self) -> Result<(), ScriptError> {
        let t = self.peek().clone();
        match t.tok {
            Tok::End => Ok(()),
            Tok::Op(")") => Err(ScriptError::at(
                t.pos,
                "this `)` closes no parenthesis",
                Some("remove it, or add the `(` it belongs to"),
            )),
            _ => Err(ScriptError::at(
                t.pos,
                format!(
                    "expected an operator or the end of the condition, found {}",
                    Self::found(&t)
                ),
                Some("join conditions with && or ||"),
            )),
        }
    }

    // ----- expressions -----

    pub(super) fn expr(&mut self) -> Result<Expr, ScriptError> {
        let pos = self.peek().pos;
        self.deeper(pos)?;
        let c = self.or()?;
        let e = if self.is_op("?") {
            let pos = self.next().pos;
            self.more_terms(1, pos)?;
            let a = self.expr()?;
            self.expect_op(":", "between the two values of `?:`")?;
            let b = self.expr()?;
            Expr::If(Box::new(c), Box::new(a), Box::new(b))
        } else {
            c
        };
        self.depth -= 1;
        Ok(e)
    }

    /// A chain of one operator level: each operator one level deeper (the
    /// tree leans left), the levels given back at its end.
    fn chain(
        &mut self,
        op: impl Fn(&Parser) -> Option<BinOp>,
        next: fn(&mut Parser) -> Result<Expr, ScriptError>,
    ) -> Result<Expr, ScriptError> {
        let mut e = next(self)?;
        let mut levels = 0;
        while let Some(op) = op(self) {
            let pos = self.next().pos;
            self.deeper(pos)?;
            self.more_terms(1, pos)?;
            levels += 1;
            e = Expr::bin(op, e, next(self)?);
        }
        self.depth -= levels;
        Ok(e)
    }

    fn or(&mut self) -> Result<Expr, ScriptError> {
        self.chain(
            |p| (p.is_op("||") || p.is_word("or")).then_some(BinOp::Or),
            Parser::and,
        )
    }

    fn and(&mut self) -> Result<Expr, ScriptError> {
        self.chain(
            |p| (p.is_op("&&") || p.is_word("and")).then_some(BinOp::And),
            Parser::equality,
        )
    }

    fn binary_level(
        &mut self,
        ops: &[(&str, BinOp)],
        next: fn(&mut Parser) -> Result<Expr, ScriptError>,
    ) -> Result<Expr, ScriptError> {
        self.chain(
            |p| {
                ops.iter()
                    .find(|(text, _)| p.is_op(text))
                    .map(|&(_, op)| op)
            },
            next,
        )
    }

    fn equality(&mut self) -> Result<Expr, ScriptError> {
        self.binary_level(&[("==", BinOp::Eq), ("!=", BinOp::Ne)], Parser::relation)
    }

    fn relation(&mut self) -> Result<Expr, ScriptError> {
        self.binary_level(
            &[
                ("<=", BinOp::Le),
                (">=", BinOp::Ge),
                ("<", BinOp::Lt),
                (">", BinOp::Gt),
            ],
            Parser::sum,
        )
    }

    fn sum(&mut self) -> Result<Expr, ScriptError> {
        self.binary_level(&[("+", BinOp::Add), ("-", BinOp::Sub)], Parser::product)
    }

    fn product(&mut self) -> Result<Expr, ScriptError> {
        self.binary_level(
            &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
            Parser::unary,
        )
    }

    fn unary(&mut self) -> Result<Expr, ScriptError> {
        let negates = self.is_op("!") || self.is_word("not");
        if !negates && !self.is_op("-") {
            return self.primary();
        }
        let pos = self.next().pos;
        self.deeper(pos)?;
        self.more_terms(1, pos)?;
        let inner = self.unary()?;
        self.depth -= 1;
        Ok(match inner {
            e if negates => Expr::Not(Box::new(e)),
            Expr::Num(n) => Expr::Num(n.wrapping_neg()),
            e => Expr::Neg(Box::new(e)),
        })
    }

    fn primary(&mut self) -> Result<Expr, ScriptError> {
        let t = self.next();
        self.more_terms(1, t.pos)?;
        match t.tok {
            Tok::Op("(") => {
                let e = self.expr()?;
                if !self.is_op(")") {
                    let found = self.peek().clone();
                    return Err(ScriptError::at(
                        t.pos,
                        format!(
                            "this `(` is never closed (found {} where `)` belongs)",
                            Self::found(&found)
                        ),
                        Some("add the missing `)`"),
                    ));
                }
                self.next();
                Ok(e)
            }
            Tok::Word(w) => {
                if let Some(n) = number(&w) {
                    return Ok(Expr::Num(n));
                }
                if w.chars().all(|c| c.is_ascii_digit()) {
                    return Err(ScriptError::at(
                        t.pos,
                        format!("{w} is too large: numbers go up to {}", i32::MAX),
                        Some(
                            "the dealer language counts in 32-bit whole numbers, as `dealer` does",
                        ),
                    ));
                }
                if self.is_op("(") {
                    let open = self.next().pos;
                    let e = self.call(&w, t.pos)?;
                    if !self.is_op(")") {
                        let found = self.peek().clone();
                        return Err(ScriptError::at(
                            open,
                            format!(
                                "this `(` of `{w}` is never closed (found {} where `)` belongs)",
                                Self::found(&found)
                            ),
                            Some("add the missing `)`"),
                        ));
                    }
                    self.next();
                    return Ok(e);
                }
                if self.names.contains_key(&w) {
                    // Counted before it is copied into the expression.
                    let size = self.sizes.get(&w).copied().unwrap_or(1);
                    self.more_terms(size, t.pos)?;
                    return Ok(self.names[&w].clone());
                }
                if let Some(what) = unsupported(&w) {
                    return Err(outside(&w, t.pos).hint_text(what));
                }
                if is_function(&w) {
                    return Err(ScriptError::at(
                        t.pos,
                        format!("`{w}` needs its arguments in parentheses"),
                        Some("e.g. hcp(north)"),
                    ));
                }
                Err(ScriptError::at(
                    t.pos,
                    format!("unknown name `{w}`"),
                    Some("define it first with `name = expression`, or check the spelling"),
                ))
            }
            _ => Err(ScriptError::at(
                t.pos,
                format!("expected a value, found {}", Self::found(&t)),
                Some(
                    "a number, a function such as hcp(north), a name, or an expression in parentheses",
                ),
            )),
        }
    }

    /// A function call after its `(`; leaves the `)` for the caller.
    fn call(&mut self, name: &str, pos: Pos) -> Result<Expr, ScriptError> {
        let suit_count = |count: Count, p: &mut Parser| -> Result<Expr, ScriptError> {
            let seat = p.seat()?;
            let suit = if p.is_op(",") {
                p.next();
                Some(p.suit()?)
            } else {
                None
            };
            Ok(Expr::count(count, seat, suit))
        };
        let count = match name {
            "hcp" | "hcps" => Some(Count::Hcp),
            "control" | "controls" => Some(Count::Controls),
            "loser" | "losers" => Some(Count::Losers),
            "top2" | "pt5" => Some(Count::Top(2)),
            "top3" | "pt6" => Some(Count::Top(3)),
            "top4" | "pt7" => Some(Count::Top(4)),
            "top5" | "pt8" => Some(Count::Top(5)),
            "tens" | "pt0" => Some(Count::Rank(10)),
            "jack" | "jacks" | "pt1" => Some(Count::Rank(11)),
            "queen" | "queens" | "pt2" => Some(Count::Rank(12)),
            "king" | "kings" | "pt3" => Some(Count::Rank(13)),
            "ace" | "aces" | "pt4" => Some(Count::Rank(14)),
            "c13" | "pt9" => Some(Count::C13),
            _ => None,
        };
        if let Some(c) = count {
            return suit_count(c, self);
        }
        if let Some(suit) = parse_suit(name) {
            let seat = self.seat()?;
            return Ok(Expr::Length {
                seat: seat.index(),
                lane: suit.index(),
            });
        }
        match name {
            "quality" => {
                let seat = self.seat()?;
                self.expect_op(",", "and a suit: quality(seat, suit)")?;
                let suit = self.suit()?;
                Ok(Expr::count(Count::Quality, seat, Some(suit)))
            }
            "cccc" => Ok(Expr::cccc(self.seat()?)),
            "hascard" => {
                let seat = self.seat()?;
                self.expect_op(",", "and a card: hascard(seat, card)")?;
                let (w, p) = self.word("a card", None)?;
                let card = parse_card(&w).ok_or_else(|| {
                    ScriptError::at(
                        p,
                        format!("`{w}` is not a card"),
                        Some("the rank, then the suit: AS, TC, 2D"),
                    )
                })?;
                Ok(Expr::HasCard {
                    seat: seat.index(),
                    bit: card.bit(),
                })
            }
            "shape" => {
                let seat = self.seat()?;
                self.expect_op(",", "and the shapes: shape(seat, any 4333 + 5xxx)")?;
                self.shape(seat)
            }
            other => {
                if let Some(what) = unsupported(other) {
                    return Err(outside(other, pos).hint_text(what));
                }
                Err(ScriptError::at(
                    pos,
                    format!("unknown function `{other}`"),
                    Some("check the spelling: dealer's function names are lower case, e.g. hcp(north)"),
                )
                .expected(SUPPORTED))
            }
        }
    }

    /// `any 4333 + 5xxx - any 0xxx`, left to right: `+` adds patterns,
    /// `-` removes them from what the list has so far.
    fn shape(&mut self, seat: Seat) -> Result<Expr, ScriptError> {
        let mut table = [0u64; 43];
        let mut text = String::new();
        let mut sign = '+';
        loop {
            let mut any = false;
            let (mut w, mut pos) = self.word("a shape such as 4333 or 5xxx", None)?;
            if w == "any" {
                any = true;
                (w, pos) = self.word("a shape after `any`", None)?;
            }
            let want = parse_pattern(&w).ok_or_else(|| {
                ScriptError::at(pos, format!("`{w}` is not a shape"), Some("four lengths, spades first, x for any: 4333, 5xxx, 55xx; `any` before it lets the suits come in any order"))
            })?;
            let fixed: u32 = want.iter().flatten().map(|d| u32::from(*d)).sum();
            let open = want.iter().filter(|d| d.is_none()).count();
            if (open == 0 && fixed != 13) || fixed > 13 {
                return Err(ScriptError::at(
                    pos,
                    format!("the shape `{w}` has {fixed} cards"),
                    Some("a hand holds 13 cards: the lengths add up to 13, or to less with an x"),
                ));
            }
            let spec = crate::dealer::ShapeSpec::Lengths {
                lengths: want,
                any_order: any,
            };
            for l @ [s, h, d, _] in suit_patterns() {
                if spec.matches(l) {
                    let i = (s * 196 + h * 14 + d) as usize;
                    if sign == '+' {
                        table[i / 64] |= 1u64 << (i % 64);
                    } else {
                        table[i / 64] &= !(1u64 << (i % 64));
                    }
                }
            }
            if !text.is_empty() {
                text.push_str(&format!(" {sign} "));
            }
            if any {
                text.push_str("any ");
            }
            text.push_str(&w);
            if self.is_op("+") {
                sign = '+';
            } else if self.is_op("-") {
                sign = '-';
            } else {
                break;
            }
            self.next();
        }
        Ok(Expr::Shape {
            seat: seat.index(),
            table: Arc::new(table),
            text: text.into(),
        })
    }
}

fn outside(word: &str, pos: Pos) -> ScriptError {
    ScriptError::at(
        pos,
        format!("`{word}` is outside the part of the dealer language minibridge runs"),
        None,
    )
}

fn parse_seat(w: &str) -> Option<Seat> {
    Some(match w {
        "north" => Seat::North,
        "east" => Seat::East,
        "south" => Seat::South,
        "west" => Seat::West,
        _ => return None,
    })
}

fn parse_suit(w: &str) -> Option<Suit> {
    Some(match w {
        "spade" | "spades" => Suit::Spades,
        "heart" | "hearts" => Suit::Hearts,
        "diamond" | "diamonds" => Suit::Diamonds,
        "club" | "clubs" => Suit::Clubs,
        _ => return None,
    })
}

fn is_function(w: &str) -> bool {
    parse_suit(w).is_some()
        || matches!(
            w,
            "hcp"
                | "hcps"
                | "control"
                | "controls"
                | "loser"
                | "losers"
                | "top2"
                | "top3"
                | "top4"
                | "top5"
                | "tens"
                | "jack"
                | "jacks"
                | "queen"
                | "queens"
                | "king"
                | "kings"
                | "ace"
                | "aces"
                | "c13"
                | "quality"
                | "cccc"
                | "hascard"
                | "shape"
        )
        || (w.len() == 3 && w.starts_with("pt") && w.as_bytes()[2].is_ascii_digit())
}

fn is_reserved(w: &str) -> bool {
    is_function(w)
        || parse_seat(w).is_some()
        || unsupported(w).is_some()
        || matches!(
            w,
            "generate"
                | "produce"
                | "dealer"
                | "vulnerable"
                | "predeal"
                | "condition"
                | "action"
                | "and"
                | "or"
                | "not"
                | "any"
                | "printall"
                | "printoneline"
                | "printpbn"
        )
}

/// `SAQ542`: a suit letter and its cards.
fn parse_holding(w: &str) -> Option<(Suit, Holding)> {
    let mut chars = w.chars();
    let suit = Suit::from_char(chars.next()?)?;
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.chars().all(|c| Rank::from_char(c).is_some()) {
        return None;
    }
    Some((suit, Holding::parse(&rest)?))
}

/// `TC`: rank then suit, as `dealer`'s `hascard` takes it.
fn parse_card(w: &str) -> Option<Card> {
    let mut chars = w.chars();
    let rank = Rank::from_char(chars.next()?)?;
    let suit = Suit::from_char(chars.next()?)?;
    chars.next().is_none().then(|| Card::new(suit, rank))
}

/// `4333`, `5xxx`: four lengths, `None` for x.
fn parse_pattern(w: &str) -> Option<[Option<u8>; 4]> {
    let chars: Vec<char> = w.chars().collect();
    if chars.len() != 4 {
        return None;
    }
    let mut out = [None; 4];
    for (slot, c) in out.iter_mut().zip(chars) {
        *slot = match c {
            'x' | 'X' => None,
            d => Some(d.to_digit(10)? as u8),
        };
    }
    Some(out)
}
