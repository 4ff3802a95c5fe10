//! The fixed texts of the handouts in English, German, French and Dutch.
//! They live in `templates/i18n/<language>.yaml` (data a teacher can
//! correct, compiled in); a key missing from a language falls back to
//! English, so a half-finished translation still prints every text.

use std::collections::BTreeMap;

const EN: &str = include_str!("../../templates/i18n/en.yaml");
const DE: &str = include_str!("../../templates/i18n/de.yaml");
const FR: &str = include_str!("../../templates/i18n/fr.yaml");
const NL: &str = include_str!("../../templates/i18n/nl.yaml");

/// The texts of one language over the English ones.
#[derive(Clone, Debug)]
pub struct Texts {
    own: BTreeMap<String, String>,
    english: BTreeMap<String, String>,
}

fn parse(source: &str) -> BTreeMap<String, String> {
    // The files are ours and checked by a unit test, so a broken one is a
    // build defect; an empty map keeps the program printing English.
    serde_saphyr::from_str(source).unwrap_or_default()
}

impl Texts {
    /// The texts for a language code (`en`, `de`, `fr`, `nl`); others get English.
    pub fn for_language(code: &str) -> Texts {
        let own = match code {
            "de" => DE,
            "fr" => FR,
            "nl" => NL,
            _ => EN,
        };
        Texts {
            own: parse(own),
            english: parse(EN),
        }
    }

    /// The text for `key`, if either this language or English has it.
    pub fn lookup(&self, key: &str) -> Option<&str> {
        self.own
            .get(key)
            .or_else(|| self.english.get(key))
            .map(String::as_str)
    }

    /// The text for `key`, or the key itself so a missing text is visible.
    pub fn get(&self, key: &str) -> String {
        self.lookup(key).unwrap_or(key).to_string()
    }

    /// All texts (English filled in under the language's own).
    pub fn map(&self) -> BTreeMap<String, String> {
        let mut all = self.english.clone();
        all.extend(self.own.iter().map(|(k, v)| (k.clone(), v.clone())));
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_file_parses_and_uses_only_english_keys() {
        let en: BTreeMap<String, String> = serde_saphyr::from_str(EN).unwrap();
        assert!(en.len() > 50);
        for (name, src) in [("de", DE), ("fr", FR), ("nl", NL)] {
            let m: BTreeMap<String, String> = serde_saphyr::from_str(src).unwrap();
            for k in m.keys() {
                assert!(
                    en.contains_key(k),
                    "{name}.yaml has a key English lacks: {k}"
                );
            }
        }
        assert_eq!(Texts::for_language("de").get("ranks"), "A K D B");
        assert_eq!(Texts::for_language("nl").get("ranks"), "A H V B");
        assert_eq!(Texts::for_language("fr").get("nt"), "SA");
    }
}
