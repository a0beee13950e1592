//! The cycle loop. Per cycle: (1) settle the combinational valid/ready/data of every channel to
//! a fixed point with an event-driven worklist (a unit is re-evaluated only when a signal it
//! reads changed or its registers changed at the last edge); more evaluations than a bound
//! means the signals oscillate: a combinational loop, reported with the channels that keep
//! changing; (2) record the trace and the transfers (`valid ∧ ready`); (3) clock every unit
//! with registers (all read the settled signals, so the updates are simultaneous).
//!
//! Cycle numbering follows the RTL testbenches: cycle 0 is the first cycle after reset (all
//! registers at their reset values), and the transfers of cycle c take effect at the c-th rising
//! edge after reset. A run that finishes in cycle c (the cycle in which the last exit token
//! transfers) reports `cycles = c + 1`: the number of rising edges after reset up to and
//! including the one that registers the end, which is what a testbench counting edges from the
//! end of reset until it sees the end token counts.
//!
//! End of a run, checked after each cycle in this order: every exit has taken its token →
//! `Finished` (with no exits: the circuit is quiescent and holds no token); the state can no
//! longer change (no transfer and no register changed) or no transfer happened for
//! `deadlock_cycles` cycles → `Deadlock`; `max_cycles` cycles simulated → `CycleLimit`.

use super::deadlock::{self, CombLoopReport};
use super::netlist::{Netlist, UnitId, UnitKind};
use super::netlist_check::port_map;
use super::trace::TraceBuilder;
use super::units::lsq::LsqSnapshot;
use super::units::{self, Comb, Edge, Signals, UnitModel, Worklist};
use super::value::truncate;
use super::{SimOptions, SimResult, Status};
use crate::diag::Diagnostic;

/// A running simulation of one netlist; [`Simulator::step`] advances one cycle.
pub struct Simulator<'n> {
    netlist: &'n Netlist,
    trace: Option<TraceBuilder>,
    s: SimState,
}

/// Everything of a [`Simulator`] but its netlist and full trace: taken with
/// [`Simulator::snapshot`], a run goes on from it with [`Simulator::resume`] exactly as the
/// original went on (the simulation is deterministic).
#[derive(Clone)]
pub struct SimState {
    models: Vec<Box<dyn UnitModel>>,
    stateful: Vec<usize>,
    producer: Vec<u32>,
    consumer: Vec<u32>,
    sig: Signals,
    work: Worklist,
    memories: Vec<Vec<u64>>,
    /// Input channel of each exit unit, in unit order, and the token it took.
    exits: Vec<(usize, Option<u64>)>,
    exits_done: usize,
    cycle: u64,
    last_transfer: Option<u64>,
    deadlock_cycles: u64,
    max_cycles: u64,
    eval_limit: u64,
    evaluations: u64,
    status: Option<Status>,
}

impl SimState {
    /// The cycle the state is before (the next one a resumed run simulates).
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// The entries of every load-store queue, by unit, as they are before [`Self::cycle`].
    pub fn lsq_snapshots(&self) -> Vec<(UnitId, LsqSnapshot)> {
        self.models
            .iter()
            .enumerate()
            .filter_map(|(u, m)| Some((u, m.lsq_snapshot()?)))
            .collect()
    }

    /// Every load-store queue's demand for entries so far, by unit.
    pub fn lsq_demands(&self) -> Vec<(UnitId, (usize, usize))> {
        self.models
            .iter()
            .enumerate()
            .filter_map(|(u, m)| Some((u, m.lsq_demand()?)))
            .collect()
    }
}

