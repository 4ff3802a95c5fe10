//! All integration tests link into this one binary (faster builds on two cores).
//! Each file below belongs to one part of the pipeline.

mod analyze;
mod cli;
mod common;
mod course;
mod dealer;
mod export;
mod facts;
mod golden;
mod holdings;
mod html;
mod languages;
mod layers;
mod lesson;
mod new;
mod pack;
mod pages;
mod pbn;
mod play;
mod publish;
mod render;
mod rules;
mod script;
mod searches;
mod sets;
mod sheets;
mod solver;
mod streams;
