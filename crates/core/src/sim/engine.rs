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
use super::netlist::{Netlist, UnitKind};
use super::netlist_check::port_map;
use super::trace::TraceBuilder;
use super::units::{self, Comb, Edge, Signals, UnitModel, Worklist};
use super::value::truncate;
use super::{SimOptions, SimResult, Status};
use crate::diag::Diagnostic;

/// A running simulation of one netlist; [`Simulator::step`] advances one cycle.
pub struct Simulator<'n> {
    netlist: &'n Netlist,
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
    trace: Option<TraceBuilder>,
    status: Option<Status>,
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
            trace: options.trace.then(|| TraceBuilder::new(n)),
            stateful,
            models,
            status: None,
        })
    }

    /// The current cycle number (the next one [`Simulator::step`] simulates).
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    /// The signals of the last settled cycle.
    pub fn signals(&self) -> &Signals {
        &self.sig
    }

    /// The memories' current words.
    pub fn memories(&self) -> &[Vec<u64>] {
        &self.memories
    }

    /// Unit evaluations so far (the simulator's unit of work).
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    /// Why the run stopped, once it has.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// Simulates one cycle; returns the status once the run has ended (then does nothing).
    pub fn step(&mut self) -> Option<&Status> {
        if self.status.is_some() {
            return self.status.as_ref();
        }
        if let Err(channels) = self.settle() {
            self.status = Some(Status::CombLoop(CombLoopReport {
                cycle: self.cycle,
                channels,
            }));
            return self.status.as_ref();
        }
        if let Some(t) = &mut self.trace {
            t.record(&self.sig);
        }
        let mut moved = false;
        for (c, v) in self.sig.valid.iter().enumerate() {
            moved |= *v && self.sig.ready[c];
        }
        for (c, token) in &mut self.exits {
            if token.is_none() && self.sig.valid[*c] && self.sig.ready[*c] {
                *token = Some(self.sig.data[*c]);
                self.exits_done += 1;
            }
        }
        let changed = self.clock();
        if moved {
            self.last_transfer = Some(self.cycle);
        }
        self.status = self.end_condition(moved, changed);
        self.cycle += 1;
        self.status.as_ref()
    }

    /// Runs to the end and returns the result.
    pub fn run(mut self) -> SimResult {
        while self.step().is_none() {}
        self.finish()
    }

    /// The result so far (normally called after the run has ended).
    pub fn finish(self) -> SimResult {
        SimResult {
            cycles: self.cycle,
            outputs: self.exits.iter().map(|e| e.1).collect(),
            memories: self.memories,
            trace: self.trace.map(|t| t.finish(self.cycle)),
            status: self.status.unwrap_or(Status::CycleLimit),
            evaluations: self.evaluations,
        }
    }

    /// Evaluates pending units until no signal changes.
    fn settle(&mut self) -> Result<(), Vec<usize>> {
        let mut n = 0;
        while let Some(u) = self.work.pop() {
            let mut comb = Comb {
                sig: &mut self.sig,
                producer: &self.producer,
                consumer: &self.consumer,
                work: &mut self.work,
                changed: None,
                cycle: self.cycle,
            };
            self.models[u as usize].eval(&mut comb);
            n += 1;
            if n > self.eval_limit {
                self.evaluations += n;
                return self.oscillating();
            }
        }
        self.evaluations += n;
        Ok(())
    }

    /// After the evaluation bound: keeps evaluating for another bound, logging the channels
    /// that change. If the signals settle after all, the cycle goes on; otherwise those
    /// channels form the loop.
    fn oscillating(&mut self) -> Result<(), Vec<usize>> {
        let mut log = Vec::new();
        let mut n = 0;
        while let Some(u) = self.work.pop() {
            let mut comb = Comb {
                sig: &mut self.sig,
                producer: &self.producer,
                consumer: &self.consumer,
                work: &mut self.work,
                changed: Some(&mut log),
                cycle: self.cycle,
            };
            self.models[u as usize].eval(&mut comb);
            n += 1;
            if n > self.eval_limit {
                self.evaluations += n;
                log.sort_unstable();
                log.dedup();
                return Err(log);
            }
        }
        self.evaluations += n;
        Ok(())
    }

    /// The rising edge: clocks every unit with registers; returns whether any register changed.
    fn clock(&mut self) -> bool {
        let mut edge = Edge {
            sig: &self.sig,
            memories: &mut self.memories,
            cycle: self.cycle,
        };
        let mut changed = false;
        for &u in &self.stateful {
            if self.models[u].clock(&mut edge) {
                self.work.push(u as u32);
                changed = true;
            }
        }
        changed
    }

    fn end_condition(&self, moved: bool, changed: bool) -> Option<Status> {
        let quiescent = !moved && !changed;
        if self.exits.is_empty() {
            if quiescent && !self.sig.valid.iter().any(|&v| v) {
                return Some(Status::Finished);
            }
        } else if self.exits_done == self.exits.len() {
            return Some(Status::Finished);
        }
        // Cycles since the last transfer (this one included when nothing moved in it).
        let idle = self
            .last_transfer
            .map_or(self.cycle + 1, |c| self.cycle - c);
        if quiescent || idle >= self.deadlock_cycles {
            let report = deadlock::report(self.netlist, &self.sig, self.cycle, self.last_transfer);
            return Some(Status::Deadlock(report));
        }
        if self.cycle + 1 >= self.max_cycles {
            return Some(Status::CycleLimit);
        }
        None
    }
}
