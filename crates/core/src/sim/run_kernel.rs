//! Whole-kernel check of a Handshake circuit against the interpreter's golden call: builds the
//! netlist with the call's inputs, simulates it cycle by cycle (at once, [`check_circuit`], or
//! in steps the caller interleaves with other work, [`KernelRun`]), reads the kernel's outputs
//! back (return value from the `out0` exit, arrays from the final memories, scalar parameters
//! unchanged) and compares them with the golden outputs: integers exactly, `float` within 1e-5
//! and `double` within 1e-12 relative, NaN equal to NaN, infinities equal by sign.
//!
//! It also measures, per loop header (a `control_merge` on a cycle), the steady-state
//! initiation interval: the most frequent interval between consecutive transfers on the
//! header's output channel (ties: the smaller interval).

use super::adapter::{build_netlist, Adapted, KernelInputs, UnitOrigin};
use super::snapshots::Snapshots;
use super::{
    CompactTrace, DeadlockReport, LsqTrace, SimOptions, SimResult, Simulator, Status, UnitKind,
};
use crate::buffer::cyclic_channels;
use crate::diag::Diagnostic;
use crate::front::types::ScalarTy;
use crate::handshake::{Func, OpKind, ValueId};
use crate::interp::{ArgValues, KernelCall, Scalar};
use crate::timing::TimingModel;
use std::collections::BTreeMap;

/// What to check a circuit against and how to run it.
#[derive(Clone, Debug)]
pub struct CheckSetup<'a> {
    /// The golden call (its inputs drive the circuit, its outputs are expected).
    pub golden: &'a KernelCall,
    /// The kernel's C return type (`None` for void).
    pub ret: Option<ScalarTy>,
    /// Initial contents of memories that are not parameters (local arrays, ROMs), by name.
    pub other_memories: BTreeMap<String, Vec<u64>>,
    /// Simulation limits (the trace flag is honoured).
    pub options: SimOptions,
}

/// One output that differs from the golden one.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// `return` or the argument's name.
    pub what: String,
    /// Element index (0 for scalars).
    pub index: usize,
    /// The interpreter's value.
    pub expected: Option<Scalar>,
    /// The circuit's value.
    pub got: Option<Scalar>,
}

impl Mismatch {
    /// `what[index]: expected X, got Y` (`nothing` for a missing value).
    pub fn describe(&self) -> String {
        let show = |v: Option<Scalar>| v.map_or("nothing".to_string(), crate::interp::json::scalar);
        format!(
            "{}[{}]: expected {}, got {}",
            self.what,
            self.index,
            show(self.expected),
            show(self.got)
        )
    }
}

/// The measured initiation interval of one loop.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopIi {
    /// The basic block of the loop header.
    pub bb: Option<u32>,
    /// The header's `control_merge`.
    pub name: String,
    /// Tokens that passed the header (iterations plus entries).
    pub tokens: u64,
    /// Steady-state interval in cycles ([`steady_interval`]; `None` with fewer than two
    /// tokens).
    pub ii: Option<u64>,
}

/// The outcome of a kernel check.
#[derive(Clone, Debug)]
pub struct KernelCheck {
    /// The circuit as simulated, with its map back to the IR.
    pub adapted: Adapted,
    /// Why the run stopped.
    pub status: Status,
    /// Cycles simulated.
    pub cycles: u64,
    /// Unit evaluations performed.
    pub evaluations: u64,
    /// The call as the circuit computed it (inputs as given, outputs read from the circuit).
    pub simulated: KernelCall,
    /// Outputs that differ from the golden ones (all of them, in output order).
    pub mismatches: Vec<Mismatch>,
    /// Initiation interval per loop header, in program order.
    pub loops: Vec<LoopIi>,
    /// The per-cycle trace, if requested.
    pub trace: Option<super::Trace>,
    /// The compact record, if one was kept ([`KernelRun::recording`]).
    pub compact: Option<CompactTrace>,
    /// Snapshots of the cycles the compact record had no room for ([`KernelRun::recording`]).
    pub snapshots: Option<Snapshots>,
    /// The load-store queues' entries per cycle, kept with the compact record when the
    /// circuit has queues.
    pub lsq: Option<LsqTrace>,
    /// Per load-store queue (its `lsq` op), the fewest load and store entries that would
    /// have allocated every group in the same cycle ([`super::units::lsq::Lsq::demand`]).
    pub lsq_demands: BTreeMap<crate::handshake::OpId, (usize, usize)>,
}

