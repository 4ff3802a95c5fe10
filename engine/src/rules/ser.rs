//! JSON spellings of bridge words, so the analysis keys stay stable: seats
//! `N E S W`, sides `NS EW`, suits `S H D C`, strains `NT S H D C`.

use serde::Serializer;

use crate::bridge::{Seat, Side, Strain, Suit};

pub fn seat<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_char(seat.letter())
}

pub fn opt_seat<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
    match seat {
        Some(seat) => s.serialize_some(&seat.letter()),
        None => s.serialize_none(),
    }
}

pub fn side<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(side.code())
}

pub fn opt_side<S: Serializer>(side: &Option<Side>, s: S) -> Result<S::Ok, S::Error> {
    match side {
        Some(side) => s.serialize_some(side.code()),
        None => s.serialize_none(),
    }
}

pub fn suit<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_char(suit.letter())
}

pub fn strain<S: Serializer>(strain: &Strain, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(strain.code())
}
