//! The timing of one unit as the placements see it: its latency, whether paths restart at it,
//! its data/valid and ready delays and where it keeps a waiting token, from the timing model
//! and two rules.
//!
//! * [`PathRule`]: which forward signals a placement constrains. FPGA20 constrains data paths
//!   only, as the reference compiler's FPGA20 does (a control merge's or a branch's valid
//!   delay does not count, and a pipelined unit's output, the load's included, is registered);
//!   FPL22 and the reports take the larger of the data and valid delays and a pipelined unit's
//!   delay from its last register to its output, as characterised.
//! * A load or store port served by a load-store queue takes the queue's timing (`lsq_load`,
//!   `lsq_store`): its latency is the queue's, address in to value out.
//! * Operations that are only wiring cost nothing: a shift by a constant amount, and an `and`
//!   or `or` with a constant (each result bit is an operand bit or a constant bit). The
//!   constant may reach the unit through forks and buffers.
//!
//! Invariant: a merge-like unit has a positive data/valid delay under either rule (at least
//! [`MIN_MERGE_DELAY_NS`]), so every cycle of the circuit has a positive delay and the timing
//! constraints alone force a data/valid cut on it.

use super::cfdfc::is_memory_interface;
use super::circuit::{Hold, Unit};
use crate::handshake::{BinOp, Func, Op, OpKind, ValueId};
use crate::timing::{Signal, TimingModel};

/// Which forward signals a placement's timing constraints cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathRule {
    /// Data paths only; pipelined units' outputs registered (FPGA20).
    DataOnly,
    /// The larger of data and valid delays (FPL22, the reports).
    DataAndValid,
}

/// The smallest data/valid delay of a merge-like unit (see the module invariant).
pub const MIN_MERGE_DELAY_NS: f64 = 1e-3;

/// The timing of `op` of `func`, whose first operand is `width` bits wide, under `rule`.
pub(super) fn unit_timing(
    func: &Func,
    op: &Op,
    width: u32,
    timing: &TimingModel,
    rule: PathRule,
) -> Unit {
    let kind = &op.kind;
    if let OpKind::Buffer(p) = kind {
        let ty = p.effective_type();
        let (breaks_dv, breaks_r) = (ty.breaks_dv(), ty.breaks_r());
        let t = timing.buffer(ty.as_str());
        return Unit {
            latency: u32::from(breaks_dv),
            sequential: breaks_dv,
            delay: t.map_or(0.0, |t| forward(rule, t.data, t.valid)),
            ready_delay: t.map_or(0.0, |t| t.ready),
            breaks_ready: breaks_r,
            holds: Hold::Register,
        };
    }
    if is_memory_interface(kind) {
        return Unit {
            latency: 1,
            sequential: true,
            delay: 0.0,
            ready_delay: 0.0,
            breaks_ready: true,
            holds: Hold::Register,
        };
    }
    let name = match kind {
        OpKind::Load if behind_lsq(func, op) => "lsq_load",
        OpKind::Store if behind_lsq(func, op) => "lsq_store",
        _ => kind.mnemonic(),
    };
    let latency = timing.latency(name, width).unwrap_or(0);
    let data = if is_wiring(func, op) {
        0.0
    } else {
        timing.delay(name, Signal::Data, width).unwrap_or(0.0)
    };
    let valid = timing.delay(name, Signal::Valid, width).unwrap_or(0.0);
    let ready = timing.delay(name, Signal::Ready, width).unwrap_or(0.0);
    let mut delay = match rule {
        PathRule::DataOnly if latency > 0 => 0.0,
        _ => forward(rule, data, valid),
    };
    if kind.is_merge_like() {
        delay = delay.max(MIN_MERGE_DELAY_NS);
    }
    Unit {
        latency,
        sequential: latency > 0,
        delay,
        ready_delay: ready,
        breaks_ready: false,
        holds: match kind {
            _ if latency > 0 => Hold::Register,
            OpKind::ControlMerge | OpKind::Source => Hold::Register,
            OpKind::Fork => Hold::Input,
            _ => Hold::Upstream,
        },
    }
}

/// Whether the load or store port `op` is served by a load-store queue: a load's data comes
/// from one, a store's address goes to one (looking through forks and buffers).
pub(super) fn behind_lsq(func: &Func, op: &Op) -> bool {
    let is_lsq = |v: ValueId| {
        func.defining_op(v)
            .and_then(|d| func.op(d))
            .is_some_and(|o| matches!(o.kind, OpKind::Lsq { .. }))
    };
    match op.kind {
        OpKind::Load => op.operands.get(1).is_some_and(|&v| is_lsq(v)),
        OpKind::Store => {
            let mut v = op.results.first().copied();
            while let Some(cur) = v {
                let users = func.users(cur);
                let Some(&(user, _)) = users.first() else {
                    return false;
                };
                match func.op(user).map(|o| &o.kind) {
                    Some(OpKind::Lsq { .. }) => return true,
                    Some(OpKind::Buffer(_) | OpKind::Fork | OpKind::LazyFork) => {
                        v = func.results(user).first().copied();
                    }
                    _ => return false,
                }
            }
            false
        }
        _ => false,
    }
}