impl KernelCheck {
    /// True when the circuit finished and every output matches.
    pub fn passed(&self) -> bool {
        self.status == Status::Finished && self.mismatches.is_empty()
    }
}

/// The inputs of `call` as raw bits by name, plus `other` memories.
pub fn kernel_inputs(call: &KernelCall, other: &BTreeMap<String, Vec<u64>>) -> KernelInputs {
    let mut inputs = KernelInputs {
        scalars: BTreeMap::new(),
        memories: other.clone(),
    };
    for a in &call.inputs {
        let bits: Vec<u64> = a.values.iter().map(|v| v.to_bits(a.ty.scalar)).collect();
        if a.ty.is_array() {
            inputs.memories.insert(a.name.clone(), bits);
        } else if let Some(&b) = bits.first() {
            inputs.scalars.insert(a.name.clone(), b);
        }
    }
    inputs
}

/// Simulates `func` on the golden call's inputs and compares its outputs.
pub fn check_circuit(
    func: &Func,
    timing: &TimingModel,
    setup: &CheckSetup,
) -> Result<KernelCheck, Vec<Diagnostic>> {
    let adapted = build_circuit(func, timing, setup)?;
    let mut run = KernelRun::new(func, &adapted, &setup.options)?;
    while run.step() {}
    let end = run.finish();
    Ok(KernelCheck::new(setup, adapted, end))
}

/// The netlist of `func` driven by the golden call's inputs (what [`KernelRun`] simulates).
pub fn build_circuit(
    func: &Func,
    timing: &TimingModel,
    setup: &CheckSetup,
) -> Result<Adapted, Vec<Diagnostic>> {
    build_netlist(
        func,
        timing,
        &kernel_inputs(setup.golden, &setup.other_memories),
    )
}

/// A kernel check advanced cycle by cycle, for callers that interleave the run with other work
/// (the web app's worker runs it in slices): [`KernelRun::step`] until it returns false, then
/// [`KernelRun::finish`] and [`KernelCheck::new`]. [`check_circuit`] is this loop at once.
pub struct KernelRun<'a> {
    func: &'a Func,
    sim: Simulator<'a>,
    /// Loop headers with the channel of their output.
    headers: Vec<(crate::handshake::OpId, usize)>,
    /// Per header, the cycles in which its output transferred.
    transfers: Vec<Vec<u64>>,
    /// Transfers on every channel so far.
    moved: u64,
    compact: Option<CompactTrace>,
    snapshots: Option<Snapshots>,
    /// The circuit's load-store queues, and their record once recording.
    queues: Vec<super::UnitId>,
    lsq: Option<LsqTrace>,
}

/// The byte budget of a run's [`LsqTrace`].
pub const LSQ_TRACE_BUDGET: usize = 32 << 20;

/// A finished [`KernelRun`].
#[derive(Clone, Debug)]
pub struct RunEnd {
    /// The simulator's result.
    pub result: SimResult,
    /// Each loop's measured interval.
    pub loops: Vec<LoopIi>,
    /// The compact record, if one was kept ([`KernelRun::recording`]).
    pub compact: Option<CompactTrace>,
    /// Snapshots of the cycles the compact record had no room for.
    pub snapshots: Option<Snapshots>,
    /// The load-store queues' record, if one was kept.
    pub lsq: Option<LsqTrace>,
    /// Each load-store queue's demand for entries, by unit.
    pub lsq_demands: Vec<(super::UnitId, (usize, usize))>,
}

