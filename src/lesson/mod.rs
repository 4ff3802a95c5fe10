//! Lesson files: the YAML a teacher writes, checked and turned into a
//! validated [`Lesson`].
//!
//! Two steps, so each stays simple: [`raw`] reads the YAML into types that
//! mirror it (unknown keys rejected, every value with its position), then
//! [`validate`] merges per-board overrides, checks that the constraints can
//! hold together and builds the dealer's [`Constraints`]. Every problem comes
//! back as a [`LessonError`] that points at the file, line and column.
//!
//! The lesson module does no I/O beyond [`load`] and reading the file a
//! lesson's `deals_from:` names (relative to the lesson file); the YAML
//! crate is `serde-saphyr` (pure Rust, positions on every value and error).

mod error;
mod evaluation;
pub mod files;
mod holding;
mod imported;
pub mod raw;
mod validate;
pub mod values;

use std::path::Path;

pub use error::{LessonError, LessonErrorKind};

use crate::bridge::{Board, Deal, Seat, Vulnerability};
use crate::dealer::Constraints;
use crate::rules::RuleSpec;
use crate::rules::{Rules, Ruleset};

/// A question a worksheet can ask (the handouts' question bank); the
/// answer key answers each in `render::view`, one arm per question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    Hcp,
    Announce,
    DeclaringSide,
    DeclarerDummy,
    Leader,
    Lead,
    SureTricks,
    Contract,
    Game,
    ExtraTricks,
    Score,
    Bid,
}

impl Question {
    pub const ALL: [Question; 12] = [
        Question::Hcp,
        Question::Announce,
        Question::DeclaringSide,
        Question::DeclarerDummy,
        Question::Leader,
        Question::Lead,
        Question::SureTricks,
        Question::Contract,
        Question::Game,
        Question::ExtraTricks,
        Question::Score,
        Question::Bid,
    ];

    /// The codes of [`Question::ALL`] as messages list them.
    pub const NAMES: &'static str = "hcp, announce, declaring_side, declarer_dummy, leader, lead, sure_tricks, contract, game, extra_tricks, score or bid";

    /// The nine questions of the exercise in seed 000, in its order: the default.
    pub const DEFAULT: [Question; 9] = [
        Question::Hcp,
        Question::Announce,
        Question::DeclaringSide,
        Question::DeclarerDummy,
        Question::Leader,
        Question::Lead,
        Question::SureTricks,
        Question::Game,
        Question::ExtraTricks,
    ];

    /// The name a lesson's `questions:` uses (and the text key `q_<code>`).
    pub const fn code(self) -> &'static str {
        match self {
            Question::Hcp => "hcp",
            Question::Announce => "announce",
            Question::DeclaringSide => "declaring_side",
            Question::DeclarerDummy => "declarer_dummy",
            Question::Leader => "leader",
            Question::Lead => "lead",
            Question::SureTricks => "sure_tricks",
            Question::Contract => "contract",
            Question::Game => "game",
            Question::ExtraTricks => "extra_tricks",
            Question::Score => "score",
            Question::Bid => "bid",
        }
    }

    pub fn parse(s: &str) -> Option<Question> {
        Question::ALL
            .into_iter()
            .find(|q| q.code().eq_ignore_ascii_case(s.trim()))
    }
}

/// A file `build` can write for a lesson (`outputs:`), and `deal --format`
/// can print where it needs no answer key: the handouts, the lesson page and
/// the deal files. Its name, file and whether a lesson gets it by default
/// are here; what writes it is the outputs registry's
/// (`outputs::writer`), whose match makes the compiler ask for a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Handout {
    Worksheet,
    Answers,
    HandRecords,
    Labels,
    CurtainCards,
    ScoreSheets,
    /// `lesson.html`: every board on a screen, the projector and a phone.
    LessonHtml,
    /// `crib.pdf`: the rule system on one page for the student's pocket.
    Crib,
    /// `travellers.pdf`: one per board, a row per table (duplicate).
    Travellers,
    /// `pickup-slips.pdf`: a slip per table and board for the scorer.
    PickupSlips,
    /// `deals.pbn`: PBN 2.1, with the answer key's play where it has one.
    Pbn,
    /// `deals.lin`: the boards as Bridge Base Online loads them.
    Lin,
    /// `deals.dlm`: Duplimate dealing machines (boards 1 to 99).
    Dlm,
    /// `deals.json`: one object per board.
    Json,
}

