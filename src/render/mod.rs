//! Printable handouts: templates, the layout language and PDF output.
