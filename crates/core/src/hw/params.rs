//! Per-operation RTL parameters and port names (rtl-templates/README.md §1.3 and §2).
//!
//! [`op_shape`] gives, for one Handshake operation, the `hw.name` of its extern, its structural
//! RTL parameters, the port name of every operand and result, and (memory controllers only) the
//! plain-signal ports of the memory side (memory controllers and load-store queues).
//!
//! The `LATENCY` of every arithmetic unit comes from the timing model (`configs/timing.json` or
//! a user's), looked up exactly as the simulator does ([`op_latency`]), so that the RTL and the
//! simulator pipeline each unit identically. Integer units other than the pipelined ones
//! ([`pipelined_int`]) have combinational templates: a timing model giving them a latency is
//! an error rather than a silent disagreement with the simulator.

use super::{HwPort, PortDir, PortName};
use crate::bits::bits_for;
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
    let unit = Unit { f, op, timing };
    let shape = match &op.kind {
        OpKind::End => return Ok(None),
        OpKind::MemController { .. } => return mem_controller(f, op),
        OpKind::Lsq { .. } => return lsq(f, op).map(Some),
        OpKind::Fork
        | OpKind::LazyFork
        | OpKind::Br
        | OpKind::Sink
        | OpKind::Source
        | OpKind::CondBr
        | OpKind::Select => unit.steering(),
        OpKind::Join | OpKind::Merge | OpKind::Mux | OpKind::ControlMerge => unit.merging(),
        OpKind::Constant { .. } | OpKind::Buffer(_) => unit.constant_or_buffer(),
        OpKind::Load | OpKind::Store => unit.memory_access(),
        kind if float_arithmetic(kind) => unit.float_arithmetic(),
        OpKind::Bin(_) | OpKind::CmpI(_) | OpKind::Un(_) | OpKind::Cast(_) => {
            unit.integer_arithmetic()
        }
        other => Err(no_rtl(other)),
    };
    shape.map(Some)
}

/// The error for an operation kind the RTL back end has no unit for.
fn no_rtl(kind: &OpKind) -> String {
    format!(
        "operation `handshake.{}` has no RTL implementation in this back end",
        kind.mnemonic()
    )
}

/// Whether `kind` is float arithmetic (operations, comparisons and the conversions other
/// than integer extensions and truncation).
fn float_arithmetic(kind: &OpKind) -> bool {
    match kind {
        OpKind::Bin(b) => b.is_float(),
        OpKind::Un(u) => u.is_float(),
        OpKind::CmpF(_) => true,
        OpKind::Cast(c) => !matches!(c, CastOp::ExtSI | CastOp::ExtUI | CastOp::TruncI),
        _ => false,
    }
}

/// One operation being shaped, with what its shape depends on.
struct Unit<'a> {
    f: &'a Func,
    op: &'a Op,
    timing: &'a TimingModel,
}