/// What the program says of one output kind.
pub struct OutputInfo {
    /// The name `outputs:` and `deal --format` use.
    pub code: &'static str,
    /// The file it is written to.
    pub file: &'static str,
    /// Whether a lesson without `outputs:` gets it.
    pub default: bool,
    /// Whether a course's pack gathers it from every lesson into one file,
    /// and under which name.
    pub pack: Option<PackedAs>,
}

/// A handout's place in a course pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedAs {
    /// The pack's file (`worksheets.pdf`).
    pub file: &'static str,
    /// The catalogue key of its name on the contents page.
    pub name_key: &'static str,
}

impl Handout {
    pub const ALL: [Handout; 14] = [
        Handout::Worksheet,
        Handout::Answers,
        Handout::HandRecords,
        Handout::Labels,
        Handout::CurtainCards,
        Handout::ScoreSheets,
        Handout::LessonHtml,
        Handout::Crib,
        Handout::Travellers,
        Handout::PickupSlips,
        Handout::Pbn,
        Handout::Lin,
        Handout::Dlm,
        Handout::Json,
    ];

    /// Its name, file and default, in one place. The crib is a default,
    /// because a lesson built on its own should hand the student the rules
    /// with the first worksheet; the duplicate evening's travellers and
    /// pick-up slips are not, as most lessons are not played as duplicate,
    /// nor is JSON, which `analyze --json` gives with the answers.
    pub const fn info(self) -> OutputInfo {
        let (code, file, default) = match self {
            Handout::Worksheet => ("worksheet", "worksheet.pdf", true),
            Handout::Answers => ("answers", "answers.pdf", true),
            Handout::HandRecords => ("hand-records", "hand-records.pdf", true),
            Handout::Labels => ("labels", "labels.pdf", true),
            Handout::CurtainCards => ("curtain-cards", "curtain-cards.pdf", true),
            Handout::ScoreSheets => ("score-sheets", "score-sheet.pdf", true),
            Handout::LessonHtml => ("lesson-html", "lesson.html", true),
            Handout::Crib => ("crib", "crib.pdf", true),
            Handout::Travellers => ("travellers", "travellers.pdf", false),
            Handout::PickupSlips => ("pickup-slips", "pickup-slips.pdf", false),
            Handout::Pbn => ("pbn", "deals.pbn", true),
            Handout::Lin => ("lin", "deals.lin", true),
            Handout::Dlm => ("dlm", "deals.dlm", true),
            Handout::Json => ("json", "deals.json", false),
        };
        let pack = match self {
            Handout::Worksheet => Some(PackedAs {
                file: "worksheets.pdf",
                name_key: "pack_worksheets",
            }),
            Handout::Answers => Some(PackedAs {
                file: "answers.pdf",
                name_key: "pack_answers",
            }),
            _ => None,
        };
        OutputInfo {
            code,
            file,
            default,
            pack,
        }
    }

    /// The handouts a course's pack gathers, in [`Handout::ALL`]'s order.
    pub fn packed() -> impl Iterator<Item = Handout> {
        Handout::ALL.into_iter().filter(|h| h.info().pack.is_some())
    }

    /// Whether a lesson without `outputs:` prints it.
    pub const fn is_default(self) -> bool {
        self.info().default
    }

    /// Whether it is a file of the boards (PBN, LIN, DLM, JSON) rather than
    /// a handout or the lesson page.
    pub const fn is_deal_file(self) -> bool {
        matches!(
            self,
            Handout::Pbn | Handout::Lin | Handout::Dlm | Handout::Json
        )
    }

    /// What a lesson without `outputs:` prints, in [`Handout::ALL`]'s order.
    pub fn defaults() -> Vec<Handout> {
        Handout::ALL
            .into_iter()
            .filter(|h| h.is_default())
            .collect()
    }

    /// A lesson's `outputs:` as written, with the default deal files added
    /// when it names none: a list of handouts keeps its boards' files, as
    /// it did before deal files could be named.
    pub fn with_deal_files(mut listed: Vec<Handout>) -> Vec<Handout> {
        if !listed.iter().any(|h| h.is_deal_file()) {
            listed.extend(Handout::defaults().into_iter().filter(|h| h.is_deal_file()));
        }
        listed
    }

    /// The codes of [`Handout::ALL`] as messages list them.
    pub const NAMES: &'static str = "worksheet, answers, hand-records, labels, curtain-cards, \
         score-sheets, lesson-html, crib, travellers, pickup-slips, pbn, lin, dlm or json";

