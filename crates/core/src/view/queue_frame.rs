//! A load-store queue's entries in one cycle, as the simulation view shows them: one
//! character per entry, so that a window of cycles stays small on its way to the page.
//!
//! Invariant: [`QueueFrame::loads`] and [`QueueFrame::stores`] hold one character per entry,
//! in entry order: `.` for a free entry, else the hexadecimal digit of the entry's flags
//! ([`ALLOCATED`], [`ADDRESS`], [`DATA`], [`DONE`]); the heads index those entries.

use crate::sim::{EntryView, LsqSnapshot};
use serde::{Deserialize, Serialize};

/// Flag of an allocated entry.
pub const ALLOCATED: u8 = 1;
/// Flag of an entry whose address has arrived.
pub const ADDRESS: u8 = 2;
/// Flag of an entry whose data is known (a load's value read or forwarded, a store's data
/// arrived).
pub const DATA: u8 = 4;
/// Flag of a load whose value was delivered (its entry frees once the head passes it).
pub const DONE: u8 = 8;

/// One queue's entries in one cycle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueFrame {
    /// The load queue's entries.
    pub loads: String,
    /// The store queue's entries.
    pub stores: String,
    /// The load queue's oldest entry.
    pub ldq_head: u32,
    /// The store queue's oldest entry.
    pub stq_head: u32,
}

/// What the page shows of one entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryState {
    /// Not allocated.
    Free,
    /// Allocated, nothing known yet.
    Allocated,
    /// Its address is known.
    Address,
    /// Its data is known (with or without its address).
    Data,
    /// Delivered (loads), waiting for the head to pass.
    Done,
}

impl EntryState {
    /// The state's name (the cells' `data-state` and CSS class).
    pub fn name(self) -> &'static str {
        match self {
            EntryState::Free => "free",
            EntryState::Allocated => "allocated",
            EntryState::Address => "address",
            EntryState::Data => "data",
            EntryState::Done => "done",
        }
    }

    /// The state of an entry with `flags`: the furthest it has come.
    pub fn of(flags: u8) -> Self {
        if flags & ALLOCATED == 0 {
            EntryState::Free
        } else if flags & DONE != 0 {
            EntryState::Done
        } else if flags & DATA != 0 {
            EntryState::Data
        } else if flags & ADDRESS != 0 {
            EntryState::Address
        } else {
            EntryState::Allocated
        }
    }
}

impl QueueFrame {
    /// The frame of `s`.
    pub fn of(s: &LsqSnapshot) -> Self {
        QueueFrame {
            loads: s.loads.iter().map(entry_char).collect(),
            stores: s.stores.iter().map(entry_char).collect(),
            ldq_head: s.ldq_head as u32,
            stq_head: s.stq_head as u32,
        }
    }
}

/// The flags of an entry's character (0, a free entry, for `.` and anything unknown).
pub fn entry_flags(c: char) -> u8 {
    c.to_digit(16).map_or(0, |d| d as u8)
}

fn entry_char(e: &EntryView) -> char {
    if !e.allocated {
        return '.';
    }
    let flags = ALLOCATED
        | if e.addr_known { ADDRESS } else { 0 }
        | if e.data_known { DATA } else { 0 }
        | if e.done { DONE } else { 0 };
    char::from_digit(u32::from(flags), 16).unwrap_or('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_their_characters() {
        let e = |allocated, addr_known, data_known, done| EntryView {
            allocated,
            addr_known,
            data_known,
            done,
        };
        let s = LsqSnapshot {
            loads: vec![
                e(false, true, true, false),
                e(true, false, false, false),
                e(true, true, false, false),
                e(true, true, true, true),
            ],
            stores: vec![e(true, false, true, false)],
            ldq_head: 1,
            stq_head: 0,
        };
        let f = QueueFrame::of(&s);
        assert_eq!(f.loads, ".13f");
        assert_eq!(f.stores, "5");
        let states: Vec<&str> = f
            .loads
            .chars()
            .map(|c| EntryState::of(entry_flags(c)).name())
            .collect();
        assert_eq!(states, ["free", "allocated", "address", "done"]);
        assert_eq!(EntryState::of(entry_flags('5')), EntryState::Data);
    }
}
