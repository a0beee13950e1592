//! Per-operation RTL parameters and port names (rtl-templates/README.md §1.3 and §2).
//!
//! [`op_shape`] gives, for one Handshake operation, the `hw.name` of its extern, its structural
//! RTL parameters, the port name of every operand and result, and (memory controllers only) the
//! plain-signal ports of the memory side.
//!
//! The `LATENCY` of every arithmetic unit comes from the timing model (`configs/timing.json` or
//! a user's), looked up exactly as the simulator does ([`op_latency`]), so that the RTL and the
//! simulator pipeline each unit identically. Integer units other than the pipelined ones
//! ([`pipelined_int`]) have combinational templates: a timing model giving them a latency is
//! an error rather than a silent disagreement with the simulator.

use super::{HwPort, PortDir, PortName};
use crate::handshake::{Attr, BinOp, CastOp, Func, Op, OpKind, Type, UnOp};
use crate::rtl::config::RtlParamValue;
use crate::timing::TimingModel;

/// The latency in cycles of `op` in `timing`: the entry of its mnemonic at the width of its
/// first operand (32 without operands), 0 without an entry; the simulator's rule.
pub fn op_latency(timing: &TimingModel, f: &Func, op: &Op) -> u64 {
    let w = op.operands.first().map_or(32, |&v| width(f, v));
    timing.latency(op.kind.mnemonic(), w).unwrap_or(0).into()
}

/// Integer operations whose templates are pipelined (`LATENCY` ≥ 1, rtl-templates/README.md
/// §5.2).
fn pipelined_int(b: BinOp) -> bool {
    matches!(b, BinOp::MulI | BinOp::DivSI | BinOp::DivUI | BinOp::RemSI)
}

/// Checks that a unit with a combinational template has latency 0 in the timing model.
fn combinational(timing: &TimingModel, f: &Func, op: &Op) -> Result<(), String> {
    match op_latency(timing, f, op) {
        0 => Ok(()),
        l => Err(format!(
            "the timing model gives `{}` a latency of {l} cycles, but its RTL unit is \
             combinational",
            op.kind.mnemonic()
        )),
    }
}

/// What the lowering needs to know about one operation.
pub(crate) struct OpShape {
    /// `hw.name`.
    pub hw_name: String,
    /// Structural RTL parameters.
    pub params: Vec<(String, RtlParamValue)>,
    /// The port of each operand (`None`: not a port, e.g. a memory controller's memref).
    pub inputs: Vec<Option<PortName>>,
    /// The port of each result.
    pub outputs: Vec<PortName>,
    /// Whether the unit's inputs are control-only whatever their operands carry (`join`: its
    /// only parameter is SIZE, so its ports cannot depend on the operands' data; the data of a
    /// data-carrying operand is dropped at the port, as the simulator's join does).
    pub control_inputs: bool,
    /// Memory-side plain signals (memory controllers): name, direction, width.
    pub memory: Vec<(PortName, PortDir, u32)>,
    /// The extern's typed ports, filled in by the lowering.
    pub ports: Vec<HwPort>,
}

fn u(name: &str, v: u64) -> (String, RtlParamValue) {
    (name.to_string(), RtlParamValue::Unsigned(v))
}

fn s(name: &str, v: &str) -> (String, RtlParamValue) {
    (name.to_string(), RtlParamValue::String(v.to_string()))
}

fn names(list: &[&str]) -> Vec<PortName> {
    list.iter().map(|n| PortName::scalar(n)).collect()
}

fn array(base: &str, n: usize) -> Vec<PortName> {
    (0..n as u32).map(|i| PortName::element(base, i)).collect()
}

fn some(v: Vec<PortName>) -> Vec<Option<PortName>> {
    v.into_iter().map(Some).collect()
}

/// Number of bits needed to tell `n` things apart (at least 1).
pub(crate) fn bits_for(n: u64) -> u32 {
    let mut w = 1;
    while w < 64 && (1u64 << w) < n {
        w += 1;
    }
    w
}

/// `value` as exactly `width` binary digits, most significant first (two's complement).
fn binary(value: u64, width: u32) -> String {
    (0..width)
        .rev()
        .map(|b| {
            if b < 64 && (value >> b) & 1 == 1 {
                '1'
            } else {
                '0'
            }
        })
        .collect()
}