    /// The name a lesson's `outputs:` uses.
    pub const fn code(self) -> &'static str {
        self.info().code
    }

    /// The file it is written to.
    pub const fn file(self) -> &'static str {
        self.info().file
    }

    pub fn parse(s: &str) -> Option<Handout> {
        Handout::ALL
            .into_iter()
            .find(|h| h.code().eq_ignore_ascii_case(s.trim()))
    }
}

/// The most boards a lesson deals, and the highest first board number; a
/// class never plays more, and `deal` keeps to the same limits.
pub const MAX_BOARDS: u32 = 999;

/// The default cap on shuffles tried for one board.
pub const DEFAULT_MAX_ATTEMPTS: u64 = crate::dealer::DEFAULT_MAX_ATTEMPTS;

/// The default time limit of one board's search, in seconds: a teacher
/// learns within minutes that a lesson asks for boards that (nearly) never
/// occur, instead of after the hours a cap of attempts can take when every
/// candidate goes to the solver. The sample course's slowest board takes
/// seconds.
pub const DEFAULT_MAX_SECONDS: u64 = 300;

/// The longest time limit a lesson may set: a day.
pub const MAX_SECONDS: u64 = 86_400;

/// The language handouts are printed in (the catalogue of words owns the set).
pub use crate::words::Language;

/// Paper size of the handouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    pub fn parse(s: &str) -> Option<Paper> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }

    pub const fn code(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// Width and height in mm.
    pub const fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// How far the answer key goes: the rules' facts alone, or those plus
/// double-dummy play (makeable contracts, best leads, best contract). Play
/// costs the solver's time on every board, so a teacher can leave it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Analysis {
    #[default]
    Play,
    Rules,
}

impl Analysis {
    pub fn parse(s: &str) -> Option<Analysis> {
        match s.trim().to_ascii_lowercase().as_str() {
            "play" => Some(Analysis::Play),
            "rules" => Some(Analysis::Rules),
            _ => None,
        }
    }
}

/// A sheet of board labels: Avery L7160 (A4, 3 × 7) or Avery 5160
/// (Letter, 3 × 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LabelSheet {
    L7160,
    Avery5160,
}

impl LabelSheet {
    pub fn parse(s: &str) -> Option<LabelSheet> {
        match s.trim().to_ascii_uppercase().as_str() {
            "L7160" => Some(LabelSheet::L7160),
            "5160" => Some(LabelSheet::Avery5160),
            _ => None,
        }
    }

    /// The sheet that fits the paper when the lesson names none.
    pub const fn for_paper(paper: Paper) -> LabelSheet {
        match paper {
            Paper::A4 => LabelSheet::L7160,
            Paper::Letter => LabelSheet::Avery5160,
        }
    }

    /// The paper the sheet is printed on.
    pub const fn paper(self) -> Paper {
        match self {
            LabelSheet::L7160 => Paper::A4,
            LabelSheet::Avery5160 => Paper::Letter,
        }
    }

    /// Labels on one sheet.
    pub const fn slots(self) -> u32 {
        match self {
            LabelSheet::L7160 => 21,
            LabelSheet::Avery5160 => 30,
        }
    }
}

/// Where board labels go: which sheet, the first free slot, and offsets
/// in mm that calibrate for a printer that does not feed straight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelOptions {
    pub sheet: LabelSheet,
    /// 1-based, counted across the rows.
    pub first_slot: u32,
    pub offset_x_mm: f32,
    pub offset_y_mm: f32,
}

/// How the handouts print cards and lay out boards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrintOptions {
    /// Diamonds orange and clubs green, so the four suits differ at a glance.
    pub four_colours: bool,
    /// The ten printed `T` rather than `10`.
    pub ten_as_t: bool,
    /// The worksheet diagram shows each hand's HCP (off by default: counting
    /// them is often the first question).
    pub hcp_in_diagram: bool,
    /// Worksheet boards per page: 1 or 2.
    pub boards_per_page: u32,
    /// Hand records per page: 4 or 6.
    pub records_per_page: u32,
    pub labels: LabelOptions,
}

/// Who deals each board: the seat the board number gives (the duplicate
/// table), or one seat on every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DealerRule {
    #[default]
    FromBoardNumber,
    Always(Seat),
}

