//! The unbundled ports of Handshake operations and functions: the interface every later phase
//! starts from, and the structure the web app renders in its hardware view of a unit.
//!
//! A value's type unbundles into signals ([`unbundle_type`]):
//! * `channel<T, [extras]>` → data (`T`), valid, ready, then one signal per extra signal;
//! * `control<[extras]>` → valid, ready, then the extras;
//! * `memref<…xT>` → data (`T`), valid, ready;
//! * a raw type `T` → data only.
//!
//! Port `i` of side `s` gives the ports `<in|out>_<role>_<i>` (`in_data_0`, `out_ready_1`,
//! `in_extra_spec_0`; unnamed extras are called `extra<k>` by their position `k`).

use super::ir::{ChannelRef, Port, PortDir, Role, Side};
use crate::handshake::{Func, OpId, OpKind, Type, ValueId};

/// The signals a value of this type unbundles into, as (role, width), in port order.
pub fn unbundle_type(ty: &Type) -> Vec<(Role, u32)> {
    let mut out = Vec::new();
    match ty {
        Type::Channel { data, .. } => {
            out.push((Role::Data, data.bit_width()));
            out.extend([(Role::Valid, 1), (Role::Ready, 1)]);
        }
        Type::Control(_) => out.extend([(Role::Valid, 1), (Role::Ready, 1)]),
        Type::MemRef { elem, .. } => {
            out.push((Role::Data, elem.bit_width()));
            out.extend([(Role::Valid, 1), (Role::Ready, 1)]);
        }
        Type::Raw(r) => out.push((Role::Data, r.bit_width())),
    }
    for (k, e) in ty.extras().iter().enumerate() {
        let name = e.name.clone().unwrap_or_else(|| format!("extra{k}"));
        out.push((Role::Extra { name, dir: e.dir }, e.ty.bit_width()));
    }
    out
}

/// The phase-1 ports of one Handshake port: every signal in the channel's direction.
pub fn channel_ports(channel: ChannelRef, ty: &Type) -> Vec<Port> {
    unbundle_type(ty)
        .into_iter()
        .map(|(role, width)| Port::unbundled(channel, role, width))
        .collect()
}

/// The phase-1 ports of a list of operand types and result types.
pub fn unbundled_ports(operands: &[Type], results: &[Type]) -> Vec<Port> {
    let side = |side, types: &[Type]| -> Vec<Port> {
        types
            .iter()
            .enumerate()
            .flat_map(|(i, t)| {
                let channel = ChannelRef {
                    side,
                    index: i as u32,
                };
                channel_ports(channel, t)
            })
            .collect()
    };
    let mut ports = side(Side::Operand, operands);
    ports.extend(side(Side::Result, results));
    ports
}

/// One port of a unit as the web app shows it (serializes to JSON with the value's index).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UnitPort {
    /// The port (name, width, final direction, original port, role).
    pub port: Port,
    /// The Handshake value (channel) the port belongs to.
    #[serde(serialize_with = "value_index")]
    pub value: ValueId,
}

fn value_index<S: serde::Serializer>(v: &ValueId, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(v.0)
}

impl UnitPort {
    /// The port's direction after ready inversion (ready and upstream extras against data).
    pub fn dir(&self) -> PortDir {
        self.port.dir
    }
}

/// The ports of an operation after ready inversion (before bit splitting), in port order, each
/// with the value it belongs to. Empty for an erased or unknown op.
pub fn op_ports(f: &Func, op: OpId) -> Vec<UnitPort> {
    let Some(o) = f.op(op) else {
        return Vec::new();
    };
    let values: Vec<ValueId> = o.operands.iter().chain(&o.results).copied().collect();
    let types = |vs: &[ValueId]| -> Vec<Type> {
        vs.iter()
            .map(|&v| f.ty(v).cloned().unwrap_or(Type::control()))
            .collect()
    };
    let ports = unbundled_ports(&types(&o.operands), &types(&o.results));
    attach_values(ports, &values, o.operands.len())
}

/// The ports of a function (its top module) after ready inversion: arguments, then the
/// operands of its `end` as results. Empty without a body.
pub fn func_ports(f: &Func) -> Vec<UnitPort> {
    let Some(end) = f.end_op() else {
        return Vec::new();
    };
    let results: Vec<ValueId> = f.operands(end).to_vec();
    let values: Vec<ValueId> = f.args.iter().chain(&results).copied().collect();
    let ports = unbundled_ports(&f.arg_types(), &f.result_types);
    attach_values(ports, &values, f.args.len())
}

fn attach_values(ports: Vec<Port>, values: &[ValueId], n_operands: usize) -> Vec<UnitPort> {
    ports
        .into_iter()
        .filter_map(|mut port| {
            let at = match port.channel.side {
                Side::Operand => port.channel.index as usize,
                Side::Result => n_operands + port.channel.index as usize,
            };
            if port.role.against_data() {
                port.dir = port.dir.flipped();
            }
            values.get(at).map(|&value| UnitPort { port, value })
        })
        .collect()
}

/// The behaviour name of an op's subcircuit: its mnemonic, with the callee for instances.
pub fn behaviour(kind: &OpKind) -> String {
    match kind {
        OpKind::Instance { callee, .. } => format!("instance @{callee}"),
        other => other.mnemonic().to_string(),
    }
}
