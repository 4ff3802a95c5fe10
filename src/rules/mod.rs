//! The four rule systems (`ebu`, `dbv`, `ez`, `ez3`): who declares, the guideline contract, sure tricks and scoring.
