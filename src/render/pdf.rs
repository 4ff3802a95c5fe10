//! The PDF engine: lays a parsed layout document out on pages and writes it
//! with printpdf, in two steps. Layout (`paginate`, with `blocks`, `fit`
//! and `measure`) measures each block once, decides the page breaks and
//! the fitting, and leaves pages of positioned boxes (`boxes`); the writer
//! (`draw`) only draws those boxes. The engine
//! owns the fonts (DejaVu Sans, compiled in and subset on save), paper
//! sizes and margins, suit colours, headers and footers, and the
//! reproducible document id.

mod blocks;
mod boxes;
mod draw;
mod fit;
mod measure;
mod paginate;

use sha2::{Digest, Sha256};

pub use crate::lesson::Paper;
pub use measure::{Palette, undrawable};

use super::layout::Document;
use measure::{Typesetter, fonts};
use paginate::{finish, paginate};

/// The characters of `text` from right-to-left scripts (Hebrew, Arabic,
/// Syriac, Thaana, N'Ko): the layout sets every line left to right, so
/// their words would print reversed.
pub fn right_to_left(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    for c in text.chars() {
        let rtl = matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF);
        if rtl && !found.contains(&c) {
            found.push(c);
        }
    }
    found
}

/// Lays a document out and returns the PDF bytes. `identity` is hashed into
/// the document id, so equal inputs give equal files.
pub fn render(
    doc: &Document,
    paper: Paper,
    palette: Palette,
    identity: &[u8],
) -> Result<Vec<u8>, String> {
    render_sections(&[Section { doc, paper }], &doc.title, palette, identity)
}

/// One part of a document made of several: it starts on a new page and
/// keeps its own headers, footers and paper; page numbers run on across
/// the parts, so "page x of y" counts the whole file.
#[derive(Clone, Copy)]
pub struct Section<'a> {
    pub doc: &'a Document,
    pub paper: Paper,
}

/// How many pages a document fills (the contents page of a pack needs the
/// page counts before anything is drawn for good).
pub fn page_count(doc: &Document, paper: Paper) -> Result<usize, String> {
    let ts = Typesetter::new(fonts()?, Palette::TwoColour);
    Ok(paginate(&ts, doc, paper).len())
}