impl<'a> KernelRun<'a> {
    /// Prepares the run of `adapted` (built from `func`) at cycle 0.
    pub fn new(
        func: &'a Func,
        adapted: &'a Adapted,
        options: &SimOptions,
    ) -> Result<Self, Vec<Diagnostic>> {
        let headers = loop_headers(func, adapted);
        Ok(KernelRun {
            func,
            sim: Simulator::new(&adapted.netlist, options)?,
            transfers: vec![Vec::new(); headers.len()],
            headers,
            moved: 0,
            compact: None,
            snapshots: None,
            queues: (0..adapted.netlist.units.len())
                .filter(|&u| matches!(adapted.netlist.units[u].kind, UnitKind::Lsq { .. }))
                .collect(),
            lsq: None,
        })
    }

    /// Also records every simulated cycle in `trace` until its budget is reached, and from
    /// then on keeps `snapshots` of the run, so that every cycle can be replayed; with the
    /// trace, the entries of the circuit's load-store queues, if it has any.
    pub fn recording(mut self, trace: CompactTrace, snapshots: Snapshots) -> Self {
        self.compact = Some(trace);
        self.snapshots = Some(snapshots);
        self.lsq =
            (!self.queues.is_empty()).then(|| LsqTrace::new(self.queues.clone(), LSQ_TRACE_BUDGET));
        self
    }

    /// Simulates one cycle; false once the run has ended (then does nothing).
    pub fn step(&mut self) -> bool {
        if let (Some(t), Some(s)) = (&self.compact, &mut self.snapshots) {
            if !t.has_room() {
                s.offer(&self.sim);
            }
        }
        if let (Some(t), Some(q)) = (&self.compact, &mut self.lsq) {
            if t.has_room() {
                q.record(&self.sim);
            }
        }
        let cycle = self.sim.cycle();
        let running = self.sim.step().is_none();
        if self.sim.cycle() == cycle {
            return false;
        }
        let sig = self.sim.signals();
        if let Some(t) = &mut self.compact {
            t.record(sig);
        }
        if running {
            for (k, &(_, c)) in self.headers.iter().enumerate() {
                if sig.valid[c] && sig.ready[c] {
                    self.transfers[k].push(cycle);
                }
            }
        }
        self.moved += sig
            .valid
            .iter()
            .zip(&sig.ready)
            .filter(|&(&v, &r)| v && r)
            .count() as u64;
        running
    }

    /// The simulator (its cycle, the signals of the last simulated cycle, its work so far).
    pub fn simulator(&self) -> &Simulator<'a> {
        &self.sim
    }

    /// Transfers on every channel so far.
    pub fn transfers(&self) -> u64 {
        self.moved
    }

    /// The compact record so far, if one is kept.
    pub fn compact(&self) -> Option<&CompactTrace> {
        self.compact.as_ref()
    }

    /// The basic blocks of the loop headers, and the tokens that passed them so far (the
    /// iterations the circuit has started, entries included).
    pub fn header_tokens(&self) -> (Vec<u32>, u64) {
        let blocks = self
            .headers
            .iter()
            .filter_map(|&(op, _)| self.func.op(op)?.bb)
            .collect();
        (blocks, self.transfers.iter().map(|t| t.len() as u64).sum())
    }

    /// The result so far (normally called once [`KernelRun::step`] returned false).
    pub fn finish(self) -> RunEnd {
        let loops = self
            .headers
            .iter()
            .zip(&self.transfers)
            .map(|(&(op, _), t)| {
                let o = self.func.op(op);
                LoopIi {
                    bb: o.and_then(|o| o.bb),
                    name: o.and_then(|o| o.name.clone()).unwrap_or_default(),
                    tokens: t.len() as u64,
                    ii: steady_interval(t),
                }
            })
            .collect();
        let lsq_demands = self.sim.lsq_demands();
        RunEnd {
            lsq_demands,
            result: self.sim.finish(),
            loops,
            compact: self.compact,
            snapshots: self.snapshots,
            lsq: self.lsq,
        }
    }
}

