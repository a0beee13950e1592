//! Functions and modules: flat arenas of values and operations with typed ids, plus the
//! builder/mutation API that lowering and passes use.
//!
//! Invariants kept by this API (checked again by the verifier for IR built by hand):
//! * a value's [`ValueDef`] names the op (and result index) or the argument that defines it, and
//!   that op lists the value at that index;
//! * erased operations stay in the arena as tombstones (ids are never reused) and leave the
//!   program order; their results remain as values so that dangling uses can be reported;
//! * name hints are unique within a function and well formed (see [`is_valid_hint`]).
//!
//! Iteration is in program order ([`Func::ops`]), which is the order the printer writes.

use super::attr::Attr;
use super::ops::{Op, OpKind};
use super::types::Type;
use crate::diag::Span;
use std::collections::BTreeMap;

/// Identifies an operation of one [`Func`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u32);

/// Identifies a value (argument or op result) of one [`Func`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// A source location. Locations never make two IRs different: `==` ignores them, so that
/// `parse(print(ir)) == ir` holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct SourceLoc(pub Option<Span>);

impl PartialEq for SourceLoc {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The function argument at this index.
    Arg(u32),
    /// Result `index` of operation `op`.
    Result {
        /// The defining op.
        op: OpId,
        /// The result position.
        index: u32,
    },
}

/// A value: its type, its definition and an optional name hint for printing.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The type.
    pub ty: Type,
    /// The definition.
    pub def: ValueDef,
    name: Option<String>,
    /// Where it was defined (the name in the text).
    pub loc: SourceLoc,
}

impl Value {
    /// The name hint (`addressResult` for `%addressResult`), if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
}

/// True for name hints the printer can write back verbatim: an identifier
/// `[A-Za-z_$.][A-Za-z0-9_$.-]*`, optionally followed by `#N` (member N of a result group
/// printed `%name:k`).
pub fn is_valid_hint(s: &str) -> bool {
    let (base, group) = match s.split_once('#') {
        Some((b, g)) => (b, Some(g)),
        None => (s, None),
    };
    let mut chars = base.chars();
    let head_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || "_$.".contains(c));
    let tail_ok = chars.all(|c| c.is_ascii_alphanumeric() || "_$.-".contains(c));
    let group_ok = group.is_none_or(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()));
    head_ok && tail_ok && group_ok
}

/// A Handshake function: signature, attributes and (unless external) a graph of operations.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Func {
    /// The symbol name (without `@`).
    pub name: String,
    /// `private` visibility (external declarations).
    pub private: bool,
    /// Whether `...` follows the arguments in the text (Dynamatic prints it).
    pub variadic: bool,
    /// The arguments, in order.
    pub args: Vec<ValueId>,
    /// `argNames` (empty when absent).
    pub arg_names: Vec<String>,
    /// `resNames` (empty when absent).
    pub res_names: Vec<String>,
    /// The result types.
    pub result_types: Vec<Type>,
    /// False for external functions (declarations without a body).
    pub has_body: bool,
    /// Other function attributes, verbatim.
    pub attrs: BTreeMap<String, Attr>,
    /// Where it was written (the function's name).
    pub loc: SourceLoc,
    values: Vec<Value>,
    ops: Vec<Option<Op>>,
    order: Vec<OpId>,
    hints: BTreeMap<String, ValueId>,
}

/// A module: functions in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Module {
    /// The functions.
    pub funcs: Vec<Func>,
}

impl Module {
    /// The function with this name.
    pub fn func(&self, name: &str) -> Option<&Func> {
        self.funcs.iter().find(|f| f.name == name)
    }

    /// The function with this name, mutably.
    pub fn func_mut(&mut self, name: &str) -> Option<&mut Func> {
        self.funcs.iter_mut().find(|f| f.name == name)
    }
}

