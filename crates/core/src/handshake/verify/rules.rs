//! The type rules of each operation (operand/result counts, types, extra signals, attributes).
//!
//! Forwarding operations (fork, br, buffer, arithmetic…) keep extra signals unchanged: their
//! types must be equal. Merge-like operations (merge, mux, control_merge, cond_br, join,
//! select, blocker) produce the merge of their inputs' extra signals
//! ([`merged_extras`]): the inputs' common list, or the union by name.

use super::{describe, Ctx};
use crate::bits::bits_for;
use crate::handshake::attr::{Attr, FloatTy, IntTy};
use crate::handshake::ops::{BufferType, CastOp, Op, OpKind};
use crate::handshake::signals::{bundle_layout, direction_width, merged_extras, unbundle_layout};
use crate::handshake::types::{Direction, RawType, Type};

pub(super) fn check(cx: &mut Ctx<'_>) {
    let f = cx.f;
    for (_, op) in f.ops() {
        let handles_ok = op
            .operands
            .iter()
            .chain(&op.results)
            .all(|&v| f.is_live_value(v));
        if !handles_ok {
            continue;
        }
        let ins: Vec<&Type> = op.operands.iter().filter_map(|&v| f.ty(v)).collect();
        let outs: Vec<&Type> = op.results.iter().filter_map(|&v| f.ty(v)).collect();
        let mut r = Rule {
            cx,
            op,
            ins: &ins,
            outs: &outs,
        };
        r.check();
    }
}

struct Rule<'c, 'a, 'o> {
    cx: &'c mut Ctx<'a>,
    op: &'o Op,
    ins: &'o [&'o Type],
    outs: &'o [&'o Type],
}

/// The values an `i<w>` constant (`w < 64`) may hold, signed or unsigned: `-2^(w-1)` to
/// `2^w - 1` (only 0 for the invalid width 0, which the type rules report).
fn int_range(w: u32) -> std::ops::RangeInclusive<i128> {
    match w {
        0 => 0..=0,
        _ => -(1i128 << (w - 1))..=(1i128 << w) - 1,
    }
}

fn int_data(t: &Type) -> Option<u32> {
    match t.data() {
        Some(RawType::Int(w)) => Some(w),
        _ => None,
    }
}

fn is_arith_int(t: &Type) -> bool {
    int_data(t).is_some_and(|w| (1..=64).contains(&w))
}

fn is_arith_float(t: &Type) -> bool {
    matches!(t.data(), Some(RawType::F32 | RawType::F64))
}

fn is_i1_channel(t: &Type) -> bool {
    int_data(t) == Some(1)
}