fn constant_bits(value: &Attr) -> Result<u64, String> {
    match value {
        Attr::Bool(b) => Ok(u64::from(*b)),
        Attr::Int { value, .. } => Ok(*value as u64),
        Attr::Float { bits, .. } => Ok(*bits),
        other => Err(format!("unsupported constant value {other:?}")),
    }
}

fn width(f: &Func, v: crate::handshake::ValueId) -> u32 {
    f.ty(v).map_or(0, Type::data_width)
}

/// The shape of `op` in `f` with latencies from `timing`; `Ok(None)` for `handshake.end`, which
/// the glue wires directly to the top module's outputs.
pub(crate) fn op_shape(f: &Func, op: &Op, timing: &TimingModel) -> Result<Option<OpShape>, String> {
    let ins = &op.operands;
    let outs = &op.results;
    let w_in = |i: usize| ins.get(i).map_or(0, |&v| width(f, v));
    let w_out = |i: usize| outs.get(i).map_or(0, |&v| width(f, v));
    let latency = op_latency(timing, f, op);
    let simple = |name: &str, params, inputs: Vec<PortName>, outputs: Vec<PortName>| {
        Ok(Some(OpShape {
            hw_name: format!("handshake.{name}"),
            params,
            inputs: some(inputs),
            outputs,
            control_inputs: matches!(op.kind, OpKind::Join),
            memory: Vec::new(),
            ports: Vec::new(),
        }))
    };
    match &op.kind {
        OpKind::End => Ok(None),
        OpKind::Fork | OpKind::LazyFork => simple(
            op.kind.mnemonic(),
            vec![
                u("SIZE", outs.len() as u64),
                u("DATA_WIDTH", w_in(0).into()),
            ],
            names(&["ins"]),
            array("outs", outs.len()),
        ),
        OpKind::Join => simple(
            "join",
            vec![u("SIZE", ins.len() as u64)],
            array("ins", ins.len()),
            names(&["outs"]),
        ),
        OpKind::Merge => simple(
            "merge",
            vec![
                u("SIZE", ins.len() as u64),
                u("DATA_WIDTH", w_out(0).into()),
            ],
            array("ins", ins.len()),
            names(&["outs"]),
        ),
        OpKind::Mux => {
            let mut inputs = names(&["index"]);
            inputs.extend(array("ins", ins.len().saturating_sub(1)));
            simple(
                "mux",
                vec![
                    u("SIZE", ins.len().saturating_sub(1) as u64),
                    u("DATA_WIDTH", w_out(0).into()),
                    u("SELECT_WIDTH", w_in(0).into()),
                ],
                inputs,
                names(&["outs"]),
            )
        }
        OpKind::ControlMerge => simple(
            "control_merge",
            vec![
                u("SIZE", ins.len() as u64),
                u("DATA_WIDTH", w_out(0).into()),
                u("INDEX_WIDTH", w_out(1).into()),
            ],
            array("ins", ins.len()),
            names(&["outs", "index"]),
        ),
        OpKind::Br | OpKind::Sink => {
            let outputs = if outs.is_empty() {
                vec![]
            } else {
                names(&["outs"])
            };
            simple(
                op.kind.mnemonic(),
                vec![u("DATA_WIDTH", w_in(0).into())],
                names(&["ins"]),
                outputs,
            )
        }
        OpKind::Source => simple("source", vec![], vec![], names(&["outs"])),
        OpKind::CondBr => simple(
            "cond_br",
            vec![u("DATA_WIDTH", w_in(1).into())],
            names(&["condition", "data"]),
            names(&["trueOut", "falseOut"]),
        ),
        OpKind::Constant { value } => {
            let w = w_out(0);
            simple(
                "constant",
                vec![
                    u("DATA_WIDTH", w.into()),
                    s("VALUE", &binary(constant_bits(value)?, w)),
                ],
                names(&["ctrl"]),
                names(&["outs"]),
            )
        }
        OpKind::Select => simple(
            "select",
            vec![u("DATA_WIDTH", w_out(0).into())],
            names(&["condition", "trueValue", "falseValue"]),
            names(&["result"]),
        ),
        OpKind::Buffer(b) => simple(
            "buffer",
            vec![
                s("BUFFER_TYPE", b.effective_type().as_str()),
                u("NUM_SLOTS", b.num_slots.into()),
                u("DATA_WIDTH", w_in(0).into()),
            ],
            names(&["ins"]),
            names(&["outs"]),
        ),
        OpKind::Load | OpKind::Store if ins.len() == 2 && outs.len() == 2 => {
            let (inputs, outputs) = if matches!(op.kind, OpKind::Load) {
                (["addrIn", "dataFromMem"], ["addrOut", "dataOut"])
            } else {
                (["addrIn", "dataIn"], ["addrOut", "dataToMem"])
            };
            simple(
                op.kind.mnemonic(),
                vec![
                    u("ADDR_WIDTH", w_in(0).into()),
                    u("DATA_WIDTH", w_in(1).into()),
                ],
                names(&inputs),
                names(&outputs),
            )
        }
        OpKind::MemController { .. } => mem_controller(f, op),
        OpKind::Bin(b) if !b.is_float() => {
            let mut params = vec![u("DATA_WIDTH", w_in(0).into())];
            if pipelined_int(*b) {
                params.push(u("LATENCY", latency));
            } else {
                combinational(timing, f, op)?;
            }
            simple(
                b.as_str(),
                params,
                names(&["lhs", "rhs"]),
                names(&["result"]),
            )
        }
        OpKind::Bin(b) => simple(
            b.as_str(),
            vec![u("FLOAT_WIDTH", w_in(0).into()), u("LATENCY", latency)],
            names(&["lhs", "rhs"]),
            names(&["result"]),
        ),
        OpKind::CmpF(p) => simple(
            "cmpf",
            vec![
                u("FLOAT_WIDTH", w_in(0).into()),
                s("PREDICATE", p.as_str()),
                u("LATENCY", latency),
            ],
            names(&["lhs", "rhs"]),
            names(&["result"]),
        ),
        OpKind::Un(un @ (UnOp::NegF | UnOp::AbsF)) => simple(
            un.as_str(),
            vec![u("FLOAT_WIDTH", w_in(0).into()), u("LATENCY", latency)],
            names(&["ins"]),
            names(&["outs"]),
        ),
        OpKind::CmpI(p) => {
            combinational(timing, f, op)?;
            simple(
                "cmpi",
                vec![u("DATA_WIDTH", w_in(0).into()), s("PREDICATE", p.as_str())],
                names(&["lhs", "rhs"]),
                names(&["result"]),
            )
        }
        OpKind::Un(un @ (UnOp::AbsI | UnOp::NotI)) => {
            combinational(timing, f, op)?;
            simple(
                if *un == UnOp::AbsI { "absi" } else { "noti" },
                vec![u("DATA_WIDTH", w_in(0).into())],
                names(&["ins"]),
                names(&["outs"]),
            )
        }
        OpKind::Cast(c @ (CastOp::ExtSI | CastOp::ExtUI | CastOp::TruncI)) => {
            combinational(timing, f, op)?;
            simple(
                c.as_str(),
                vec![
                    u("INPUT_WIDTH", w_in(0).into()),
                    u("OUTPUT_WIDTH", w_out(0).into()),
                ],
                names(&["ins"]),
                names(&["outs"]),
            )
        }
        OpKind::Cast(c) => {
            let mut params = match c {
                CastOp::SIToFP | CastOp::UIToFP => vec![
                    u("INPUT_WIDTH", w_in(0).into()),
                    u("FLOAT_WIDTH", w_out(0).into()),
                ],
                CastOp::FPToSI | CastOp::FPToUI => vec![
                    u("FLOAT_WIDTH", w_in(0).into()),
                    u("OUTPUT_WIDTH", w_out(0).into()),
                ],
                _ => vec![],
            };
            params.push(u("LATENCY", latency));
            simple(c.as_str(), params, names(&["ins"]), names(&["outs"]))
        }
        other => Err(format!(
            "operation `handshake.{}` has no RTL implementation in this back end",
            other.mnemonic()
        )),
    }
}

