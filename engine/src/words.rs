//! The catalogue of words: every sentence the program prints about a deal,
//! in each language the handouts speak.
//!
//! The rules never word anything. They say what they mean as a [`Message`]:
//! a key and named arguments typed as bridge values ([`Arg::Seat`],
//! [`Arg::Suit`], a count of tricks …). A [`Catalogue`] turns a message into
//! text for one [`Language`], reading the key's wording from
//! `engine/i18n/<language>.yaml` (data a teacher can correct, compiled
//! in) and wording each argument the language's own way: `Ost` and `O` for
//! East in German, `Ouest` and `O` for West in French, `SA` for no trumps.
//! Handouts, the JSON `text` fields and the terminal all go through here,
//! so a sentence has one wording per language and nowhere else.
//!
//! Invariants, held by the tests below: every language file has exactly
//! the keys of `en.yaml`, and a translation uses only placeholders the
//! English text has. A key a file lacks all the same prints the English
//! text, and a key nobody has prints itself, so a slip shows on the page.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::bridge::{Card, Holding, Rank, Seat, Side, Strain, Suit};

const EN: &str = include_str!("../i18n/en.yaml");
const DE: &str = include_str!("../i18n/de.yaml");
const FR: &str = include_str!("../i18n/fr.yaml");
const NL: &str = include_str!("../i18n/nl.yaml");

/// The language handouts are printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    En,
    De,
    Fr,
    Nl,
}

impl Language {
    pub const ALL: [Language; 4] = [Language::En, Language::De, Language::Fr, Language::Nl];

    pub fn parse(s: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
    }

    pub const fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Fr => "fr",
            Language::Nl => "nl",
        }
    }

    const fn source(self) -> &'static str {
        match self {
            Language::En => EN,
            Language::De => DE,
            Language::Fr => FR,
            Language::Nl => NL,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// Something to say: a catalogue key and its named arguments. The key's
/// text names the arguments in braces (`{side} hold {hcp} points`); a
/// language may leave some out or put them in another order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message {
            key,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn with(mut self, name: &'static str, arg: impl Into<Arg>) -> Message {
        self.args.push((name, arg.into()));
        self
    }
}

/// One argument of a message, typed so each language words it its own way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Number(u32),
    /// A seat by its name: `North`, `Nord`, `Noord`.
    Seat(Seat),
    /// A seat by its compass letter: `E`, `O`.
    Letter(Seat),
    Side(Side),
    /// A suit named in the plural, as trumps and fits are: `spades`.
    Suit(Suit),
    /// A suit or no trumps, by name.
    Strain(Strain),
    /// A number of tricks with its noun: `1 trick`, `9 Stiche`.
    Tricks(u32),
    /// A bid or contract as written: `4♠`, `3SA`, `9♥`.
    Call(u8, Strain),
    /// Another message worded in place (a contract inside advice).
    Words(Message),
    /// A card as the class writes it: `♥D` in German, `♥10`.
    Card(Card),
    /// Cards of one suit, high to low, in the class's letters and joined by
    /// the separator: `K-D-B`, or `♥KB1074` with the suit's symbol.
    Cards {
        suit: Option<Suit>,
        holding: Holding,
        separator: &'static str,
    },
    /// Text that reads the same in every language: a score.
    Verbatim(String),
    /// Several arguments worded in turn and joined by the text of the
    /// catalogue key `separator` (`sep_list` is `, `).
    List {
        items: Vec<Arg>,
        separator: &'static str,
    },
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(n)
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Number(u32::from(n))
    }
}

impl From<Seat> for Arg {
    fn from(s: Seat) -> Arg {
        Arg::Seat(s)
    }
}

impl From<Side> for Arg {
    fn from(s: Side) -> Arg {
        Arg::Side(s)
    }
}

impl From<Suit> for Arg {
    fn from(s: Suit) -> Arg {
        Arg::Suit(s)
    }
}

impl From<Strain> for Arg {
    fn from(s: Strain) -> Arg {
        Arg::Strain(s)
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Words(m)
    }
}