impl Rule<'_, '_, '_> {
    fn err(&mut self, msg: impl Into<String>) {
        let op = self.op;
        self.cx
            .op_error(op, format!("{} {}", describe(op), msg.into()));
    }

    /// Checks operand and result counts; false (after reporting) when they are wrong.
    fn counts(
        &mut self,
        ins: std::ops::RangeInclusive<usize>,
        outs: std::ops::RangeInclusive<usize>,
    ) -> bool {
        let (n, m) = (self.ins.len(), self.outs.len());
        let show = |r: &std::ops::RangeInclusive<usize>| match (*r.start(), *r.end()) {
            (a, b) if a == b => a.to_string(),
            (a, usize::MAX) => format!("at least {a}"),
            (a, b) => format!("{a} to {b}"),
        };
        if !ins.contains(&n) {
            self.err(format!("takes {} operand(s), but has {n}", show(&ins)));
            return false;
        }
        if !outs.contains(&m) {
            self.err(format!("produces {} result(s), but has {m}", show(&outs)));
            return false;
        }
        true
    }

    fn all_dataflow(&mut self, what: &str, types: &[&Type]) -> bool {
        match types.iter().find(|t| !t.is_dataflow()) {
            Some(t) => {
                self.err(format!(
                    "{what} must be channels or control tokens, but one has type {}",
                    t.long()
                ));
                false
            }
            None => true,
        }
    }

    fn same_data(a: &Type, b: &Type) -> bool {
        a.is_control() == b.is_control() && a.data() == b.data()
    }

    /// The result extras of a merge-like op must be the merge of `inputs`' extras.
    fn merged(&mut self, inputs: &[&Type], result: &Type, what: &str) {
        match merged_extras(inputs.iter().map(|t| t.extras())) {
            Err(e) => self.err(e),
            Ok(m) if m.as_slice() != result.extras() => {
                let want = Type::Control(m).long().to_string();
                self.err(format!(
                    "{what} must carry the merged extra signals of the inputs ({}), but has type {}",
                    want.trim_start_matches("!handshake.control"),
                    result.long()
                ));
            }
            Ok(_) => {}
        }
    }

    fn check(&mut self) {
        let (ins, outs) = (self.ins, self.outs);
        match &self.op.kind {
            OpKind::End => self.end(),
            OpKind::Return => {
                if self.counts(0..=usize::MAX, ins.len()..=ins.len()) && ins != outs {
                    self.err("results must have the types of its operands");
                }
            }
            OpKind::Instance { callee, .. } => self.instance(callee),
            OpKind::Fork | OpKind::LazyFork => {
                if self.counts(1..=1, 1..=usize::MAX) && self.all_dataflow("operands", ins) {
                    if let Some(t) = outs.iter().find(|t| **t != ins[0]) {
                        self.err(format!(
                            "outputs must have the operand's type {}, but one has {}",
                            ins[0].long(),
                            t.long()
                        ));
                    }
                }
            }
            OpKind::Br | OpKind::Buffer(_) => {
                if self.counts(1..=1, 1..=1)
                    && self.all_dataflow("operands", ins)
                    && ins[0] != outs[0]
                {
                    self.err(format!(
                        "result must have the operand's type {}, but has {}",
                        ins[0].long(),
                        outs[0].long()
                    ));
                }
                if let OpKind::Buffer(p) = &self.op.kind {
                    self.buffer(p.buffer_type, p.num_slots);
                }
            }
            OpKind::Sink => {
                if self.counts(1..=1, 0..=0) {
                    self.all_dataflow("operands", ins);
                }
            }
            OpKind::Source => {
                if self.counts(0..=0, 1..=1) && !outs[0].is_control() {
                    self.err(format!("produces a control token, not {}", outs[0].long()));
                }
            }
            OpKind::Merge | OpKind::Blocker => {
                if self.counts(1..=usize::MAX, 1..=1) && self.all_dataflow("operands", ins) {
                    let merge = self.op.kind == OpKind::Merge;
                    if merge && ins.iter().any(|t| !Self::same_data(t, ins[0])) {
                        self.err("inputs must all carry the same data type");
                    } else if !Self::same_data(outs[0], ins[0]) {
                        self.err(format!(
                            "result must carry the data of {}, but has type {}",
                            ins[0].long(),
                            outs[0].long()
                        ));
                    } else {
                        self.merged(ins, outs[0], "result");
                    }
                }
            }
            OpKind::Join => {
                if self.counts(1..=usize::MAX, 1..=1) && self.all_dataflow("operands", ins) {
                    if outs[0].is_control() {
                        self.merged(ins, outs[0], "result");
                    } else {
                        self.err(format!("produces a control token, not {}", outs[0].long()));
                    }
                }
            }
            OpKind::Mux => self.mux(),
            OpKind::ControlMerge => self.control_merge(),
            OpKind::CondBr => {
                if self.counts(2..=2, 2..=2) && self.all_dataflow("operands", ins) {
                    if !is_i1_channel(ins[0]) {
                        self.err(format!(
                            "condition must be a channel<i1>, not {}",
                            ins[0].long()
                        ));
                    } else if outs.iter().any(|t| !Self::same_data(t, ins[1])) {
                        self.err(format!("outputs must carry the data of {}", ins[1].long()));
                    } else {
                        self.merged(ins, outs[0], "true output");
                        self.merged(ins, outs[1], "false output");
                    }
                }
            }
            OpKind::Constant { value } => self.constant(value),
            OpKind::Load => self.load_store(false),
            OpKind::Store => self.load_store(true),
            OpKind::MemController { connected_blocks } => {
                self.mem_controller(connected_blocks.is_empty())
            }
            OpKind::Lsq {
                group_sizes,
                through_mc,
            } => self.lsq(group_sizes, *through_mc),
            OpKind::Bundle => self.bundle(),
            OpKind::Unbundle => self.unbundle(),
            OpKind::Compose | OpKind::Decompose => self.compose(),
            OpKind::Bin(b) => {
                if self.counts(2..=2, 1..=1) {
                    self.same_arith(b.is_float());
                }
            }
            OpKind::Un(u) => {
                if self.counts(1..=1, 1..=1) {
                    self.same_arith(u.is_float());
                }
            }
            OpKind::Cast(c) => self.cast(*c),
            OpKind::CmpI(_) | OpKind::CmpF(_) => {
                self.compare(matches!(self.op.kind, OpKind::CmpF(_)))
            }
            OpKind::Select => self.select(),
        }
    }

    fn end(&mut self) {
        let want = &self.cx.f.result_types;
        if !self.counts(want.len()..=want.len(), 0..=0) {
            return;
        }
        for (i, (t, w)) in self.ins.iter().zip(want).enumerate() {
            if *t != w {
                self.err(format!(
                    "operand #{i} has type {} but function result #{i} is {}",
                    t.long(),
                    w.long()
                ));
            }
        }
    }

    fn instance(&mut self, callee: &str) {
        let Some(module) = self.cx.module else { return };
        let Some(g) = module.func(callee) else {
            self.err(format!("refers to unknown function @{callee}"));
            return;
        };
        let (args, results) = (g.arg_types(), g.result_types.clone());
        if !self.counts(args.len()..=args.len(), results.len()..=results.len()) {
            return;
        }
        for (i, (t, w)) in self.ins.iter().zip(&args).enumerate() {
            if *t != w {
                self.err(format!(
                    "operand #{i} has type {} but @{callee} takes {}",
                    t.long(),
                    w.long()
                ));
            }
        }
        for (i, (t, w)) in self.outs.iter().zip(&results).enumerate() {
            if *t != w {
                self.err(format!(
                    "result #{i} has type {} but @{callee} returns {}",
                    t.long(),
                    w.long()
                ));
            }
        }
    }

    fn buffer(&mut self, ty: Option<BufferType>, slots: u32) {
        if slots == 0 {
            self.err("needs NUM_SLOTS of at least 1");
        }
        match ty {
            Some(t) if t.is_one_slot() && slots != 1 => {
                self.err(format!(
                    "of type {t} must have NUM_SLOTS = 1, but has {slots}"
                ));
            }
            None => {
                let op = self.op;
                self.cx.op_warning(
                    op,
                    format!(
                        "{} has no BUFFER_TYPE; it is inferred from TIMING",
                        describe(op)
                    ),
                );
            }
            _ => {}
        }
    }

    fn mux(&mut self) {
        if !self.counts(2..=usize::MAX, 1..=1) || !self.all_dataflow("operands", self.ins) {
            return;
        }
        let (sel, data) = (self.ins[0], &self.ins[1..]);
        let Some(w) = int_data(sel) else {
            self.err(format!(
                "select must be an integer channel, not {}",
                sel.long()
            ));
            return;
        };
        let need = bits_for(data.len() as u64);
        if w < need {
            self.err(format!(
                "select of type {} cannot address {} inputs: it needs at least {need} bit(s)",
                sel.long(),
                data.len()
            ));
        }
        if data.iter().any(|t| !Self::same_data(t, data[0])) {
            self.err("data inputs must all carry the same data type");
        } else if !Self::same_data(self.outs[0], data[0]) {
            self.err(format!(
                "result must carry the data of {}, but has type {}",
                data[0].long(),
                self.outs[0].long()
            ));
        } else {
            self.merged(self.ins, self.outs[0], "result");
        }
    }

    fn control_merge(&mut self) {
        if !self.counts(1..=usize::MAX, 2..=2) || !self.all_dataflow("operands", self.ins) {
            return;
        }
        let (ins, outs) = (self.ins, self.outs);
        if ins.iter().any(|t| !Self::same_data(t, ins[0])) {
            self.err("inputs must all carry the same data type");
            return;
        }
        if !Self::same_data(outs[0], ins[0]) {
            self.err(format!(
                "result must carry the data of {}, but has type {}",
                ins[0].long(),
                outs[0].long()
            ));
            return;
        }
        let need = bits_for(ins.len() as u64);
        match int_data(outs[1]) {
            Some(w) if w >= need => {}
            _ => {
                self.err(format!(
                    "index must be an integer channel of at least {need} bit(s) for {} inputs, not {}",
                    ins.len(),
                    outs[1].long()
                ));
                return;
            }
        }
        self.merged(ins, outs[0], "result");
        self.merged(ins, outs[1], "index");
    }

    fn constant(&mut self, value: &Attr) {
        if !self.counts(1..=1, 1..=1) {
            return;
        }
        let (ctrl, out) = (self.ins[0], self.outs[0]);
        if !ctrl.is_control() {
            self.err(format!(
                "is triggered by a control token, not {}",
                ctrl.long()
            ));
            return;
        }
        let Some(data) = out.data() else {
            self.err(format!("produces a channel, not {}", out.long()));
            return;
        };
        let ok = match (value, data) {
            (Attr::Bool(_), RawType::Int(1)) => true,
            (Attr::Int { value, ty }, RawType::Int(w)) => {
                let ty_ok = matches!(ty, IntTy::Signless(x) if *x == w)
                    || (*ty == IntTy::Default && w == 64);
                let fits = w >= 64 || int_range(w).contains(&i128::from(*value));
                if ty_ok && !fits {
                    self.err(format!("value {value} does not fit in i{w}"));
                }
                ty_ok
            }
            (
                Attr::Float {
                    ty: FloatTy::F32, ..
                },
                RawType::F32,
            ) => true,
            (
                Attr::Float {
                    ty: FloatTy::F64, ..
                },
                RawType::F64,
            ) => true,
            _ => false,
        };
        if !ok {
            self.err(format!(
                "value {value} does not match the result type {}",
                out.long()
            ));
        }
        if ctrl.extras() != out.extras() {
            self.err(format!(
                "result {} must carry the extra signals of its trigger {}",
                out.long(),
                ctrl.long()
            ));
        }
    }

    fn load_store(&mut self, store: bool) {
        let ok = if store {
            self.counts(2..=3, self.ins.len()..=self.ins.len())
        } else {
            self.counts(2..=2, 2..=2)
        };
        if !ok
            || !self.all_dataflow("operands", self.ins)
            || !self.all_dataflow("results", self.outs)
        {
            return;
        }
        let (ins, outs) = (self.ins, self.outs);
        if int_data(ins[0]).is_none() {
            self.err(format!(
                "address must be an integer channel, not {}",
                ins[0].long()
            ));
        }
        // The ports facing the memory interface carry no extra signals; the extra signals of
        // the address travel with the data on the kernel's side (the loaded data, or the data
        // to store).
        let (memory_data, kernel_data) = if store {
            (outs[1], ins[1])
        } else {
            (ins[1], outs[1])
        };
        if !Self::same_data(outs[0], ins[0]) || !outs[0].extras().is_empty() {
            self.err(format!(
                "address output must carry the address {} without extra signals, not {}",
                ins[0].long(),
                outs[0].long()
            ));
        }
        if !Self::same_data(outs[1], ins[1]) || ins[1].is_control() {
            self.err(format!(
                "data output {} must carry the data of {}",
                outs[1].long(),
                ins[1].long()
            ));
        }
        if !memory_data.extras().is_empty() {
            self.err(format!(
                "memory-side data {} must carry no extra signals",
                memory_data.long()
            ));
        }
        if kernel_data.extras() != ins[0].extras() {
            self.err(format!(
                "kernel-side data {} must carry the extra signals of the address {}",
                kernel_data.long(),
                ins[0].long()
            ));
        }
        if ins.len() == 3 && (!ins[2].is_control() || !outs[2].is_control()) {
            self.err("done signals must be control tokens");
        }
    }

    fn mem_controller(&mut self, no_blocks: bool) {
        if !self.counts(3..=usize::MAX, 1..=usize::MAX) {
            return;
        }
        let (ins, outs) = (self.ins, self.outs);
        let Type::MemRef { elem, .. } = ins[0] else {
            self.err(format!(
                "needs a memref as its first operand, not {}",
                ins[0].long()
            ));
            return;
        };
        if !ins[1].is_control()
            || !ins[ins.len() - 1].is_control()
            || !outs[outs.len() - 1].is_control()
        {
            self.err("start, end and done signals must be control tokens");
        }
        if let Some(t) = outs[..outs.len() - 1]
            .iter()
            .find(|t| t.data() != Some(*elem))
        {
            self.err(format!(
                "load outputs must carry the memory's element type {elem}, but one has type {}",
                t.long()
            ));
        }
        if !self.all_dataflow("port operands", &ins[1..]) {
            return;
        }
        if no_blocks {
            self.err("needs 'connectedBlocks'");
        }
    }

    fn lsq(&mut self, group_sizes: &[i64], through_mc: bool) {
        let first = usize::from(!through_mc);
        if !self.counts(first..=usize::MAX, 1..=usize::MAX) {
            return;
        }
        if !through_mc && !matches!(self.ins[0], Type::MemRef { .. }) {
            self.err(format!(
                "needs a memref as its first operand, not {}",
                self.ins[0].long()
            ));
        }
        let sizes_ok = !group_sizes.is_empty() && group_sizes.iter().all(|&g| g > 0);
        if !sizes_ok {
            self.err("needs 'groupSizes' with positive sizes");
        }
        if !self.outs[self.outs.len() - 1].is_control() {
            self.err("last result must be the done control token");
        } else if sizes_ok && !through_mc {
            self.lsq_on_memref(group_sizes);
        } else if sizes_ok {
            self.lsq_beside_mc(group_sizes);
        }
    }

    /// An `lsq[MC]`: `(ctrl, access…)…, ldDataFromMC, ctrlEnd` with one load result per load,
    /// then `ldAddrToMC, stAddrToMC, stDataToMC, memEnd`, all four of the channels between it
    /// and one `mem_controller`, directly.
    fn lsq_beside_mc(&mut self, group_sizes: &[i64]) {
        let groups = group_sizes.len();
        let accesses: i64 = group_sizes.iter().sum();
        let Some(loads) = self.outs.len().checked_sub(4) else {
            self.err(
                "beside a memory controller needs its load data, ldAddrToMC, stAddrToMC, \
                 stDataToMC and memEnd results",
            );
            return;
        };
        let rest = self.ins.len().checked_sub(2 + groups + loads);
        let stores = match rest {
            Some(r) if r % 2 == 0 && (loads + r / 2) as i64 == accesses => r / 2,
            _ => {
                self.err(format!(
                    "has {} operands and {loads} loads, which do not fit 'groupSizes' (per group \
                     a control then a load's address or a store's address and data per access, \
                     the load data from the memory controller, an end)",
                    self.ins.len()
                ));
                return;
            }
        };
        self.lsq_depths(loads, stores);
        let f = self.cx.f;
        let is_mc = |id: Option<crate::handshake::OpId>| {
            id.and_then(|id| f.op(id))
                .is_some_and(|o| matches!(o.kind, OpKind::MemController { .. }))
        };
        let n = self.op.results.len();
        let to_mc = self.op.results[n - 4..n - 1]
            .iter()
            .all(|&r| matches!(f.users(r).as_slice(), [(user, _)] if is_mc(Some(*user))));
        let from_mc = self.op.operands[self.op.operands.len() - 2];
        if !to_mc || !is_mc(f.defining_op(from_mc)) {
            self.err(
                "beside a memory controller must send ldAddrToMC, stAddrToMC and stDataToMC to \
                 a mem_controller and take ldDataFromMC from it, with nothing between them",
            );
        }
    }

    /// An `lsq` on a memref: `memref, memStart, (ctrl, access…)…, ctrlEnd` with one load
    /// result per load, and queue depths (`ldqDepth`, `stqDepth`, 1 to 64 when given) that
    /// hold every group's loads and stores.
    fn lsq_on_memref(&mut self, group_sizes: &[i64]) {
        let groups = group_sizes.len();
        let loads = self.outs.len() - 1;
        let accesses: i64 = group_sizes.iter().sum();
        let rest = self.ins.len().checked_sub(3 + groups + loads);
        let stores = match rest {
            Some(r) if r % 2 == 0 && (loads + r / 2) as i64 == accesses => r / 2,
            _ => {
                self.err(format!(
                    "has {} operands and {loads} loads, which do not fit 'groupSizes' \
                     (a memref, a start, per group a control then a load's address or a \
                     store's address and data per access, an end)",
                    self.ins.len()
                ));
                return;
            }
        };
        self.lsq_depths(loads, stores);
    }

    /// The queue depths (`ldqDepth`, `stqDepth`, 1 to 64 when given) hold every group's
    /// `loads` and `stores`.
    fn lsq_depths(&mut self, loads: usize, stores: usize) {
        for (key, need) in [("ldqDepth", loads), ("stqDepth", stores)] {
            match self.op.attrs.get(key) {
                Some(Attr::Int { value, .. }) if (1..=64).contains(value) => {
                    let short = (*value as usize) < need;
                    let msg = format!(
                        "'{key}' = {value} cannot hold the {need} entries its groups allocate \
                         together"
                    );
                    if short {
                        self.err(msg);
                    }
                }
                None => {}
                Some(_) => self.err(format!("'{key}' must be an integer from 1 to 64")),
            }
        }
    }

    fn bundle(&mut self) {
        if !self.counts(1..=usize::MAX, 1..=usize::MAX) {
            return;
        }
        let Some((want_in, want_out)) = bundle_layout(self.outs[0]) else {
            self.err(format!(
                "produces a channel or control token, not {}",
                self.outs[0].long()
            ));
            return;
        };
        let got_in: Vec<Type> = self.ins.iter().map(|t| (*t).clone()).collect();
        let got_out: Vec<Type> = self.outs[1..].iter().map(|t| (*t).clone()).collect();
        if got_in != want_in || got_out != want_out {
            self.err(format!(
                "into {} takes ({}) and also yields ({}), but has ({}) and ({})",
                self.outs[0].long(),
                list(&want_in),
                list(&want_out),
                list(&got_in),
                list(&got_out)
            ));
        }
    }

    fn unbundle(&mut self) {
        if !self.counts(1..=usize::MAX, 0..=usize::MAX) {
            return;
        }
        let Some((want_in, want_out)) = unbundle_layout(self.ins[0]) else {
            self.err(format!(
                "takes a channel or control token, not {}",
                self.ins[0].long()
            ));
            return;
        };
        let got_in: Vec<Type> = self.ins[1..].iter().map(|t| (*t).clone()).collect();
        let got_out: Vec<Type> = self.outs.iter().map(|t| (*t).clone()).collect();
        if got_in != want_in || got_out != want_out {
            self.err(format!(
                "of {} also takes ({}) and yields ({}), but has ({}) and ({})",
                self.ins[0].long(),
                list(&want_in),
                list(&want_out),
                list(&got_in),
                list(&got_out)
            ));
        }
    }

    fn compose(&mut self) {
        if !self.counts(1..=1, 1..=1)
            || !self.all_dataflow("operands", self.ins)
            || !self.all_dataflow("results", self.outs)
        {
            return;
        }
        for (dir, word) in [(Direction::Down, "downstream"), (Direction::Up, "upstream")] {
            let (a, b) = (
                direction_width(self.ins[0], dir),
                direction_width(self.outs[0], dir),
            );
            if a != b {
                self.err(format!(
                    "must keep the {word} width: {} has {a} bit(s) but {} has {b}",
                    self.ins[0].long(),
                    self.outs[0].long()
                ));
            }
        }
    }

    fn same_arith(&mut self, float: bool) {
        let (ins, outs) = (self.ins, self.outs);
        let t = ins[0];
        let ok = if float {
            is_arith_float(t)
        } else {
            is_arith_int(t)
        };
        if !ok {
            let what = if float {
                "f32 or f64 channel"
            } else {
                "channel of non-zero-width integers (i1 to i64)"
            };
            self.err(format!("needs a {what}, but got {}", t.long()));
        }
        if ins.iter().chain(outs).any(|x| *x != t) {
            self.err(format!(
                "operands and result must have the same type, but got {}",
                list_refs(ins.iter().chain(outs))
            ));
        }
    }

    fn compare(&mut self, float: bool) {
        if !self.counts(2..=2, 1..=1) {
            return;
        }
        let (a, b, out) = (self.ins[0], self.ins[1], self.outs[0]);
        let ok = if float {
            is_arith_float(a)
        } else {
            is_arith_int(a)
        };
        if !ok {
            let what = if float {
                "f32 or f64 channels"
            } else {
                "channels of non-zero-width integers (i1 to i64)"
            };
            self.err(format!("compares {what}, but got {}", a.long()));
        }
        if a != b {
            self.err(format!(
                "operands must have the same type, but got {} and {}",
                a.long(),
                b.long()
            ));
        }
        if !is_i1_channel(out) || out.extras() != a.extras() {
            let want = a.with_extras(a.extras().to_vec());
            let want = match want {
                Type::Channel { extras, .. } => Type::Channel {
                    data: RawType::Int(1),
                    extras,
                },
                other => other,
            };
            self.err(format!(
                "result must be {}, not {}",
                want.long(),
                out.long()
            ));
        }
    }

    fn cast(&mut self, c: CastOp) {
        if !self.counts(1..=1, 1..=1) {
            return;
        }
        let (a, b) = (self.ins[0], self.outs[0]);
        let (Some(x), Some(y)) = (a.data(), b.data()) else {
            self.err(format!(
                "converts channels, not {} to {}",
                a.long(),
                b.long()
            ));
            return;
        };
        if a.extras() != b.extras() {
            self.err("must keep the extra signals of its operand");
        }
        let int_ok = |r: RawType| matches!(r, RawType::Int(w) if (1..=64).contains(&w));
        let float_ok = |r: RawType| matches!(r, RawType::F32 | RawType::F64);
        let (wx, wy) = (x.bit_width(), y.bit_width());
        let (ok, rule) = match c {
            CastOp::ExtSI | CastOp::ExtUI => (int_ok(x) && int_ok(y) && wy > wx, "a wider integer"),
            CastOp::TruncI => (int_ok(x) && int_ok(y) && wy < wx, "a narrower integer"),
            CastOp::ExtF => (float_ok(x) && float_ok(y) && wy > wx, "a wider float"),
            CastOp::TruncF => (float_ok(x) && float_ok(y) && wy < wx, "a narrower float"),
            CastOp::SIToFP | CastOp::UIToFP => {
                (int_ok(x) && float_ok(y), "a float, from an integer")
            }
            CastOp::FPToSI | CastOp::FPToUI => {
                (float_ok(x) && int_ok(y), "an integer, from a float")
            }
        };
        if !ok {
            self.err(format!("converts to {rule}, but goes from {x} to {y}"));
        }
    }

    fn select(&mut self) {
        if !self.counts(3..=3, 1..=1) || !self.all_dataflow("operands", self.ins) {
            return;
        }
        let (c, a, b, out) = (self.ins[0], self.ins[1], self.ins[2], self.outs[0]);
        if !is_i1_channel(c) {
            self.err(format!("condition must be a channel<i1>, not {}", c.long()));
        } else if !Self::same_data(a, b) || !Self::same_data(a, out) {
            self.err(format!(
                "values and result must carry the same data, but got {}",
                list_refs([a, b, out].iter())
            ));
        } else {
            self.merged(self.ins, out, "result");
        }
    }
}

fn list(types: &[Type]) -> String {
    types
        .iter()
        .map(|t| t.long().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn list_refs<'t>(types: impl Iterator<Item = &'t &'t Type>) -> String {
    types
        .map(|t| t.long().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
