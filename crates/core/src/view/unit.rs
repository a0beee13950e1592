//! What each operation is drawn as: its [`UnitClass`] and its one-line label.

use super::class::UnitClass;
use crate::handshake::{Func, Namer, Op, OpId, OpKind};

/// The unit name of operation `id`: its unique name, else its mnemonic and id (`fork3`).
pub fn op_name(op: &Op, id: OpId) -> String {
    op.name
        .clone()
        .unwrap_or_else(|| format!("{}{}", op.kind.mnemonic(), id.0))
}

/// The unit name of argument `i` of `func`: its source name, else its value's.
pub fn arg_name(func: &Func, namer: &Namer, i: usize) -> String {
    func.arg_names.get(i).cloned().unwrap_or_else(|| {
        func.args
            .get(i)
            .map_or_else(String::new, |&v| namer.name(v))
    })
}

/// The class of an operation kind.
pub fn class(kind: &OpKind) -> UnitClass {
    match kind {
        OpKind::Fork => UnitClass::Fork,
        OpKind::LazyFork => UnitClass::LazyFork,
        OpKind::Join => UnitClass::Join,
        OpKind::Merge => UnitClass::Merge,
        OpKind::Mux => UnitClass::Mux,
        OpKind::ControlMerge => UnitClass::ControlMerge,
        OpKind::Br | OpKind::CondBr => UnitClass::Branch,
        OpKind::Select => UnitClass::Select,
        OpKind::Bin(_) | OpKind::Un(_) | OpKind::Cast(_) => UnitClass::Arithmetic,
        OpKind::CmpI(_) | OpKind::CmpF(_) => UnitClass::Compare,
        OpKind::Load => UnitClass::Load,
        OpKind::Store => UnitClass::Store,
        OpKind::MemController { .. } => UnitClass::MemController,
        OpKind::Lsq { .. } => UnitClass::Lsq,
        OpKind::Buffer(b) => UnitClass::of_buffer(b.effective_type()),
        OpKind::Constant { .. } => UnitClass::Constant,
        OpKind::Source => UnitClass::Source,
        OpKind::Sink => UnitClass::Sink,
        OpKind::End | OpKind::Return => UnitClass::End,
        OpKind::Blocker
        | OpKind::Instance { .. }
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
        assert_eq!(class(&f.op(buf).unwrap().kind), UnitClass::FifoDv);
        assert_eq!(class(&f.op(cmp).unwrap().kind), UnitClass::Compare);
        assert_eq!(class(&f.op(fork).unwrap().kind), UnitClass::Fork);
    }

    #[test]
    fn every_class_has_its_own_name_glyph_and_sentence() {
        use crate::view::about_class;
        use std::collections::BTreeSet;
        for c in UnitClass::ALL {
            if let Some(kind) = c.sample() {
                assert_eq!(class(&kind), c, "{}", c.name());
            }
        }
        let names: BTreeSet<&str> = UnitClass::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), UnitClass::ALL.len());
        let sentences: BTreeSet<String> = UnitClass::ALL.into_iter().map(about_class).collect();
        assert_eq!(sentences.len(), UnitClass::ALL.len());
        assert_eq!(UnitClass::ShiftReg.family(), "buffer");
        assert_eq!(UnitClass::Compare.family(), "arithmetic");
        assert_eq!(UnitClass::Mux.family(), "mux");
    }
}
