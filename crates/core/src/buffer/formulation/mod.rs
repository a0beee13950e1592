//! The buffer-placement MILPs of FPGA20 and FPL22 over a [`Circuit`].
//!
//! Per bufferizable channel: a binary `dv` (a buffer breaking data/valid), for FPL22 a binary
//! `r` (a buffer breaking ready), an integer `slots` (at least one per break, at most
//! [`MAX_SLOTS`], at least the rules' minimum) and, when transparent buffers delay
//! data/valid, a binary `transparent` (`slots - dv - r <= MAX_SLOTS * transparent`: the
//! channel has slots beyond its breaks, a `FIFO_BREAK_NONE` on the data/valid path) on the
//! channels of CFDFCs and those the rules give a slot; the others get no slots beyond their
//! breaks (there they would only cost). Rules that force a break fix its variable;
//! FPL22 keeps the ready rule of FPGA20 as a fixed `r` after merge-like units on cycles
//! (without it, loops of the corpus deadlock), and never maps both breaks onto one slot
//! (`ONE_SLOT_BREAK_DVR` passes at most one token every other cycle, which the throughput
//! constraints do not model).
//! Then:
//! * [`timing`]: arrival times on the data/valid paths (both algorithms) and, for FPL22, on
//!   the ready paths, each at most the clock period; a break restarts a path;
//! * [`throughput`]: per CFDFC a throughput `phi` in [0, 1], a retiming variable per unit and
//!   the token occupancy of every channel (between the latency it must cover and its slots);
//! * objective: maximise the CFDFCs' throughputs weighted by their share of executions,
//!   minus a small cost per break and per slot (so that, at equal throughput, fewer buffers
//!   win; the costs of all buffers stay far below one CFDFC's weight).
//!
//! Variable names follow the circuit's op and value names, so the LP file reads like the IR.

pub mod throughput;
pub mod timing;

use super::channel_id::ChannelVec;
use super::circuit::{Circuit, ReadyBreaks};
use super::greedy::{ChannelBuffers, Placement};
use super::unit_timing::PathRule;
use crate::milp::{Cmp, LinExpr, Model, Sense, VarId};

/// Most slots one channel may get.
pub const MAX_SLOTS: u32 = 16;
/// Objective cost of one data/valid break (a cycle of latency where no loop needs it).
pub const DV_COST: f64 = 1e-4;
/// Objective cost of one ready break.
pub const R_COST: f64 = 5e-5;
/// Objective cost of one slot.
pub const SLOT_COST: f64 = 1e-5;

/// Which algorithm's model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Data/valid timing only; ready paths are broken by a rule after merge-like units.
    Fpga20,
    /// Data/valid and ready timing, each broken by its own buffers.
    Fpl22,
}

impl Variant {
    /// Where the variant's placements break ready paths, and which forward paths they time.
    pub fn timing_rules(self) -> (ReadyBreaks, PathRule) {
        match self {
            Variant::Fpga20 => (ReadyBreaks::ByRule, PathRule::DataOnly),
            Variant::Fpl22 => (ReadyBreaks::Anywhere, PathRule::DataAndValid),
        }
    }
}

/// A built model with its decision variables, indexed like the circuit's channels.
#[derive(Clone, Debug)]
pub struct Formulation {
    /// The MILP.
    pub model: Model,
    /// Data/valid break per channel (`None`: not bufferizable).
    pub dv: ChannelVec<Option<VarId>>,
    /// Ready break per channel (FPL22 only).
    pub r: ChannelVec<Option<VarId>>,
    /// Slots per channel.
    pub slots: ChannelVec<Option<VarId>>,
    /// Whether the channel has transparent slots (slots beyond its breaks), which delay
    /// data/valid; `None` where transparent buffers add no delay or nothing is placed.
    pub transparent: ChannelVec<Option<VarId>>,
    /// Throughput per CFDFC (in the circuit's order).
    pub throughput: Vec<VarId>,
}

impl Formulation {
    /// Builds the model of `variant` for `circuit`, named `name`.
    pub fn build(circuit: &Circuit, variant: Variant, name: &str) -> Formulation {
        let mut model = Model::new(name);
        let n = circuit.channels.len();
        let mut f = Formulation {
            model: Model::new(name),
            dv: ChannelVec::filled(None, n),
            r: ChannelVec::filled(None, n),
            slots: ChannelVec::filled(None, n),
            transparent: ChannelVec::filled(None, n),
            throughput: Vec::new(),
        };
        let mut objective = LinExpr::new();
        let sized = circuit.throughput_channels();
        for i in circuit.channel_ids() {
            let c = circuit.channel(i);
            if !c.bufferizable {
                continue;
            }
            let tag = value_tag(c.value.0);
            let dv = model.binary(&format!("dv_{tag}"));
            if c.must_break_dv {
                model.set_bounds(dv, 1.0, 1.0);
            }
            let slots = model.integer(
                &format!("slots_{tag}"),
                f64::from(c.min_slots),
                f64::from(MAX_SLOTS),
            );
            model.add_constraint(
                &format!("slot_dv_{tag}"),
                &LinExpr::new().term(slots, 1.0).term(dv, -1.0),
                Cmp::Ge,
                0.0,
            );
            objective.add_term(dv, -DV_COST);
            objective.add_term(slots, -SLOT_COST);
            if variant == Variant::Fpl22 {
                let r = model.binary(&format!("r_{tag}"));
                if c.ready_slot {
                    model.set_bounds(r, 1.0, 1.0);
                }
                model.add_constraint(
                    &format!("slot_r_{tag}"),
                    &LinExpr::new().term(slots, 1.0).term(r, -1.0).term(dv, -1.0),
                    Cmp::Ge,
                    0.0,
                );
                objective.add_term(r, -R_COST);
                f.r[i] = Some(r);
            }
            let delays = &circuit.buffer_delays;
            if delays.transparent > 0.0 || delays.transparent_ready > 0.0 {
                // Slots beyond the breaks: slots - breaks <= MAX_SLOTS * transparent, or none
                // where no throughput constraint needs them.
                let mut row = LinExpr::new().term(slots, 1.0).term(dv, -1.0);
                if let Some(r) = f.r[i] {
                    row.add_term(r, -1.0);
                }
                if sized[i] || c.min_slots > 0 {
                    let t = model.binary(&format!("transparent_{tag}"));
                    row.add_term(t, -f64::from(MAX_SLOTS));
                    f.transparent[i] = Some(t);
                }
                model.add_constraint(&format!("slot_transparent_{tag}"), &row, Cmp::Le, 0.0);
            }
            f.dv[i] = Some(dv);
            f.slots[i] = Some(slots);
        }
        timing::add_data_valid(&mut model, circuit, &f);
        if variant == Variant::Fpl22 {
            timing::add_ready(&mut model, circuit, &f);
        }
        f.throughput = throughput::add(&mut model, circuit, &f.dv, &f.slots, &mut objective);
        model.set_objective(Sense::Maximize, &objective);
        f.model = model;
        f
    }