impl KernelCheck {
    /// The check of a finished run of `adapted`: its outputs read back and compared with the
    /// golden call of `setup`.
    pub fn new(setup: &CheckSetup, adapted: Adapted, end: RunEnd) -> Self {
        let result = end.result;
        let simulated = read_back(setup, &adapted, &result.outputs, &result.memories);
        let mismatches = compare(setup.golden, &simulated);
        let lsq_demands = end
            .lsq_demands
            .iter()
            .filter_map(|&(u, demand)| match adapted.unit_origins.get(u)? {
                UnitOrigin::Op(op) => Some((*op, demand)),
                _ => None,
            })
            .collect();
        KernelCheck {
            lsq_demands,
            adapted,
            status: result.status,
            cycles: result.cycles,
            evaluations: result.evaluations,
            simulated,
            mismatches,
            loops: end.loops,
            trace: result.trace,
            compact: end.compact,
            snapshots: end.snapshots,
            lsq: end.lsq,
        }
    }
}

/// Loop headers (`control_merge`s on cycles) with the netlist channel of their data output.
fn loop_headers(func: &Func, adapted: &Adapted) -> Vec<(crate::handshake::OpId, usize)> {
    let cycles = cyclic_channels(func);
    let channel_of: BTreeMap<ValueId, usize> = adapted
        .channel_values
        .iter()
        .enumerate()
        .map(|(c, &v)| (v, c))
        .collect();
    adapted
        .unit_origins
        .iter()
        .filter_map(|o| match o {
            UnitOrigin::Op(id) => Some(*id),
            _ => None,
        })
        .filter_map(|id| {
            let op = func.op(id)?;
            let out = *op.results.first()?;
            let is_header = matches!(op.kind, OpKind::ControlMerge) && cycles.op_on_cycle(id);
            is_header.then_some((id, *channel_of.get(&out)?))
        })
        .collect()
}

/// The steady-state gap between consecutive cycles. The gaps that make up at least a third of
/// all gaps are the loop's pattern: its interval is their mean, rounded to the nearest cycle
/// (a header that runs ahead of its body in bursts, gaps 2, 4, 2, 4, …, passes tokens at the
/// body's rate, 3). The rarer gaps (the loop's filling, an inner loop's re-entries) do not
/// count. Without such gaps, the most frequent one (the smaller on ties).
fn steady_interval(cycles: &[u64]) -> Option<u64> {
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for w in cycles.windows(2) {
        *counts.entry(w[1] - w[0]).or_default() += 1;
    }
    let total: u64 = counts.values().sum();
    let (weighted, n) = counts
        .iter()
        .filter(|&(_, &n)| 3 * n >= total)
        .fold((0, 0), |(s, m), (&gap, &n)| (s + gap * n, m + n));
    if n > 0 {
        return Some((weighted as f64 / n as f64).round() as u64);
    }
    let best = counts.values().copied().max()?;
    counts.into_iter().find(|&(_, n)| n == best).map(|(g, _)| g)
}

/// The call as the circuit computed it.
fn read_back(
    setup: &CheckSetup,
    adapted: &Adapted,
    outputs: &[Option<u64>],
    memories: &[Vec<u64>],
) -> KernelCall {
    let golden = setup.golden;
    let memory_by_name: BTreeMap<&str, &Vec<u64>> = adapted
        .netlist
        .memories
        .iter()
        .zip(memories)
        .map(|(m, words)| (m.name.as_str(), words))
        .collect();
    let outputs_now = golden
        .inputs
        .iter()
        .map(|a| {
            let values = match (a.ty.is_array(), memory_by_name.get(a.name.as_str())) {
                (true, Some(words)) => words
                    .iter()
                    .map(|&w| Scalar::from_bits(w, a.ty.scalar))
                    .collect(),
                (true, None) => Vec::new(),
                (false, _) => a.values.clone(),
            };
            ArgValues {
                name: a.name.clone(),
                ty: a.ty.clone(),
                values,
            }
        })
        .collect();
    let ret = setup.ret.and_then(|t| {
        let k = adapted.exit_names.iter().position(|n| n == "out0")?;
        outputs
            .get(k)
            .copied()
            .flatten()
            .map(|b| Scalar::from_bits(b, t))
    });
    KernelCall {
        inputs: golden.inputs.clone(),
        outputs: outputs_now,
        ret,
    }
}