impl Unit<'_> {
    /// The data width of operand `i` (0 if there is none).
    fn w_in(&self, i: usize) -> u32 {
        self.op.operands.get(i).map_or(0, |&v| width(self.f, v))
    }

    /// The data width of result `i` (0 if there is none).
    fn w_out(&self, i: usize) -> u32 {
        self.op.results.get(i).map_or(0, |&v| width(self.f, v))
    }

    /// The unit's latency in the timing model ([`op_latency`]).
    fn latency(&self) -> u64 {
        op_latency(self.timing, self.f, self.op)
    }

    /// Checks that the timing model gives the unit no latency ([`combinational`]).
    fn combinational(&self) -> Result<(), String> {
        combinational(self.timing, self.f, self.op)
    }

    /// The shape of an extern `handshake.<name>` with every operand a port.
    fn simple(
        &self,
        name: &str,
        params: Vec<(String, RtlParamValue)>,
        inputs: Vec<PortName>,
        outputs: Vec<PortName>,
    ) -> OpShape {
        OpShape {
            hw_name: format!("handshake.{name}"),
            params,
            inputs: some(inputs),
            outputs,
            control_inputs: matches!(self.op.kind, OpKind::Join),
            memory: Vec::new(),
            ports: Vec::new(),
        }
    }

    /// Units that pass tokens on or choose where they go: `fork`, `lazy_fork`, `br`,
    /// `sink`, `source`, `cond_br`, `select`.
    fn steering(&self) -> Result<OpShape, String> {
        let kind = &self.op.kind;
        let outs = self.op.results.len();
        Ok(match kind {
            OpKind::Fork | OpKind::LazyFork => self.simple(
                kind.mnemonic(),
                vec![u("SIZE", outs as u64), u("DATA_WIDTH", self.w_in(0).into())],
                names(&["ins"]),
                array("outs", outs),
            ),
            OpKind::Br | OpKind::Sink => {
                let outputs = if outs == 0 { vec![] } else { names(&["outs"]) };
                self.simple(
                    kind.mnemonic(),
                    vec![u("DATA_WIDTH", self.w_in(0).into())],
                    names(&["ins"]),
                    outputs,
                )
            }
            OpKind::Source => self.simple("source", vec![], vec![], names(&["outs"])),
            OpKind::CondBr => self.simple(
                "cond_br",
                vec![u("DATA_WIDTH", self.w_in(1).into())],
                names(&["condition", "data"]),
                names(&["trueOut", "falseOut"]),
            ),
            OpKind::Select => self.simple(
                "select",
                vec![u("DATA_WIDTH", self.w_out(0).into())],
                names(&["condition", "trueValue", "falseValue"]),
                names(&["result"]),
            ),
            other => return Err(no_rtl(other)),
        })
    }

    /// Units that join or merge their inputs into one output: `join`, `merge`, `mux`,
    /// `control_merge`.
    fn merging(&self) -> Result<OpShape, String> {
        let ins = self.op.operands.len();
        Ok(match &self.op.kind {
            OpKind::Join => self.simple(
                "join",
                vec![u("SIZE", ins as u64)],
                array("ins", ins),
                names(&["outs"]),
            ),
            OpKind::Merge => self.simple(
                "merge",
                vec![u("SIZE", ins as u64), u("DATA_WIDTH", self.w_out(0).into())],
                array("ins", ins),
                names(&["outs"]),
            ),
            OpKind::Mux => {
                let mut inputs = names(&["index"]);
                inputs.extend(array("ins", ins.saturating_sub(1)));
                self.simple(
                    "mux",
                    vec![
                        u("SIZE", ins.saturating_sub(1) as u64),
                        u("DATA_WIDTH", self.w_out(0).into()),
                        u("SELECT_WIDTH", self.w_in(0).into()),
                    ],
                    inputs,
                    names(&["outs"]),
                )
            }
            OpKind::ControlMerge => self.simple(
                "control_merge",
                vec![
                    u("SIZE", ins as u64),
                    u("DATA_WIDTH", self.w_out(0).into()),
                    u("INDEX_WIDTH", self.w_out(1).into()),
                ],
                array("ins", ins),
                names(&["outs", "index"]),
            ),
            other => return Err(no_rtl(other)),
        })
    }

    /// `constant` (its value as binary digits of its width) and `buffer`.
    fn constant_or_buffer(&self) -> Result<OpShape, String> {
        Ok(match &self.op.kind {
            OpKind::Constant { value } => {
                let w = self.w_out(0);
                self.simple(
                    "constant",
                    vec![
                        u("DATA_WIDTH", w.into()),
                        s("VALUE", &binary(constant_bits(value)?, w)),
                    ],
                    names(&["ctrl"]),
                    names(&["outs"]),
                )
            }
            OpKind::Buffer(b) => self.simple(
                "buffer",
                vec![
                    s("BUFFER_TYPE", b.effective_type().as_str()),
                    u("NUM_SLOTS", b.num_slots.into()),
                    u("DATA_WIDTH", self.w_in(0).into()),
                ],
                names(&["ins"]),
                names(&["outs"]),
            ),
            other => return Err(no_rtl(other)),
        })
    }

    /// `load` and `store` with their two operands and two results (address and data).
    fn memory_access(&self) -> Result<OpShape, String> {
        let kind = &self.op.kind;
        if self.op.operands.len() != 2 || self.op.results.len() != 2 {
            return Err(no_rtl(kind));
        }
        let (inputs, outputs) = match kind {
            OpKind::Load => (["addrIn", "dataFromMem"], ["addrOut", "dataOut"]),
            OpKind::Store => (["addrIn", "dataIn"], ["addrOut", "dataToMem"]),
            other => return Err(no_rtl(other)),
        };
        Ok(self.simple(
            kind.mnemonic(),
            vec![
                u("ADDR_WIDTH", self.w_in(0).into()),
                u("DATA_WIDTH", self.w_in(1).into()),
            ],
            names(&inputs),
            names(&outputs),
        ))
    }

    /// Integer operations, comparisons, extensions and truncation: combinational templates
    /// but for the pipelined operations ([`pipelined_int`]), which take the model's latency.
    fn integer_arithmetic(&self) -> Result<OpShape, String> {
        let data_width = || u("DATA_WIDTH", self.w_in(0).into());
        Ok(match &self.op.kind {
            OpKind::Bin(b) => {
                let mut params = vec![data_width()];
                if pipelined_int(*b) {
                    params.push(u("LATENCY", self.latency()));
                } else {
                    self.combinational()?;
                }
                self.simple(
                    b.as_str(),
                    params,
                    names(&["lhs", "rhs"]),
                    names(&["result"]),
                )
            }
            OpKind::CmpI(p) => {
                self.combinational()?;
                self.simple(
                    "cmpi",
                    vec![data_width(), s("PREDICATE", p.as_str())],
                    names(&["lhs", "rhs"]),
                    names(&["result"]),
                )
            }
            OpKind::Un(un) => {
                self.combinational()?;
                self.simple(
                    if *un == UnOp::AbsI { "absi" } else { "noti" },
                    vec![data_width()],
                    names(&["ins"]),
                    names(&["outs"]),
                )
            }
            OpKind::Cast(c) => {
                self.combinational()?;
                self.simple(
                    c.as_str(),
                    vec![
                        u("INPUT_WIDTH", self.w_in(0).into()),
                        u("OUTPUT_WIDTH", self.w_out(0).into()),
                    ],
                    names(&["ins"]),
                    names(&["outs"]),
                )
            }
            other => return Err(no_rtl(other)),
        })
    }

    /// Float operations, comparisons and conversions ([`float_arithmetic`]): pipelined
    /// templates with the model's latency.
    fn float_arithmetic(&self) -> Result<OpShape, String> {
        let latency = u("LATENCY", self.latency());
        let float_width = || u("FLOAT_WIDTH", self.w_in(0).into());
        Ok(match &self.op.kind {
            OpKind::Bin(b) => self.simple(
                b.as_str(),
                vec![float_width(), latency],
                names(&["lhs", "rhs"]),
                names(&["result"]),
            ),
            OpKind::CmpF(p) => self.simple(
                "cmpf",
                vec![float_width(), s("PREDICATE", p.as_str()), latency],
                names(&["lhs", "rhs"]),
                names(&["result"]),
            ),
            OpKind::Un(un) => self.simple(
                un.as_str(),
                vec![float_width(), latency],
                names(&["ins"]),
                names(&["outs"]),
            ),
            OpKind::Cast(c) => {
                let mut params = match c {
                    CastOp::SIToFP | CastOp::UIToFP => vec![
                        u("INPUT_WIDTH", self.w_in(0).into()),
                        u("FLOAT_WIDTH", self.w_out(0).into()),
                    ],
                    CastOp::FPToSI | CastOp::FPToUI => {
                        vec![float_width(), u("OUTPUT_WIDTH", self.w_out(0).into())]
                    }
                    _ => vec![],
                };
                params.push(latency);
                self.simple(c.as_str(), params, names(&["ins"]), names(&["outs"]))
            }
            other => return Err(no_rtl(other)),
        })
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
    let memory = memory_side(addr_width, data_width);
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

/// The memory-side plain signals of a memory interface (controller or queue).
fn memory_side(addr_width: u32, data_width: u32) -> Vec<(PortName, PortDir, u32)> {
    vec![
        (PortName::scalar("loadEn"), PortDir::Out, 1),
        (PortName::scalar("loadAddr"), PortDir::Out, addr_width),
        (PortName::scalar("loadData"), PortDir::In, data_width),
        (PortName::scalar("storeEn"), PortDir::Out, 1),
        (PortName::scalar("storeAddr"), PortDir::Out, addr_width),
        (PortName::scalar("storeData"), PortDir::Out, data_width),
    ]
}

/// A load-store queue (`crate::rtl::lsq`): its operands classified by the lowering's own
/// [`crate::lower::lsq_ports`], named like a memory controller's (memStart, `ctrl` control
/// channels one per group, ldAddr, stAddr, stData, ctrlEnd; results ldData, memEnd), its groups
/// in the string parameter GROUPS. Beside a memory controller (BESIDE_MC = 1) it has no
/// memStart nor memory side, but the channels ldDataFromMC (in) and ldAddrToMC, stAddrToMC,
/// stDataToMC (out).
fn lsq(f: &Func, op: &Op) -> Result<OpShape, String> {
    let ins = &op.operands;
    let ports = op
        .results
        .first()
        .and_then(|&r| f.defining_op(r))
        .and_then(|id| crate::lower::lsq_ports(f, id))
        .ok_or("a load-store queue's operands do not fit its group sizes")?;
    let beside_mc = ports.from_mc.is_some();
    let link = if beside_mc {
        crate::lower::lsq::MC_LINK_RESULTS
    } else {
        0
    };
    let (nl, ns) = (ports.ld_addr.len(), ports.st_addr.len());
    if op.results.len() != nl + link + 1 {
        return Err(format!(
            "a load-store queue with {nl} load ports must have {} results",
            nl + link + 1
        ));
    }
    let (elem, depth) = match ins.first().and_then(|&m| f.ty(m)) {
        Some(Type::MemRef { shape: dims, elem }) if !beside_mc => {
            (*elem, dims.iter().product::<u64>())
        }
        _ if beside_mc => {
            let data = f.ty(op.results[nl + 2]).and_then(Type::data);
            let Some(elem) = data else {
                return Err("a load-store queue's stDataToMC must carry data".into());
            };
            (elem, 1)
        }
        _ => return Err("a load-store queue's first operand must be a memref".into()),
    };
    let addr_width = ports
        .ld_addr
        .iter()
        .chain(&ports.st_addr)
        .map(|&i| width(f, ins[i]))
        .next()
        .unwrap_or(bits_for(depth));
    let mut inputs = vec![None; ins.len()];
    if !beside_mc {
        inputs[1] = Some(PortName::scalar("memStart"));
    }
    inputs[ins.len() - 1] = Some(PortName::scalar("ctrlEnd"));
    if let Some(i) = ports.from_mc {
        inputs[i] = Some(PortName::scalar("ldDataFromMC"));
    }
    let roles = [
        ("ctrl", &ports.ctrl),
        ("ldAddr", &ports.ld_addr),
        ("stAddr", &ports.st_addr),
        ("stData", &ports.st_data),
    ];
    for (base, list) in roles {
        for (k, &i) in list.iter().enumerate() {
            inputs[i] = Some(PortName::element(base, k as u32));
        }
    }
    let mut outputs = array("ldData", nl);
    if beside_mc {
        outputs.extend(["ldAddrToMC", "stAddrToMC", "stDataToMC"].map(PortName::scalar));
    }
    outputs.push(PortName::scalar("memEnd"));
    let shape = &ports.shape;
    Ok(OpShape {
        hw_name: "handshake.lsq".into(),
        params: vec![
            u("NUM_GROUPS", shape.groups.len() as u64),
            u("NUM_LOADS", nl as u64),
            u("NUM_STORES", ns as u64),
            u("DATA_WIDTH", elem.bit_width().into()),
            u("ADDR_WIDTH", addr_width.into()),
            u("LDQ_DEPTH", shape.ldq_depth as u64),
            u("STQ_DEPTH", shape.stq_depth as u64),
            s("GROUPS", &crate::rtl::lsq::groups_param(&shape.groups)),
            u("BESIDE_MC", u64::from(beside_mc)),
        ],
        inputs,
        outputs,
        control_inputs: false,
        memory: if beside_mc {
            Vec::new()
        } else {
            memory_side(addr_width, elem.bit_width())
        },
        ports: Vec::new(),
    })
}

/// The rank of a memory-controller or load-store-queue input port in the extern's port order
/// (rtl-templates/README.md §1.3): memStart, ctrl, ldAddr, stAddr, stData, ldDataFromMC,
/// ctrlEnd.
pub(crate) fn port_rank(name: &PortName) -> (u32, u32) {
    let r = match name.base.as_str() {
        "memStart" => 0,
        "ctrl" => 1,
        "ldAddr" => 2,
        "stAddr" => 3,
        "stData" => 4,
        "ldDataFromMC" => 5,
        "ctrlEnd" => 6,
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
    }
}
