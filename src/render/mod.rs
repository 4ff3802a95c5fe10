//! Printable handouts: templates, the layout language and PDF output.

pub mod layout;
pub mod pdf;