/// What feeds a memory controller's port operand.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum McPort {
    MemStart,
    Ctrl,
    LdAddr,
    StAddr,
    StData,
    CtrlEnd,
}

fn mem_controller(f: &Func, op: &Op) -> Result<Option<OpShape>, String> {
    let ins = &op.operands;
    if ins.len() < 3 {
        return Err("a memory controller needs a memref, a start and an end operand".into());
    }
    let Some(Type::MemRef { shape, elem }) = f.ty(ins[0]) else {
        return Err("a memory controller's first operand must be a memref".into());
    };
    let depth: u64 = shape.iter().product();
    let data_width = elem.bit_width();
    // The lowering's own classification, which looks through the buffers and lazy forks that
    // memory ordering puts between an access and its controller.
    let ports = op
        .results
        .first()
        .and_then(|&r| f.defining_op(r))
        .and_then(|id| crate::lower::controller_ports(f, id))
        .ok_or("a memory controller's port operands cannot be classified")?;
    let mut kinds = vec![McPort::MemStart];
    kinds.extend((2..ins.len() - 1).map(|i| {
        if ports.ld_addr.contains(&i) {
            McPort::LdAddr
        } else if ports.st_addr.contains(&i) {
            McPort::StAddr
        } else if ports.st_data.contains(&i) {
            McPort::StData
        } else {
            McPort::Ctrl
        }
    }));
    kinds.push(McPort::CtrlEnd);
    let count = |k: McPort| kinds.iter().filter(|&&x| x == k).count();
    let (nc, nl, ns) = (
        count(McPort::Ctrl),
        count(McPort::LdAddr),
        count(McPort::StAddr),
    );
    if ns != count(McPort::StData) {
        return Err("a memory controller needs as many store data as store addresses".into());
    }
    if op.results.len() != nl + 1 {
        return Err(format!(
            "a memory controller with {nl} load ports must have {} results",
            nl + 1
        ));
    }
    let addr_width = ins[2..ins.len() - 1]
        .iter()
        .zip(&kinds[1..])
        .find(|(_, k)| matches!(k, McPort::LdAddr | McPort::StAddr))
        .map_or(bits_for(depth), |(&v, _)| width(f, v));
    let mut seen = [0u32; 6];
    let mut inputs = vec![None];
    for k in &kinds {
        let i = seen[*k as usize];
        seen[*k as usize] += 1;
        inputs.push(Some(match k {
            McPort::MemStart => PortName::scalar("memStart"),
            McPort::CtrlEnd => PortName::scalar("ctrlEnd"),
            McPort::Ctrl => PortName::element("ctrl", i),
            McPort::LdAddr => PortName::element("ldAddr", i),
            McPort::StAddr => PortName::element("stAddr", i),
            McPort::StData => PortName::element("stData", i),
        }));
    }
    let mut outputs = array("ldData", nl);
    outputs.push(PortName::scalar("memEnd"));
    let memory = vec![
        (PortName::scalar("loadEn"), PortDir::Out, 1),
        (PortName::scalar("loadAddr"), PortDir::Out, addr_width),
        (PortName::scalar("loadData"), PortDir::In, data_width),
        (PortName::scalar("storeEn"), PortDir::Out, 1),
        (PortName::scalar("storeAddr"), PortDir::Out, addr_width),
        (PortName::scalar("storeData"), PortDir::Out, data_width),
    ];
    Ok(Some(OpShape {
        hw_name: "handshake.mem_controller".into(),
        params: vec![
            u("NUM_CONTROLS", nc as u64),
            u("NUM_LOADS", nl as u64),
            u("NUM_STORES", ns as u64),
            u("DATA_WIDTH", data_width.into()),
            u("ADDR_WIDTH", addr_width.into()),
        ],
        inputs,
        outputs,
        control_inputs: false,
        memory,
        ports: Vec::new(),
    }))
}

/// The rank of a memory-controller input port in the extern's port order
/// (rtl-templates/README.md §1.3): memStart, ctrl, ldAddr, stAddr, stData, ctrlEnd.
pub(crate) fn port_rank(name: &PortName) -> (u32, u32) {
    let r = match name.base.as_str() {
        "memStart" => 0,
        "ctrl" => 1,
        "ldAddr" => 2,
        "stAddr" => 3,
        "stData" => 4,
        "ctrlEnd" => 5,
        _ => 0,
    };
    (r, name.index.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_values_have_exact_width() {
        assert_eq!(binary(42, 8), "00101010");
        assert_eq!(binary(-1i64 as u64, 4), "1111");
        assert_eq!(binary(1, 1), "1");
        assert_eq!(bits_for(64), 6);
        assert_eq!(bits_for(65), 7);
        assert_eq!(bits_for(1), 1);
    }
}
