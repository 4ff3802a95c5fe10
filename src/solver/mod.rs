//! Double-dummy solver: tricks with best play by all four hands.
