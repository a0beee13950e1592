//! From MILP results (paths broken and slots per channel) to buffer operations, with the
//! mappings of spec/buffering.md.
//!
//! FPGA20: breaking data/valid maps to `ONE_SLOT_BREAK_DV` followed by a `FIFO_BREAK_NONE`
//! with the remaining slots (if any); breaking nothing to a `FIFO_BREAK_NONE` with all
//! slots. A ready break (the rule after merge-like units on cycles) appends a
//! `ONE_SLOT_BREAK_R`.
//!
//! FPL22: data/valid and ready with one slot map to `ONE_SLOT_BREAK_DVR`, with more slots to
//! `ONE_SLOT_BREAK_DV`, a `FIFO_BREAK_NONE` of `slots - 2` (if any) and `ONE_SLOT_BREAK_R`;
//! data/valid only to `ONE_SLOT_BREAK_DV` + `FIFO_BREAK_NONE` of `slots - 1`; ready only to
//! `ONE_SLOT_BREAK_R` + `FIFO_BREAK_NONE` of `slots - 1`; nothing to `FIFO_BREAK_NONE` of
//! `slots`. A multi-slot FIFO is one operation (`NUM_SLOTS` = its slots).
//!
//! Order on a channel, producer to consumer: the reference compiler's, whatever the mapping
//! lists first: `ONE_SLOT_BREAK_DVR`, `ONE_SLOT_BREAK_DV`, `FIFO_BREAK_NONE`,
//! `ONE_SLOT_BREAK_R`. The ready break is thus always last, so the ready delay of a
//! channel's other buffers lies after it on the ready path (which runs from consumer to
//! producer), as the timing rows count it ([`super::circuit::BufferDelays::ready_on`]).

use super::channel_id::ChannelVec;
use super::circuit::Channel;
use super::greedy::{ChannelBuffers, Placement};
use super::on_merges::insert_chain;
use crate::handshake::{BufferParams, BufferType, Func, Timing};

/// Which mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// spec/buffering.md, "FPGA20 Buffers".
    Fpga20,
    /// spec/buffering.md, "FPL22 Buffers".
    Fpl22,
}

/// The parameters of a buffer of type `ty` with `slots` slots and the spec's timing.
pub fn buffer(ty: BufferType, slots: u32) -> BufferParams {
    let (dv, r) = match ty {
        BufferType::OneSlotBreakDV | BufferType::FifoBreakDV | BufferType::ShiftRegBreakDV => {
            (1, 0)
        }
        BufferType::OneSlotBreakR => (0, 1),
        BufferType::OneSlotBreakDVR => (1, 1),
        BufferType::FifoBreakNone => (0, 0),
    };
    BufferParams {
        buffer_type: Some(ty),
        num_slots: slots,
        timing: Some(Timing {
            d: Some(dv),
            v: Some(dv),
            r: Some(r),
        }),
    }
}

/// The buffers for one channel's result, in order from producer to consumer.
pub fn chain(b: ChannelBuffers, mapping: Mapping) -> Vec<BufferParams> {
    use BufferType::*;
    let fifo = |n: u32| (n > 0).then(|| buffer(FifoBreakNone, n));
    let s = b.slots;
    let mut out: Vec<BufferParams> = Vec::new();
    match (mapping, b.break_dv, b.break_r) {
        (Mapping::Fpga20, true, r) => {
            out.push(buffer(OneSlotBreakDV, 1));
            out.extend(fifo(s.saturating_sub(1)));
            out.extend(r.then(|| buffer(OneSlotBreakR, 1)));
        }
        (Mapping::Fpga20, false, r) => {
            out.extend(fifo(s));
            out.extend(r.then(|| buffer(OneSlotBreakR, 1)));
        }
        (Mapping::Fpl22, true, true) if s <= 1 => out.push(buffer(OneSlotBreakDVR, 1)),
        (Mapping::Fpl22, true, true) => {
            out.push(buffer(OneSlotBreakDV, 1));
            out.extend(fifo(s - 2));
            out.push(buffer(OneSlotBreakR, 1));
        }
        (Mapping::Fpl22, true, false) => {
            out.push(buffer(OneSlotBreakDV, 1));
            out.extend(fifo(s.saturating_sub(1)));
        }
        (Mapping::Fpl22, false, true) => {
            out.extend(fifo(s.saturating_sub(1)));
            out.push(buffer(OneSlotBreakR, 1));
        }
        (Mapping::Fpl22, false, false) => out.extend(fifo(s)),
    }
    out
}

/// Inserts the buffers of `placement` on `channels` into `func`; returns how many buffer
/// operations were added.
pub fn insert(
    func: &mut Func,
    channels: &ChannelVec<Channel>,
    placement: &Placement,
    mapping: Mapping,
) -> usize {
    channels
        .iter()
        .zip(placement)
        .map(|(c, &b)| {
            let buffers = chain(b, mapping);
            if buffers.is_empty() {
                0
            } else {
                insert_chain(func, c.value, &buffers)
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(b: ChannelBuffers, m: Mapping) -> Vec<(BufferType, u32)> {
        chain(b, m)
            .iter()
            .map(|p| (p.buffer_type.unwrap(), p.num_slots))
            .collect()
    }

    fn cb(break_dv: bool, break_r: bool, slots: u32) -> ChannelBuffers {
        ChannelBuffers {
            break_dv,
            break_r,
            slots,
        }
    }

    #[test]
    fn fpga20_mapping_follows_the_spec() {
        use BufferType::*;
        let m = Mapping::Fpga20;
        assert_eq!(types(cb(true, false, 1), m), [(OneSlotBreakDV, 1)]);
        assert_eq!(
            types(cb(true, false, 4), m),
            [(OneSlotBreakDV, 1), (FifoBreakNone, 3)]
        );
        assert_eq!(types(cb(false, false, 2), m), [(FifoBreakNone, 2)]);
        assert_eq!(types(cb(false, false, 0), m), []);
        assert_eq!(
            types(cb(true, true, 1), m),
            [(OneSlotBreakDV, 1), (OneSlotBreakR, 1)]
        );
    }

    #[test]
    fn fpl22_mapping_follows_the_spec() {
        use BufferType::*;
        let m = Mapping::Fpl22;
        assert_eq!(types(cb(true, true, 1), m), [(OneSlotBreakDVR, 1)]);
        assert_eq!(
            types(cb(true, true, 2), m),
            [(OneSlotBreakDV, 1), (OneSlotBreakR, 1)]
        );
        assert_eq!(
            types(cb(true, true, 5), m),
            [(OneSlotBreakDV, 1), (FifoBreakNone, 3), (OneSlotBreakR, 1)]
        );
        assert_eq!(
            types(cb(true, false, 3), m),
            [(OneSlotBreakDV, 1), (FifoBreakNone, 2)]
        );
        assert_eq!(
            types(cb(false, true, 2), m),
            [(FifoBreakNone, 1), (OneSlotBreakR, 1)]
        );
        assert_eq!(types(cb(false, false, 3), m), [(FifoBreakNone, 3)]);
    }
}