impl<'n> Simulator<'n> {
    /// Prepares a simulation at cycle 0 (the reset state), or returns the netlist's violations.
    pub fn new(netlist: &'n Netlist, options: &SimOptions) -> Result<Self, Vec<Diagnostic>> {
        let ports = port_map(netlist)?;
        let width = |c: usize| netlist.channels[c].width;
        let models: Vec<Box<dyn UnitModel>> = netlist
            .units
            .iter()
            .enumerate()
            .map(|(u, unit)| units::build(&unit.kind, u, &ports, &width))
            .collect();
        let stateful = (0..models.len())
            .filter(|&u| models[u].has_state())
            .collect();
        let n = netlist.channels.len();
        let exits = netlist
            .units
            .iter()
            .enumerate()
            .filter(|(_, unit)| unit.kind == UnitKind::Exit)
            .map(|(u, _)| (ports.inputs[u][0], None))
            .collect();
        let max_latency = netlist
            .units
            .iter()
            .map(|u| u.kind.latency() as u64)
            .max()
            .unwrap_or(0);
        let mut work = Worklist::new(models.len());
        for u in 0..models.len() {
            work.push(u as u32);
        }
        Ok(Self {
            netlist,
            trace: options.trace.then(|| TraceBuilder::new(n)),
            s: SimState {
                producer: netlist
                    .channels
                    .iter()
                    .map(|c| c.producer.0 as u32)
                    .collect(),
                consumer: netlist
                    .channels
                    .iter()
                    .map(|c| c.consumer.0 as u32)
                    .collect(),
                sig: Signals {
                    valid: vec![false; n],
                    ready: vec![false; n],
                    data: vec![0; n],
                },
                work,
                memories: netlist
                    .memories
                    .iter()
                    .map(|m| m.contents.iter().map(|&w| truncate(w, m.width)).collect())
                    .collect(),
                exits,
                exits_done: 0,
                cycle: 0,
                last_transfer: None,
                deadlock_cycles: options
                    .deadlock_cycles
                    .unwrap_or(1000.max(4 * max_latency + 64)),
                max_cycles: options.max_cycles.unwrap_or(super::DEFAULT_MAX_CYCLES),
                eval_limit: 64 * models.len() as u64 + 1024,
                evaluations: 0,
                stateful,
                models,
                status: None,
            },
        })
    }

    /// A copy of the run's state, to go on from later with [`Simulator::resume`].
    pub fn snapshot(&self) -> SimState {
        self.s.clone()
    }

    /// The run of `netlist` that `state` (a [`Simulator::snapshot`] of a run of the same
    /// netlist) was taken from, going on from there, without a full trace.
    pub fn resume(netlist: &'n Netlist, state: SimState) -> Self {
        Simulator {
            netlist,
            trace: None,
            s: state,
        }
    }

    /// The current cycle number (the next one [`Simulator::step`] simulates).
    pub fn cycle(&self) -> u64 {
        self.s.cycle
    }

    /// The entries of every load-store queue, by unit, as they are before [`Self::cycle`].
    pub fn lsq_snapshots(&self) -> Vec<(UnitId, LsqSnapshot)> {
        self.s.lsq_snapshots()
    }

    /// Every load-store queue's demand for entries so far, by unit.
    pub fn lsq_demands(&self) -> Vec<(UnitId, (usize, usize))> {
        self.s.lsq_demands()
    }

    /// The signals of the last settled cycle.
    pub fn signals(&self) -> &Signals {
        &self.s.sig
    }

    /// The memories' current words.
    pub fn memories(&self) -> &[Vec<u64>] {
        &self.s.memories
    }

    /// Unit evaluations so far (the simulator's unit of work).
    pub fn evaluations(&self) -> u64 {
        self.s.evaluations
    }

    /// Why the run stopped, once it has.
    pub fn status(&self) -> Option<&Status> {
        self.s.status.as_ref()
    }

    /// Simulates one cycle; returns the status once the run has ended (then does nothing).
    pub fn step(&mut self) -> Option<&Status> {
        if self.s.status.is_some() {
            return self.s.status.as_ref();
        }
        if let Err(channels) = self.settle() {
            self.s.status = Some(Status::CombLoop(CombLoopReport {
                cycle: self.s.cycle,
                channels,
            }));
            return self.s.status.as_ref();
        }
        if let Some(t) = &mut self.trace {
            t.record(&self.s.sig);
        }
        let mut moved = false;
        for (c, v) in self.s.sig.valid.iter().enumerate() {
            moved |= *v && self.s.sig.ready[c];
        }
        for (c, token) in &mut self.s.exits {
            if token.is_none() && self.s.sig.valid[*c] && self.s.sig.ready[*c] {
                *token = Some(self.s.sig.data[*c]);
                self.s.exits_done += 1;
            }
        }
        let changed = self.clock();
        if moved {
            self.s.last_transfer = Some(self.s.cycle);
        }
        self.s.status = self.end_condition(moved, changed);
        self.s.cycle += 1;
        self.s.status.as_ref()
    }