/// The words of one language.
#[derive(Debug)]
pub struct Catalogue {
    language: Language,
    texts: BTreeMap<String, String>,
}

/// The English text of `key`, under another language's missing one.
#[cfg(not(target_arch = "wasm32"))]
fn english_text(key: &str) -> Option<&'static String> {
    Catalogue::english().texts.get(key)
}

/// In the lesson page the texts come whole ([`Catalogue::from_texts`]):
/// nothing falls back, and the compiled-in files stay out of the module.
#[cfg(target_arch = "wasm32")]
fn english_text(_: &str) -> Option<&'static String> {
    None
}

fn parse(source: &str) -> BTreeMap<String, String> {
    // The files are ours and a unit test reads each one, so a broken one is
    // a build defect; an empty map still prints (English, or the keys).
    serde_saphyr::from_str(source).unwrap_or_default()
}

/// French elision before a word that begins with a vowel: "de Est" is
/// written "d’Est", "que Ouest" "qu’Ouest". Only the words a placeholder
/// follows are elided, so a catalogue text keeps its own spelling.
fn elide(out: &mut String, next: &str) {
    const VOWELS: &str = "AEIOUYÀÂÉÈÊÎÔŒaeiouyàâéèêîôœ";
    if !next.chars().next().is_some_and(|c| VOWELS.contains(c)) {
        return;
    }
    for (word, elided) in [("de ", "d’"), ("que ", "qu’")] {
        if let Some(before) = out.strip_suffix(word)
            && before
                .chars()
                .last()
                .is_none_or(|c| c.is_whitespace() || c == '(')
        {
            let keep = before.len();
            out.truncate(keep);
            out.push_str(elided);
            return;
        }
    }
}