impl Func {
    /// A new function with a body and no arguments, results or operations.
    pub fn new(name: &str) -> Func {
        Func {
            name: name.to_string(),
            has_body: true,
            ..Func::default()
        }
    }

    /// Adds an argument of this type (and optional name hint); returns its value.
    pub fn add_arg(&mut self, ty: Type, hint: Option<&str>) -> ValueId {
        let index = self.args.len() as u32;
        let v = self.new_value(ty, ValueDef::Arg(index), hint);
        self.args.push(v);
        v
    }

    /// Appends an operation with these operands and result types; returns its id. Its results
    /// are `self.op(id).results`.
    pub fn add_op(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        result_types: Vec<Type>,
    ) -> OpId {
        let id = self.create_op(kind, operands, result_types);
        self.order.push(id);
        id
    }

    /// Appends an operation with its basic block and unique name set (see
    /// [`Func::unique_op_name`]); returns its id.
    pub fn add_named_op(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        result_types: Vec<Type>,
        bb: Option<u32>,
        name: &str,
    ) -> OpId {
        let id = self.add_op(kind, operands, result_types);
        if let Some(op) = self.op_mut(id) {
            op.bb = bb;
            op.name = Some(name.to_string());
        }
        id
    }

    /// The first name `prefixN` (N = 0, 1, …) that no live op of the function uses, in
    /// Dynamatic's style (`fork0`, `fork1`).
    pub fn unique_op_name(&self, prefix: &str) -> String {
        let used: std::collections::BTreeSet<&str> = self
            .ops()
            .filter_map(|(_, op)| op.name.as_deref())
            .collect();
        (0..)
            .map(|n| format!("{prefix}{n}"))
            .find(|n| !used.contains(n.as_str()))
            .unwrap_or_default()
    }

    /// The operands of an op (empty for an erased or unknown op).
    pub fn operands(&self, op: OpId) -> &[ValueId] {
        self.op(op).map_or(&[], |o| o.operands.as_slice())
    }

    /// The results of an op (empty for an erased or unknown op).
    pub fn results(&self, op: OpId) -> &[ValueId] {
        self.op(op).map_or(&[], |o| o.results.as_slice())
    }

    /// Inserts an operation just before `anchor` in program order (at the end when `anchor` is
    /// not a live op).
    pub fn insert_op_before(
        &mut self,
        anchor: OpId,
        kind: OpKind,
        operands: Vec<ValueId>,
        result_types: Vec<Type>,
    ) -> OpId {
        let id = self.create_op(kind, operands, result_types);
        let at = self
            .order
            .iter()
            .position(|&o| o == anchor)
            .unwrap_or(self.order.len());
        self.order.insert(at, id);
        id
    }

    fn create_op(&mut self, kind: OpKind, operands: Vec<ValueId>, result_types: Vec<Type>) -> OpId {
        let id = OpId(self.ops.len() as u32);
        let results = result_types
            .into_iter()
            .enumerate()
            .map(|(i, ty)| {
                self.new_value(
                    ty,
                    ValueDef::Result {
                        op: id,
                        index: i as u32,
                    },
                    None,
                )
            })
            .collect();
        self.ops.push(Some(Op {
            kind,
            operands,
            results,
            bb: None,
            name: None,
            hw_params: BTreeMap::new(),
            attrs: BTreeMap::new(),
            loc: SourceLoc::default(),
            origin: None,
        }));
        id
    }