/// True when `got` is an acceptable value for `expected`.
pub fn scalar_matches(expected: Scalar, got: Scalar) -> bool {
    fn close(a: f64, b: f64, rel: f64) -> bool {
        if a.is_nan() || b.is_nan() {
            return a.is_nan() && b.is_nan();
        }
        if a.is_infinite() || b.is_infinite() {
            return a == b;
        }
        (a - b).abs() <= rel * a.abs().max(b.abs())
    }
    match (expected, got) {
        (Scalar::Int(a), Scalar::Int(b)) => a == b,
        (Scalar::F32(a), Scalar::F32(b)) => close(a as f64, b as f64, 1e-5),
        (Scalar::F64(a), Scalar::F64(b)) => close(a, b, 1e-12),
        _ => false,
    }
}

/// Every output of `got` that differs from `expected`.
pub fn compare(expected: &KernelCall, got: &KernelCall) -> Vec<Mismatch> {
    let mut out = Vec::new();
    if expected.ret.is_some() || got.ret.is_some() {
        let ok = match (expected.ret, got.ret) {
            (Some(e), Some(g)) => scalar_matches(e, g),
            (None, None) => true,
            _ => false,
        };
        if !ok {
            out.push(Mismatch {
                what: "return".into(),
                index: 0,
                expected: expected.ret,
                got: got.ret,
            });
        }
    }
    for e in &expected.outputs {
        let g = got.outputs.iter().find(|g| g.name == e.name);
        let n = e.values.len().max(g.map_or(0, |g| g.values.len()));
        for i in 0..n {
            let ev = e.values.get(i).copied();
            let gv = g.and_then(|g| g.values.get(i).copied());
            let ok = matches!((ev, gv), (Some(a), Some(b)) if scalar_matches(a, b));
            if !ok {
                out.push(Mismatch {
                    what: e.name.clone(),
                    index: i,
                    expected: ev,
                    got: gv,
                });
            }
        }
    }
    out
}

/// The basic blocks whose units wait in a deadlock, each with the waiting ops' names (ops
/// without a block are left out).
pub fn waiting_blocks(
    report: &DeadlockReport,
    func: &Func,
    adapted: &Adapted,
) -> BTreeMap<u32, Vec<String>> {
    let mut blocks: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for w in &report.waits {
        let Some(UnitOrigin::Op(id)) = adapted.unit_origins.get(w.waiter) else {
            continue;
        };
        let Some(op) = func.op(*id) else { continue };
        let (Some(bb), Some(name)) = (op.bb, op.name.clone()) else {
            continue;
        };
        let list = blocks.entry(bb).or_default();
        if !list.contains(&name) {
            list.push(name);
        }
    }
    blocks
}

/// A deadlock report in terms of the IR: the netlist report, then the waiting ops by basic
/// block.
pub fn describe_deadlock(report: &DeadlockReport, func: &Func, adapted: &Adapted) -> String {
    let mut s = report.render(&adapted.netlist);
    for (bb, names) in waiting_blocks(report, func, adapted) {
        s.push_str(&format!(
            "\nwaiting in basic block {bb}: {}",
            names.join(", ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::steady_interval;

    #[test]
    fn the_interval_is_the_mean_of_the_frequent_gaps() {
        assert_eq!(steady_interval(&[]), None);
        assert_eq!(steady_interval(&[7]), None);
        assert_eq!(steady_interval(&[3, 5]), Some(2));
        // Bursts count at their mean; a prologue and rare re-entries do not count.
        let mut cycles = vec![0, 9];
        for _ in 0..20 {
            let last = *cycles.last().unwrap();
            cycles.extend([last + 2, last + 6]);
        }
        assert_eq!(steady_interval(&cycles), Some(3));
        let mut nested: Vec<u64> = (0..30).map(|k| 3 * k).collect();
        let last = *nested.last().unwrap();
        nested.extend((0..30).map(|k| last + 79 + 3 * k));
        assert_eq!(steady_interval(&nested), Some(3));
        // No frequent gap: the most frequent one, the smaller on ties.
        assert_eq!(steady_interval(&[0, 1, 3, 6, 10, 15, 20]), Some(5));
        assert_eq!(steady_interval(&[0, 1, 3, 6, 10]), Some(1));
        let steady: Vec<u64> = (0..40).map(|k| 5 + 2 * k).collect();
        assert_eq!(steady_interval(&steady), Some(2));
    }
}