/// What one board of a lesson must be.
#[derive(Clone, Debug)]
pub struct BoardPlan {
    pub number: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// The card-counting constraints, common ones merged with the board's
    /// override.
    pub constraints: Constraints,
    /// Constraints stated through the rules or play; the rules and solver
    /// modules turn them into dealer filters.
    pub rules: RuleSpec,
    /// `technique:`: the technique this board's play must need.
    pub technique: Option<crate::technique::TechniqueSpec>,
    /// A deal the teacher fixed for this board (constraints do not apply),
    /// or the board taken from a file (constraints are a check, see
    /// [`BoardPlan::origin`]).
    pub fixed: Option<Deal>,
    /// Where a board taken from a file (`deals_from:`) came from.
    pub origin: Option<BoardOrigin>,
    /// The hands this board's worksheet shows, when `boards_override`
    /// sets them; the lesson's `hands_shown` otherwise.
    pub hands_shown: Option<Vec<Seat>>,
}

/// A board a lesson takes from a PBN or LIN file, as the file has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardOrigin {
    /// The file as the lesson names it.
    pub file: String,
    /// The board's number in the file (its place when the file has none).
    pub number: u32,
    /// 1-based line of the board in the file.
    pub line: usize,
    /// The board as the file has it, before any turn.
    pub original: Board,
    /// Quarter turns clockwise applied by `rotate:` (0 when not turned);
    /// `None` when `rotate:` is set but the rules name no declarer (a
    /// redeal), so the board stays as it is.
    pub turned: Option<u8>,
}

impl BoardPlan {
    /// Whether the board's constraints are a check on a board from a file
    /// rather than what the dealer searches for.
    pub fn is_imported(&self) -> bool {
        self.origin.is_some()
    }

    /// Whether the worksheet shows `seat`'s hand on this board.
    pub fn shows(&self, lesson_default: &[Seat], seat: Seat) -> bool {
        self.hands_shown
            .as_deref()
            .unwrap_or(lesson_default)
            .contains(&seat)
    }

    /// The technique this board must need (`technique:`), if the lesson
    /// names one: what the answer key can name the board's play after.
    pub fn technique(&self) -> Option<crate::technique::TechniqueSpec> {
        self.technique
    }
}

/// A checked lesson: everything the dealer and the handouts need.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub title: String,
    /// The rule system with its parameters (`ebu`'s game thresholds).
    pub rules: Rules,
    pub language: Language,
    pub paper: Paper,
    /// `None` when the lesson leaves the seed to the command line or the OS.
    pub seed: Option<u64>,
    pub first_board: u32,
    pub dealer: DealerRule,
    /// One plan per board, in board-number order.
    pub boards: Vec<BoardPlan>,
    pub questions: Vec<Question>,
    pub outputs: Vec<Handout>,
    pub note: Option<String>,
    pub date: Option<String>,
    /// A folder of templates that override the built-in ones, as written.
    pub templates: Option<String>,
    /// The seats whose hands the worksheet shows.
    pub hands_shown: Vec<Seat>,
    pub max_attempts: u64,
    /// Seconds one board's search may run before it gives up.
    pub max_seconds: u64,
    pub analysis: Analysis,
    pub print: PrintOptions,
}

impl Lesson {
    /// The rule system's name.
    pub fn ruleset(&self) -> Ruleset {
        self.rules.ruleset()
    }

    /// The technique board `number` is dealt to need, if any.
    pub fn technique_of(&self, number: u32) -> Option<crate::technique::TechniqueSpec> {
        self.boards
            .iter()
            .find(|plan| plan.number == number)
            .and_then(|plan| plan.technique())
    }
}

/// Parses and validates a lesson from its text; `file` names it in errors.
pub fn parse(source: &str, file: &str) -> Result<Lesson, LessonError> {
    let reporter = error::Reporter { file, source };
    let raw: raw::RawLesson =
        serde_saphyr::from_str(source).map_err(|e| reporter.yaml_error(&e))?;
    validate::validate(raw, &reporter)
}

/// Reads and parses a lesson file.
pub fn load(path: &Path) -> Result<Lesson, LessonError> {
    let file = path.display().to_string();
    let source = files::read_regular_text(path).map_err(|e| LessonError {
        kind: LessonErrorKind::Io,
        file: file.clone(),
        line: 0,
        column: 0,
        width: 0,
        source_line: String::new(),
        message: format!("cannot read the lesson file: {e}"),
        expected: None,
        hint: Some("check the file name and that the file is UTF-8 text".to_string()),
    })?;
    parse(&source, &file)
}