impl Catalogue {
    /// The catalogue of `language`, read once.
    pub fn of(language: Language) -> &'static Catalogue {
        static ALL: [OnceLock<Catalogue>; 4] = [const { OnceLock::new() }; 4];
        ALL[language.index()].get_or_init(|| Catalogue {
            language,
            texts: parse(language.source()),
        })
    }

    /// A catalogue of the texts given, whole: every key the messages use,
    /// English under the language's own ([`Catalogue::map`] of another
    /// catalogue). The lesson page hands its engine the texts it carries,
    /// so the WebAssembly module needs no YAML reader of its own.
    pub fn from_texts(language: Language, texts: BTreeMap<String, String>) -> Catalogue {
        Catalogue { language, texts }
    }

    /// The English catalogue: JSON `text` fields and the terminal use it.
    pub fn english() -> &'static Catalogue {
        Catalogue::of(Language::En)
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// The text of `key` in this language, else in English.
    pub fn lookup(&self, key: &str) -> Option<&str> {
        self.texts
            .get(key)
            .or_else(|| match self.language {
                Language::En => None,
                _ => english_text(key),
            })
            .map(String::as_str)
    }

    /// The text of `key`, or the key itself so a missing text is visible.
    pub fn get(&self, key: &str) -> String {
        self.lookup(key).unwrap_or(key).to_string()
    }

    /// Every text (English under the language's own), for templates.
    pub fn map(&self) -> BTreeMap<String, String> {
        let mut all = match self.language {
            Language::En => BTreeMap::new(),
            _ => Catalogue::english().texts.clone(),
        };
        all.extend(self.texts.iter().map(|(k, v)| (k.clone(), v.clone())));
        all
    }

    /// `message` in this language. A placeholder without an argument is
    /// left as written, so the slip shows.
    pub fn word(&self, message: &Message) -> String {
        let text = self.get(message.key);
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let arg = after.find('}').and_then(|close| {
                let name = &after[..close];
                let arg = message.args.iter().find(|(n, _)| *n == name)?;
                Some((close, &arg.1))
            });
            match arg {
                Some((close, arg)) => {
                    let text = self.arg(arg);
                    if self.language == Language::Fr {
                        elide(&mut out, &text);
                    }
                    out.push_str(&text);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// One argument in this language's words.
    pub fn arg(&self, arg: &Arg) -> String {
        match arg {
            Arg::Number(n) => n.to_string(),
            Arg::Seat(s) => self.seat(*s),
            Arg::Letter(s) => self.letter(*s),
            Arg::Side(s) => self.side(*s),
            Arg::Suit(s) => self.suit(*s),
            Arg::Strain(s) => self.strain(*s),
            Arg::Tricks(1) => self.get("tricks_one"),
            Arg::Tricks(n) => self.word(&Message::new("tricks_many").with("n", *n)),
            Arg::Call(n, strain) => format!("{n}{}", self.strain_mark(*strain)),
            Arg::Words(m) => self.word(m),
            Arg::Card(c) => format!("{}{}", c.suit.symbol(), self.rank(c.rank)),
            Arg::Cards {
                suit,
                holding,
                separator,
            } => {
                let ranks: Vec<String> = holding.ranks().map(|r| self.rank(r)).collect();
                let symbol = suit.map_or(String::new(), |s| s.symbol().to_string());
                format!("{symbol}{}", ranks.join(separator))
            }
            Arg::Verbatim(s) => s.clone(),
            Arg::List { items, separator } => {
                let words: Vec<String> = items.iter().map(|a| self.arg(a)).collect();
                words.join(&self.get(separator))
            }
        }
    }

    /// A rank in the class's letters (`ranks`: "A K D B"), `10` for the ten.
    pub fn rank(&self, r: Rank) -> String {
        let letters = self.get("ranks");
        let honours: Vec<&str> = letters.split_whitespace().collect();
        match r.value() {
            11..=14 if honours.len() == 4 => honours[(14 - r.value()) as usize].to_string(),
            10 => "10".to_string(),
            _ => r.letter().to_string(),
        }
    }

    pub fn seat(&self, s: Seat) -> String {
        self.get(&format!("seat_{}", s.letter()))
    }

    /// The seat's compass letter in this language.
    pub fn letter(&self, s: Seat) -> String {
        self.get(&format!("letter_{}", s.letter()))
    }

    pub fn side(&self, s: Side) -> String {
        self.get(&format!("side_{}", s.code()))
    }

    pub fn suit(&self, s: Suit) -> String {
        self.get(&format!("suit_{}", s.letter()))
    }

    pub fn strain(&self, s: Strain) -> String {
        match s {
            Strain::NoTrump => self.get("notrumps"),
            Strain::Suit(s) => self.suit(s),
        }
    }

    /// A strain as a bid writes it: a suit symbol, or `NT`, `SA`.
    pub fn strain_mark(&self, s: Strain) -> String {
        match s {
            Strain::NoTrump => self.get("nt"),
            Strain::Suit(s) => s.symbol().to_string(),
        }
    }
}

/// `message` in English (JSON `text` fields, the terminal).
pub fn english(message: &Message) -> String {
    Catalogue::english().word(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        text.split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect()
    }

    #[test]
    fn every_language_has_exactly_the_english_keys() {
        let en = parse(EN);
        assert!(en.len() > 50, "en.yaml did not parse");
        for language in [Language::De, Language::Fr, Language::Nl] {
            let own: BTreeMap<String, String> =
                serde_saphyr::from_str(language.source()).expect("the file parses");
            let missing: Vec<&String> = en.keys().filter(|k| !own.contains_key(*k)).collect();
            let extra: Vec<&String> = own.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}.yaml lacks {missing:?} and has keys English lacks: {extra:?}",
                language.code()
            );
        }
    }

    #[test]
    fn translations_use_only_the_english_placeholders() {
        let en = parse(EN);
        for language in [Language::De, Language::Fr, Language::Nl] {
            for (key, text) in parse(language.source()) {
                let english = placeholders(en.get(&key).map_or("", String::as_str));
                for p in placeholders(&text) {
                    assert!(
                        english.contains(&p),
                        "{}.yaml `{key}` uses {{{p}}}, which the English text lacks",
                        language.code()
                    );
                }
            }
        }
    }

    #[test]
    fn arguments_are_worded_in_the_language() {
        let m = Message::new("r_trump_fit")
            .with("side", Side::EastWest)
            .with("suit", Suit::Spades)
            .with("cards", 9u32);
        assert_eq!(
            Catalogue::of(Language::Fr).word(&m),
            "Est–Ouest ont 9 piques\u{a0}: les piques sont atout"
        );
        let de = Catalogue::of(Language::De);
        assert_eq!(de.letter(Seat::East), "O");
        assert_eq!(de.get("ranks"), "A K D B");
        assert_eq!(Catalogue::of(Language::Nl).get("ranks"), "A H V B");
        assert_eq!(Catalogue::of(Language::Fr).letter(Seat::West), "O");
        assert_eq!(Catalogue::of(Language::Nl).letter(Seat::South), "Z");
        assert_eq!(de.arg(&Arg::Call(3, Strain::NoTrump)), "3SA");
        assert_eq!(de.arg(&Arg::Tricks(1)), "1 Stich");
        assert_eq!(
            english(&Message::new("tricks_many").with("n", 9u32)),
            "9 tricks"
        );
    }

    /// French elides "de" and "que" before a seat that begins with a vowel
    /// (issue 29: "de Est" read wrong), and only there.
    #[test]
    fn french_elides_before_a_vowel() {
        let fr = Catalogue::of(Language::Fr);
        let m = |seat| {
            Message::new("c_why_finesse")
                .with("a_seat", seat)
                .with("a", Arg::Verbatim("♥K".into()))
                .with("b_seat", Seat::South)
                .with("b", Arg::Verbatim("♥2".into()))
                .with("declarer", Seat::South)
                .with("tricks", Arg::Tricks(6))
                .with("result", Arg::Verbatim("1".into()))
        };
        assert!(
            fr.word(&m(Seat::East))
                .contains("(♥K d’Est et ♥2 de Sud changeant")
        );
        assert!(
            fr.word(&m(Seat::West))
                .contains("(♥K d’Ouest et ♥2 de Sud changeant")
        );
        assert!(
            fr.word(&m(Seat::North))
                .contains("(♥K de Nord et ♥2 de Sud changeant")
        );
        let more = Message::new("a_declarer_more")
            .with("declarer", Seat::West)
            .with("dummy", Seat::East)
            .with("hcp", 14u32)
            .with("other", 11u32);
        assert!(
            fr.word(&more)
                .starts_with("Ouest a plus de points qu’Est (")
        );
        // Other languages keep their words as written.
        let de = Catalogue::of(Language::De).word(&m(Seat::East));
        assert!(!de.contains('’'), "{de}");
    }

    /// French sets a non-breaking space before every colon of its
    /// catalogue, and no other kind of space (issue 29).
    #[test]
    fn french_colons_have_a_non_breaking_space() {
        for (key, text) in parse(Language::Fr.source()) {
            for (i, _) in text.match_indices(':') {
                assert!(
                    text[..i].ends_with('\u{a0}'),
                    "fr.yaml `{key}`: no non-breaking space before a colon in {text:?}"
                );
                assert!(
                    !text[..i]
                        .trim_end_matches('\u{a0}')
                        .ends_with([' ', '\u{202f}']),
                    "fr.yaml `{key}`: an ordinary space before a colon in {text:?}"
                );
            }
        }
    }

    #[test]
    fn a_missing_argument_or_key_shows() {
        let en = Catalogue::english();
        assert_eq!(en.word(&Message::new("a_sure")), "{total} sure tricks");
        assert_eq!(en.word(&Message::new("no_such_key")), "no_such_key");
        // Braces in an argument are not read again.
        let m = Message::new("a_sure").with("total", Arg::Verbatim("{total}".into()));
        assert_eq!(en.word(&m), "{total} sure tricks");
    }

    #[test]
    fn language_codes_round_trip() {
        for l in Language::ALL {
            assert_eq!(Language::parse(l.code()), Some(l));
        }
        assert_eq!(Language::parse(" DE "), Some(Language::De));
        assert_eq!(Language::parse("es"), None);
    }
}