/// The forward delay under `rule` of a unit with these data and valid delays.
fn forward(rule: PathRule, data: f64, valid: f64) -> f64 {
    match rule {
        PathRule::DataOnly => data,
        PathRule::DataAndValid => data.max(valid),
    }
}

/// Whether `op` is only wiring: a shift by a constant, an `and`/`or` with a constant.
fn is_wiring(func: &Func, op: &Op) -> bool {
    let constant = |i: usize| op.operands.get(i).is_some_and(|&v| is_constant(func, v));
    match op.kind {
        OpKind::Bin(BinOp::ShlI | BinOp::ShrSI | BinOp::ShrUI) => constant(1),
        OpKind::Bin(BinOp::AndI | BinOp::OrI) => constant(0) || constant(1),
        _ => false,
    }
}

/// Whether `v` is a constant's value, possibly through forks and buffers.
fn is_constant(func: &Func, mut v: ValueId) -> bool {
    // Each step goes to an operand of the defining op; a chain longer than the function's
    // ops would be a cycle of forks and buffers, which carries no constant.
    for _ in 0..=func.ops().count() {
        let Some(op) = func.defining_op(v).and_then(|o| func.op(o)) else {
            return false;
        };
        match op.kind {
            OpKind::Constant { .. } => return true,
            OpKind::Fork | OpKind::LazyFork | OpKind::Buffer(_) => match op.operands.first() {
                Some(&input) => v = input,
                None => return false,
            },
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;
    use crate::handshake::parse_module;

    fn timings(text: &str, rule: PathRule) -> Vec<(String, f64)> {
        let (m, diags) = parse_module(text, FileId(0));
        assert!(diags.is_empty(), "{diags:?}");
        let f = &m.funcs[0];
        let t = TimingModel::builtin().unwrap();
        f.ops()
            .map(|(_, op)| {
                let w = op
                    .operands
                    .first()
                    .and_then(|&v| f.ty(v))
                    .map_or(32, |t| t.data_width());
                let u = unit_timing(f, op, w, &t, rule);
                (op.kind.mnemonic().to_string(), u.delay)
            })
            .collect()
    }

    const SHIFTS: &str = r#"handshake.func @k(%a: !handshake.channel<i32>, %b: !handshake.channel<i32>, %start: !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["a", "b", "start"], resNames = ["out0", "end"]} {
  %s:2 = fork [2] %start : <>
  %c = constant %s#0 {value = 2 : i32} : <>, <i32>
  %cf:2 = fork [2] %c : <i32>
  %x = shli %a, %cf#0 : <i32>
  %y = shli %x, %b : <i32>
  %z = andi %cf#1, %y : <i32>
  %w = xori %z, %a : <i32>
  end %w, %s#1 : <i32>, <>
}"#;

    #[test]
    fn shifts_and_masks_by_constants_are_wires() {
        let t = TimingModel::builtin().unwrap();
        let shift = t.delay("shli", Signal::Data, 32).unwrap();
        let xor = t.delay("xori", Signal::Data, 32).unwrap();
        let delays = timings(SHIFTS, PathRule::DataOnly);
        let of = |name: &str| -> Vec<f64> {
            delays
                .iter()
                .filter(|(n, _)| n == name)
                .map(|d| d.1)
                .collect()
        };
        // Through the fork: the first shift and the mask are wires; the shift by `%b` and
        // the xor with `%a` are not.
        assert_eq!(of("shli"), vec![0.0, shift]);
        assert_eq!(of("andi"), vec![0.0]);
        assert_eq!(of("xori"), vec![xor]);
    }

    #[test]
    fn fpga20_times_data_only_and_keeps_merges_positive() {
        let t = TimingModel::builtin().unwrap();
        let text = r#"handshake.func @k(%a: !handshake.channel<i32>, %start: !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["a", "start"], resNames = ["out0", "end"]} {
  %m, %i = control_merge [%start] : [<>] to <>, <i1>
  %l = muli %a, %a : <i32>
  end %l, %m : <i32>, <>
}"#;
        let data_only = timings(text, PathRule::DataOnly);
        let both = timings(text, PathRule::DataAndValid);
        let cmerge_valid = t.delay("control_merge", Signal::Valid, 1).unwrap();
        assert_eq!(data_only[0], ("control_merge".into(), MIN_MERGE_DELAY_NS));
        assert_eq!(both[0], ("control_merge".into(), cmerge_valid));
        assert_eq!(data_only[1].1, 0.0);
    }
}
