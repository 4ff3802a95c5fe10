//! Any bytes given as a lesson file: parsing must return a lesson or an
//! error, and showing the error must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = minibridge::lesson::parse(text, "fuzz.yaml") {
            let _ = e.to_string();
        }
    }
});