    /// Runs to the end and returns the result.
    pub fn run(mut self) -> SimResult {
        while self.step().is_none() {}
        self.finish()
    }

    /// The result so far (normally called after the run has ended).
    pub fn finish(self) -> SimResult {
        SimResult {
            cycles: self.s.cycle,
            outputs: self.s.exits.iter().map(|e| e.1).collect(),
            memories: self.s.memories,
            trace: self.trace.map(|t| t.finish(self.s.cycle)),
            status: self.s.status.unwrap_or(Status::CycleLimit),
            evaluations: self.s.evaluations,
        }
    }

    /// Evaluates pending units until no signal changes.
    fn settle(&mut self) -> Result<(), Vec<usize>> {
        let mut n = 0;
        while let Some(u) = self.s.work.pop() {
            let mut comb = Comb {
                sig: &mut self.s.sig,
                producer: &self.s.producer,
                consumer: &self.s.consumer,
                work: &mut self.s.work,
                changed: None,
                cycle: self.s.cycle,
            };
            self.s.models[u as usize].eval(&mut comb);
            n += 1;
            if n > self.s.eval_limit {
                self.s.evaluations += n;
                return self.oscillating();
            }
        }
        self.s.evaluations += n;
        Ok(())
    }

    /// After the evaluation bound: keeps evaluating for another bound, logging the channels
    /// that change. If the signals settle after all, the cycle goes on; otherwise those
    /// channels form the loop.
    fn oscillating(&mut self) -> Result<(), Vec<usize>> {
        let mut log = Vec::new();
        let mut n = 0;
        while let Some(u) = self.s.work.pop() {
            let mut comb = Comb {
                sig: &mut self.s.sig,
                producer: &self.s.producer,
                consumer: &self.s.consumer,
                work: &mut self.s.work,
                changed: Some(&mut log),
                cycle: self.s.cycle,
            };
            self.s.models[u as usize].eval(&mut comb);
            n += 1;
            if n > self.s.eval_limit {
                self.s.evaluations += n;
                log.sort_unstable();
                log.dedup();
                return Err(log);
            }
        }
        self.s.evaluations += n;
        Ok(())
    }

    /// The rising edge: clocks every unit with registers; returns whether any register changed.
    fn clock(&mut self) -> bool {
        let mut edge = Edge {
            sig: &self.s.sig,
            memories: &mut self.s.memories,
            cycle: self.s.cycle,
        };
        let mut changed = false;
        for &u in &self.s.stateful {
            if self.s.models[u].clock(&mut edge) {
                self.s.work.push(u as u32);
                changed = true;
            }
        }
        changed
    }

    fn end_condition(&self, moved: bool, changed: bool) -> Option<Status> {
        let quiescent = !moved && !changed;
        if self.s.exits.is_empty() {
            if quiescent && !self.s.sig.valid.iter().any(|&v| v) {
                return Some(Status::Finished);
            }
        } else if self.s.exits_done == self.s.exits.len() {
            return Some(Status::Finished);
        }
        // Cycles since the last transfer (this one included when nothing moved in it).
        let idle = self
            .s
            .last_transfer
            .map_or(self.s.cycle + 1, |c| self.s.cycle - c);
        if quiescent || idle >= self.s.deadlock_cycles {
            let report = deadlock::report(
                self.netlist,
                &self.s.sig,
                self.s.cycle,
                self.s.last_transfer,
            );
            return Some(Status::Deadlock(report));
        }
        if self.s.cycle + 1 >= self.s.max_cycles {
            return Some(Status::CycleLimit);
        }
        None
    }
}