    fn new_value(&mut self, ty: Type, def: ValueDef, hint: Option<&str>) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        self.values.push(Value {
            ty,
            def,
            name: None,
            loc: SourceLoc::default(),
        });
        if let Some(h) = hint {
            self.set_name_hint(id, Some(h));
        }
        id
    }

    /// Sets (or clears) a value's name hint. Returns false, leaving the hint unset, when the
    /// hint is malformed (see [`is_valid_hint`]) or already used by another value.
    pub fn set_name_hint(&mut self, v: ValueId, hint: Option<&str>) -> bool {
        let Some(value) = self.values.get_mut(v.0 as usize) else {
            return false;
        };
        if let Some(old) = value.name.take() {
            self.hints.remove(&old);
        }
        let Some(h) = hint else { return true };
        if !is_valid_hint(h) || self.hints.contains_key(h) {
            return false;
        }
        self.hints.insert(h.to_string(), v);
        self.values[v.0 as usize].name = Some(h.to_string());
        true
    }

    /// The value carrying this name hint.
    pub fn value_by_hint(&self, hint: &str) -> Option<ValueId> {
        self.hints.get(hint).copied()
    }

    /// A value (None for an id out of range).
    pub fn value(&self, v: ValueId) -> Option<&Value> {
        self.values.get(v.0 as usize)
    }

    /// A value, mutably (to change its type or location).
    pub fn value_mut(&mut self, v: ValueId) -> Option<&mut Value> {
        self.values.get_mut(v.0 as usize)
    }

    /// The type of a value (None for an id out of range).
    pub fn ty(&self, v: ValueId) -> Option<&Type> {
        self.value(v).map(|x| &x.ty)
    }

    /// Every value with its id, in creation order (values of erased ops included).
    pub fn values(&self) -> impl Iterator<Item = (ValueId, &Value)> {
        self.values
            .iter()
            .enumerate()
            .map(|(i, v)| (ValueId(i as u32), v))
    }

    /// The number of values in the arena.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// A live operation (None for an erased op or an id out of range).
    pub fn op(&self, id: OpId) -> Option<&Op> {
        self.ops.get(id.0 as usize).and_then(Option::as_ref)
    }

    /// A live operation, mutably (to set its bb, name, attributes or kind).
    pub fn op_mut(&mut self, id: OpId) -> Option<&mut Op> {
        self.ops.get_mut(id.0 as usize).and_then(Option::as_mut)
    }

    /// The live operations in program order.
    pub fn ops(&self) -> impl Iterator<Item = (OpId, &Op)> {
        self.order
            .iter()
            .filter_map(|&id| self.op(id).map(|op| (id, op)))
    }

    /// The ids of the live operations in program order.
    pub fn op_ids(&self) -> &[OpId] {
        &self.order
    }

    /// The number of live operations.
    pub fn num_ops(&self) -> usize {
        self.order.len()
    }

    /// True when the value is an argument or a result of a live op.
    pub fn is_live_value(&self, v: ValueId) -> bool {
        match self.value(v).map(|x| x.def) {
            Some(ValueDef::Arg(i)) => self.args.get(i as usize) == Some(&v),
            Some(ValueDef::Result { op, index }) => self
                .op(op)
                .is_some_and(|o| o.results.get(index as usize) == Some(&v)),
            None => false,
        }
    }

    /// Result `index` of `op`.
    pub fn result(&self, op: OpId, index: usize) -> Option<ValueId> {
        self.op(op).and_then(|o| o.results.get(index).copied())
    }

    /// The operation defining a value (None for arguments).
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.value(v)?.def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::Arg(_) => None,
        }
    }

    /// Sets operand `index` of `op`; false when either does not exist.
    pub fn set_operand(&mut self, op: OpId, index: usize, v: ValueId) -> bool {
        match self.op_mut(op).and_then(|o| o.operands.get_mut(index)) {
            Some(slot) => {
                *slot = v;
                true
            }
            None => false,
        }
    }

    /// Replaces every use of `old` (by live ops) with `new`; returns the number of uses changed.
    pub fn replace_all_uses(&mut self, old: ValueId, new: ValueId) -> usize {
        let mut n = 0;
        for &id in &self.order {
            if let Some(op) = self.ops[id.0 as usize].as_mut() {
                for slot in op.operands.iter_mut().filter(|s| **s == old) {
                    *slot = new;
                    n += 1;
                }
            }
        }
        n
    }

    /// Erases an operation: it leaves the program order and becomes a tombstone. Uses of its
    /// results become dangling (the verifier reports them); replace them first.
    pub fn erase_op(&mut self, id: OpId) -> bool {
        match self.ops.get_mut(id.0 as usize) {
            Some(slot @ Some(_)) => {
                *slot = None;
                self.order.retain(|&o| o != id);
                true
            }
            _ => false,
        }
    }

    /// The uses of a value by live ops, as (op, operand index), in program order.
    pub fn users(&self, v: ValueId) -> Vec<(OpId, usize)> {
        self.ops()
            .flat_map(|(id, op)| {
                op.operands
                    .iter()
                    .enumerate()
                    .filter(move |(_, &o)| o == v)
                    .map(move |(i, _)| (id, i))
            })
            .collect()
    }

    /// Use lists of every value at once (index by `ValueId.0`); values out of range are skipped.
    pub fn use_lists(&self) -> Vec<Vec<(OpId, usize)>> {
        let mut uses = vec![Vec::new(); self.values.len()];
        for (id, op) in self.ops() {
            for (i, v) in op.operands.iter().enumerate() {
                if let Some(list) = uses.get_mut(v.0 as usize) {
                    list.push((id, i));
                }
            }
        }
        uses
    }

    /// The function's `end` operation, if it has one.
    pub fn end_op(&self) -> Option<OpId> {
        self.ops()
            .find(|(_, op)| op.kind == OpKind::End)
            .map(|(id, _)| id)
    }

    /// The argument types, in order.
    pub fn arg_types(&self) -> Vec<Type> {
        self.args
            .iter()
            .filter_map(|&a| self.ty(a).cloned())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handshake::ops::BinOp;

    #[test]
    fn builder_tracks_uses_and_replacements() {
        let mut f = Func::new("k");
        let a = f.add_arg(Type::int_channel(32), Some("a"));
        let b = f.add_arg(Type::int_channel(32), Some("b"));
        let add = f.add_op(
            OpKind::Bin(BinOp::AddI),
            vec![a, a],
            vec![Type::int_channel(32)],
        );
        let r = f.result(add, 0).unwrap();
        f.add_op(OpKind::End, vec![r], vec![]);
        assert_eq!(f.users(a), vec![(add, 0), (add, 1)]);
        assert!(f.set_operand(add, 1, b));
        assert_eq!(f.replace_all_uses(a, b), 1);
        assert!(f.users(a).is_empty());
        assert_eq!(f.use_lists()[b.0 as usize].len(), 2);
        assert!(f.erase_op(add));
        assert!(!f.is_live_value(r));
        assert_eq!(f.num_ops(), 1);
    }

    #[test]
    fn named_ops_get_fresh_names() {
        let mut f = Func::new("k");
        let a = f.add_arg(Type::control(), None);
        let name = f.unique_op_name("fork");
        let fork = f.add_named_op(
            OpKind::Fork,
            vec![a],
            vec![Type::control(); 2],
            Some(0),
            &name,
        );
        assert_eq!(f.op(fork).unwrap().name.as_deref(), Some("fork0"));
        assert_eq!(f.unique_op_name("fork"), "fork1");
        assert_eq!(f.results(fork).len(), 2);
        assert_eq!(f.operands(fork), &[a]);
        assert!(f.results(OpId(9)).is_empty());
    }

    #[test]
    fn hints_are_unique_and_well_formed() {
        let mut f = Func::new("k");
        let a = f.add_arg(Type::control(), Some("start"));
        let b = f.add_arg(Type::control(), Some("start"));
        assert_eq!(f.value(a).unwrap().name(), Some("start"));
        assert_eq!(f.value(b).unwrap().name(), None);
        assert!(!f.set_name_hint(b, Some("9lives")));
        assert!(f.set_name_hint(b, Some("outputs#1")));
        assert_eq!(f.value_by_hint("outputs#1"), Some(b));
    }
}