/// Lays several documents out as one PDF titled `title`; see [`Section`].
pub fn render_sections(
    sections: &[Section],
    title: &str,
    palette: Palette,
    identity: &[u8],
) -> Result<Vec<u8>, String> {
    let fonts = fonts()?;
    let ts = Typesetter::new(fonts, palette);
    let laid: Vec<_> = sections
        .iter()
        .map(|s| (paginate(&ts, s.doc, s.paper), s))
        .collect();
    let total: usize = laid.iter().map(|(pages, _)| pages.len()).sum();
    let mut number = 0;
    let mut pages = Vec::with_capacity(total);
    for (sheets, section) in laid {
        for sheet in sheets {
            number += 1;
            pages.push(finish(
                &ts,
                sheet,
                section.doc,
                section.paper,
                number,
                total,
            ));
        }
    }
    // The file's id is derived from what was rendered.
    let mut hasher = Sha256::new();
    hasher.update(identity);
    for section in sections {
        hasher.update(section.paper.code().as_bytes());
    }
    hasher.update([palette as u8]);
    let digest = hasher.finalize();
    draw::write(pages, title, fonts, &digest[..16])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::layout::{Block, parse};
    use fit::{first_words, last_paragraph, word_count};
    use measure::Squeeze;

    const SAMPLE: &str = "@title Sample\n@footer Lesson | | Page {page} of {pages}\n# Heading **one**\nSome text with ♠ and ♥ and {D}{C} and __italic__ {red}red{/red}.\n\n@table widths=1,1 head grid\n| a | b |\n| 1 | 2 |\n@end\n@diagram\nN North | 14 | ♠ 10 5 3 2 | ♥ A K 4 | ♦ K 8 3 | ♣ A 5 3\nE East | 6 | ♠ Q 7 4 | ♥ 7 5 | ♦ J 10 6 | ♣ Q J 9 7 6\nS South | 16 | ♠ A K 6 | ♥ 9 6 3 2 | ♦ A Q 4 | ♣ K 4 2\nW West | 4 | ♠ J 9 8 | ♥ Q J 10 8 | ♦ 9 7 5 2 | ♣ 10 8\ncenter Board 1 | Dealer W\n@end\n@lines 3\n@page\nSecond page\n";

    /// A board page: a tall deal and answers (answer lines, which no
    /// squeeze makes smaller, stand in for them: `deal` lines of 7 mm),
    /// then a play plan of `words` words in a box, with a shorter plan as
    /// the alternative when `short` is given.
    fn board_page(deal: u32, words: usize, short: Option<usize>) -> String {
        let plan = |n: usize| {
            (0..n)
                .map(|i| format!("word{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let body = match short {
            Some(n) => format!(
                "@either\n**Plan:** {}\n@or\n**Plan:** {}\n@end",
                plan(words),
                plan(n)
            ),
            None => format!("**Plan:** {}", plan(words)),
        };
        format!(
            "@header Lesson | | Board 1\n@fit min=7.5\n# Board 1\n@lines {deal}\n\
             @size 9\nThe answers.\n@box\n@size 9\n{body}\n@end\n@end\n"
        )
    }

    fn fit_of(source: &str, paper: Paper) -> (Typesetter, Vec<Block>, Vec<Block>) {
        let doc = parse(source).unwrap();
        let Some(Block::Fit { min, body }) = doc.blocks.first() else {
            panic!("{:?}", doc.blocks)
        };
        let ts = Typesetter::new(fonts().unwrap(), Palette::TwoColour);
        let (width, room) = paginate::text_area(paper, &doc.headers);
        let measured = blocks::measure_all(&ts, body, width);
        let fitted = fit::fit(ts, body, &measured, *min, width, true, room);
        (fitted.ts, body.clone(), fitted.body)
    }

    fn plan_text(blocks: &mut [Block], choice: usize) -> String {
        last_paragraph(blocks, choice)
            .unwrap()
            .spans
            .iter()
            .map(|s| s.text.as_str())
            .collect()
    }

    #[test]
    fn a_board_that_fits_is_set_as_written() {
        let source = board_page(20, 60, None);
        let (ts, body, fitted) = fit_of(&source, Paper::A4);
        assert_eq!(ts.squeeze, Squeeze::NONE);
        assert_eq!(body, fitted);
        assert_eq!(page_count(&parse(&source).unwrap(), Paper::A4), Ok(1));
    }

    /// A plan up to a third longer than the page holds closes up the
    /// spacing and, if need be, sets the text smaller, never under the
    /// minimum, and keeps every word.
    #[test]
    fn a_long_plan_is_tightened_onto_the_page_without_losing_a_word() {
        for paper in [Paper::A4, Paper::Letter] {
            // The shortest plan that spills onto a second page unless the
            // board is a fit block.
            let spills = |words: usize| {
                let grouped = board_page(24, words, Some(20)).replace("@fit min=7.5", "@group");
                page_count(&parse(&grouped).unwrap(), paper) == Ok(2)
            };
            let first = (10..).step_by(5).find(|&w| spills(w)).unwrap();
            assert!(first > 40, "{paper:?}: {first}");
            for words in [first, first * 115 / 100, first * 130 / 100] {
                let source = board_page(24, words, Some(20));
                assert_eq!(page_count(&parse(&source).unwrap(), paper), Ok(1));
                let (ts, body, mut fitted) = fit_of(&source, paper);
                assert_ne!(ts.squeeze, Squeeze::NONE);
                assert_eq!(ts.squeeze.choice, 0, "{paper:?} {words}: {:?}", ts.squeeze);
                assert_eq!(body, fitted);
                assert!(ts.size(9.0) >= 7.5, "{:?}", ts.squeeze);
                assert_eq!(ts.size(6.5), 6.5);
                assert!(!plan_text(&mut fitted, 0).contains('…'));
            }
        }
    }

    /// A plan too long for the page even at the smallest text gives way to
    /// its shorter alternative; past that, the plan is cut short with `…`
    /// and the board still keeps to its page.
    #[test]
    fn a_plan_of_any_length_keeps_the_board_on_one_page() {
        let (ts, _, mut fitted) = fit_of(&board_page(24, 600, Some(40)), Paper::A4);
        assert_eq!(ts.squeeze.choice, 1, "{:?}", ts.squeeze);
        assert!(plan_text(&mut fitted, 1).ends_with("word39"));
        for words in [600, 1500, 5000] {
            for short in [None, Some(2000)] {
                let source = board_page(24, words, short);
                assert_eq!(
                    page_count(&parse(&source).unwrap(), Paper::Letter),
                    Ok(1),
                    "{words} {short:?}"
                );
                let (ts, _, mut fitted) = fit_of(&source, Paper::Letter);
                assert!(ts.size(9.0) >= 7.5);
                let plan = plan_text(&mut fitted, ts.squeeze.choice);
                assert!(plan.starts_with("Plan: word0 word1"), "{plan}");
                assert!(plan.ends_with('…'), "{plan}");
            }
        }
        // Nothing to cut: a fit block taller than the page flows on.
        let tall = "@fit\n@lines 40\n@end\nafter\n";
        assert_eq!(page_count(&parse(tall).unwrap(), Paper::A4), Ok(2));
    }

    #[test]
    fn cutting_keeps_whole_words_and_their_style() {
        let spans = crate::render::layout::inline(1, "**Plan:** one two three").unwrap();
        assert_eq!(word_count(&spans), 4);
        let cut = first_words(&spans, 2);
        assert_eq!(
            cut.iter()
                .map(|s| (s.text.as_str(), s.bold))
                .collect::<Vec<_>>(),
            [("Plan:", true), (" one…", false)]
        );
        assert_eq!(first_words(&spans, 0)[0].text, "…");
        assert_eq!(first_words(&spans, 9), spans);
    }

    #[test]
    fn same_input_same_bytes() {
        let doc = parse(SAMPLE).unwrap();
        let a = render(&doc, Paper::A4, Palette::TwoColour, SAMPLE.as_bytes()).unwrap();
        let b = render(&doc, Paper::A4, Palette::TwoColour, SAMPLE.as_bytes()).unwrap();
        assert!(a.starts_with(b"%PDF"));
        assert_eq!(a, b);
        if let Some(dir) = std::env::var_os("MINIBRIDGE_RENDER_DUMP") {
            std::fs::write(std::path::Path::new(&dir).join("sample.pdf"), &a).unwrap();
        }
    }
}
