//! The double-dummy solver against DDS 2.9: full tables for every deal of
//! `tests/data/dds_reference.txt` and every opening lead for the first 200
//! (written by `scripts/dds_reference.py`). Issue 5.

use minibridge::bridge::{Card, Deal, Seat, Strain};
use minibridge::solver::{dd_table, lead_analysis};
use rayon::prelude::*;

use crate::common::root;

struct Reference {
    line: usize,
    deal: Deal,
    /// Declarers N, E, S, W × strains NT, S, H, D, C.
    table: [[u8; 5]; 4],
    leads: Option<(Strain, Seat, Vec<(Card, u8)>)>,
}

fn load() -> Vec<Reference> {
    let text = std::fs::read_to_string(root().join("tests/data/dds_reference.txt")).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let deal = Deal::parse_pbn(&f[..4].join(" ")).unwrap();
            let digits: Vec<u8> = f[4]
                .chars()
                .map(|c| c.to_digit(16).unwrap() as u8)
                .collect();
            assert_eq!(digits.len(), 20, "line {}", i + 1);
            let mut table = [[0u8; 5]; 4];
            for (k, d) in digits.iter().enumerate() {
                table[k / 5][k % 5] = *d;
            }
            let leads = f.get(5).map(|sd| {
                let (strain, declarer) = sd.split_at(sd.len() - 1);
                let leads = f[6..]
                    .iter()
                    .map(|cl| {
                        let (c, t) = cl.split_once('=').unwrap();
                        (Card::parse(c).unwrap(), t.parse().unwrap())
                    })
                    .collect();
                (
                    Strain::parse(strain).unwrap(),
                    Seat::parse(declarer).unwrap(),
                    leads,
                )
            });
            Reference {
                line: i + 1,
                deal,
                table,
                leads,
            }
        })
        .collect()
}

#[test]
fn full_tables_agree_with_dds() {
    let refs = load();
    assert!(refs.len() >= 1000);
    let wrong: Vec<String> = refs
        .par_iter()
        .filter_map(|r| {
            let ours = dd_table(&r.deal).rows();
            (ours != r.table)
                .then(|| format!("line {}: ours {:?}, DDS {:?}", r.line, ours, r.table))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn opening_leads_agree_with_dds() {
    let refs = load();
    let with_leads: Vec<&Reference> = refs.iter().filter(|r| r.leads.is_some()).collect();
    assert!(with_leads.len() >= 200);
    let wrong: Vec<String> = with_leads
        .par_iter()
        .filter_map(|r| {
            let (strain, declarer, want) = r.leads.as_ref().unwrap();
            let mut want = want.clone();
            let mut ours = lead_analysis(&r.deal, *strain, *declarer);
            want.sort();
            ours.sort();
            (ours != want).then(|| format!("line {}: ours {:?}, DDS {:?}", r.line, ours, want))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
