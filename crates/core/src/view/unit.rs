//! What each operation is drawn as: its [`UnitClass`] and its one-line label.

use super::model::UnitClass;
use crate::handshake::{Op, OpKind};

/// The class of an operation kind.
pub fn class(kind: &OpKind) -> UnitClass {
    match kind {
        OpKind::Fork | OpKind::LazyFork => UnitClass::Fork,
        OpKind::Merge => UnitClass::Merge,
        OpKind::Mux => UnitClass::Mux,
        OpKind::ControlMerge => UnitClass::ControlMerge,
        OpKind::Br | OpKind::CondBr => UnitClass::Branch,
        OpKind::Bin(_)
        | OpKind::Un(_)
        | OpKind::Cast(_)
        | OpKind::CmpI(_)
        | OpKind::CmpF(_)
        | OpKind::Select => UnitClass::Arithmetic,
        OpKind::Load | OpKind::Store | OpKind::MemController { .. } | OpKind::Lsq { .. } => {
            UnitClass::Memory
        }
        OpKind::Buffer(_) => UnitClass::Buffer,
        OpKind::Constant { .. } => UnitClass::Constant,
        OpKind::Source | OpKind::Sink | OpKind::Join | OpKind::Blocker => UnitClass::Control,
        OpKind::End | OpKind::Return => UnitClass::End,
        OpKind::Instance { .. }
        | OpKind::Bundle
        | OpKind::Unbundle
        | OpKind::Compose
        | OpKind::Decompose => UnitClass::Other,
    }
}

/// The role of result `port` of an operation, where it has one worth showing: a branch's
/// `true`/`false` output, a control merge's `index`.
pub fn result_role(kind: &OpKind, port: usize) -> &'static str {
    match (kind, port) {
        (OpKind::CondBr, 0) => "true",
        (OpKind::CondBr, 1) => "false",
        (OpKind::ControlMerge, 1) => "index",
        _ => "",
    }
}

/// The role of operand `port` of an operation, where it has one worth showing: a mux's
/// `select`, a branch's or select's `condition`, a load's or store's `address`, a store's
/// `data`.
pub fn operand_role(kind: &OpKind, port: usize) -> &'static str {
    match (kind, port) {
        (OpKind::Mux, 0) => "select",
        (OpKind::CondBr | OpKind::Select, 0) => "condition",
        (OpKind::Load | OpKind::Store, 0) => "address",
        (OpKind::Store, 1) => "data",
        _ => "",
    }
}

/// The one-line label of an operation: its mnemonic with what distinguishes it (fan-out,
/// predicate, constant value, buffer type and slots, callee).
pub fn label(op: &Op) -> String {
    let m = op.kind.mnemonic();
    match &op.kind {
        OpKind::Fork | OpKind::LazyFork => format!("{m} ×{}", op.results.len()),
        OpKind::Merge | OpKind::ControlMerge | OpKind::Join => {
            format!("{m} ×{}", op.operands.len())
        }
        OpKind::Mux => format!("{m} ×{}", op.operands.len().saturating_sub(1)),
        OpKind::CmpI(p) => format!("cmpi {p}"),
        OpKind::CmpF(p) => format!("cmpf {p}"),
        OpKind::Constant { value } => format!("constant {value}"),
        OpKind::Buffer(b) => format!("buffer {} ×{}", b.effective_type(), b.num_slots),
        OpKind::Instance { callee, .. } => format!("instance @{callee}"),
        _ => m.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handshake::{BufferParams, BufferType, CmpIPred, Func, Type};

    #[test]
    fn labels_say_what_distinguishes_a_unit() {
        let mut f = Func::new("k");
        let a = f.add_arg(Type::int_channel(32), None);
        let fork = f.add_op(OpKind::Fork, vec![a], vec![Type::int_channel(32); 3]);
        let cmp = f.add_op(
            OpKind::CmpI(CmpIPred::Slt),
            vec![a, a],
            vec![Type::int_channel(1)],
        );
        let buf = f.add_op(
            OpKind::Buffer(BufferParams::new(BufferType::FifoBreakDV, 2)),
            vec![a],
            vec![Type::int_channel(32)],
        );
        let label_of = |id| label(f.op(id).unwrap());
        assert_eq!(label_of(fork), "fork ×3");
        assert_eq!(label_of(cmp), "cmpi slt");
        assert_eq!(label_of(buf), "buffer FIFO_BREAK_DV ×2");
        assert_eq!(class(&f.op(buf).unwrap().kind), UnitClass::Buffer);
        assert_eq!(class(&f.op(cmp).unwrap().kind), UnitClass::Arithmetic);
    }
}