    /// The placement encoded by a solution `values` of the model.
    pub fn placement(&self, values: &[f64]) -> Placement {
        let bit = |v: Option<VarId>| v.is_some_and(|v| values[v.index()] > 0.5);
        self.dv.map(|i, &dv| ChannelBuffers {
            break_dv: bit(dv),
            break_r: bit(self.r[i]),
            slots: self.slots[i].map_or(0, |v| values[v.index()].round().max(0.0) as u32),
        })
    }

    /// The objective of a solution with `placement`'s buffers and the CFDFCs at throughputs
    /// `phi` (no other variable carries a cost).
    pub fn objective_at(&self, placement: &Placement, phi: &[f64]) -> f64 {
        let mut values = vec![0.0; self.model.vars().len()];
        let mut set = |v: Option<VarId>, x: f64| {
            if let Some(v) = v {
                values[v.index()] = x;
            }
        };
        for (i, p) in placement.iter_enumerated() {
            set(self.dv[i], f64::from(u8::from(p.break_dv)));
            set(self.r[i], f64::from(u8::from(p.break_r)));
            set(self.slots[i], f64::from(p.slots.min(MAX_SLOTS)));
        }
        for (&v, &x) in self.throughput.iter().zip(phi) {
            set(Some(v), x);
        }
        self.model.objective_value(&values)
    }

    /// The model with the integral variables of the channels not `free` fixed at
    /// `placement` (all fixed: a linear program whose solutions complete the placement into
    /// a solution of the MILP).
    pub fn fixed_at(&self, placement: &Placement, free: &ChannelVec<bool>) -> Model {
        let mut m = self.model.clone();
        for (i, p) in placement.iter_enumerated() {
            if free[i] {
                continue;
            }
            let pin = |m: &mut Model, v: Option<VarId>, x: f64| {
                if let Some(v) = v {
                    m.set_bounds(v, x, x);
                }
            };
            pin(&mut m, self.dv[i], f64::from(u8::from(p.break_dv)));
            pin(&mut m, self.r[i], f64::from(u8::from(p.break_r)));
            pin(&mut m, self.slots[i], f64::from(p.slots.min(MAX_SLOTS)));
            let transparent = p.slots > p.breaks();
            pin(
                &mut m,
                self.transparent[i],
                f64::from(u8::from(transparent)),
            );
        }
        m
    }
}

impl Formulation {
    /// The linear program that sizes the slots of `placement`: its breaks fixed, its slots
    /// continuous between its own count and [`MAX_SLOTS`], transparent slots only where
    /// `room` says they fit (elsewhere the slots stay at the breaks, unless the placement
    /// already has transparent slots there). Rounding a solution's slots up keeps every
    /// constraint satisfied (slots only bound occupancies from above), so
    /// [`Self::placement_rounded_up`] of a solution is a placement at least as fast.
    pub fn slots_sized_at(&self, placement: &Placement, room: &ChannelVec<bool>) -> Model {
        let mut m = self.fixed_at(placement, &ChannelVec::filled(false, placement.len()));
        for (i, p) in placement.iter_enumerated() {
            if let Some(v) = self.slots[i] {
                m.relax(v);
                m.set_bounds(v, f64::from(p.slots.min(MAX_SLOTS)), f64::from(MAX_SLOTS));
            }
            if let Some(t) = self.transparent[i].filter(|_| room[i]) {
                m.set_bounds(t, 1.0, 1.0);
            }
        }
        m
    }

    /// The placement of `values` with every fractional slot count rounded up.
    pub fn placement_rounded_up(&self, values: &[f64]) -> Placement {
        let mut out = self.placement(values);
        for (p, v) in out.iter_mut().zip(&self.slots) {
            if let Some(v) = *v {
                p.slots = (values[v.index()] - 1e-6)
                    .ceil()
                    .clamp(0.0, f64::from(MAX_SLOTS)) as u32;
            }
        }
        out
    }
}

/// The name fragment of a channel in LP names.
pub fn value_tag(v: u32) -> String {
    format!("v{v}")
}
