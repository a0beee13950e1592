//! A generator of random well-typed Handshake functions, shared by the property tests
//! (`handshake_props.rs`, `synth_props.rs`): [`steps`] draws a random "program" and [`build`]
//! interprets it as a sequence of well-typed builder calls (not materialized: values may have
//! any number of consumers).

use proptest::prelude::*;
use rivulet_core::handshake::signals::merged_extras;
use rivulet_core::handshake::{
    Attr, BinOp, BufferParams, BufferType, CastOp, CmpIPred, ExtraSignal, Func, IntTy, OpKind,
    RawType, Type, UnOp, ValueId,
};

/// Values available to later ops, grouped by type.
struct Pools {
    by_type: Vec<(Type, Vec<ValueId>)>,
}

impl Pools {
    fn add(&mut self, ty: &Type, v: ValueId) {
        match self.by_type.iter_mut().find(|(t, _)| t == ty) {
            Some((_, vs)) => vs.push(v),
            None => self.by_type.push((ty.clone(), vec![v])),
        }
    }

    /// A value of a type satisfying `pred`, chosen by `seed`.
    fn pick(&self, seed: u32, pred: impl Fn(&Type) -> bool) -> Option<(Type, ValueId)> {
        let matching: Vec<&(Type, Vec<ValueId>)> =
            self.by_type.iter().filter(|(t, _)| pred(t)).collect();
        if matching.is_empty() {
            return None;
        }
        let (t, vs) = matching[seed as usize % matching.len()];
        Some((t.clone(), vs[(seed as usize / 7) % vs.len()]))
    }

    fn pick_of(&self, seed: u32, ty: &Type) -> Option<ValueId> {
        self.pick(seed, |t| t == ty).map(|(_, v)| v)
    }
}

fn is_int(t: &Type) -> bool {
    matches!(t.data(), Some(RawType::Int(w)) if (1..=64).contains(&w))
}

fn is_float(t: &Type) -> bool {
    matches!(t.data(), Some(RawType::F32 | RawType::F64))
}

/// Adds an op and registers its results in the pools.
fn add(f: &mut Func, pools: &mut Pools, kind: OpKind, operands: Vec<ValueId>, results: Vec<Type>) {
    let id = f.add_op(kind, operands, results.clone());
    for (i, t) in results.iter().enumerate() {
        if let Some(v) = f.result(id, i) {
            pools.add(t, v);
        }
    }
}

/// Interprets a random "program" as a sequence of well-typed builder calls.
pub fn build(steps: &[(u8, u32, u32, u32)]) -> Func {
    let mut f = Func::new("kernel");
    f.variadic = true;
    let mut pools = Pools {
        by_type: Vec::new(),
    };
    let spec = Type::Channel {
        data: RawType::Int(8),
        extras: vec![ExtraSignal::down("spec", RawType::Int(1))],
    };
    let arg_types = [
        Type::int_channel(32),
        Type::int_channel(8),
        Type::int_channel(1),
        Type::channel(RawType::F32),
        spec,
        Type::control(),
    ];
    for (i, t) in arg_types.iter().enumerate() {
        let hint = format!("in{i}");
        let v = f.add_arg(t.clone(), (i % 2 == 0).then_some(hint.as_str()));
        pools.add(t, v);
    }
    f.arg_names = (0..arg_types.len()).map(|i| format!("a{i}")).collect();
    for (n, &(choice, a, b, c)) in steps.iter().enumerate() {
        let before = f.num_ops();
        match choice % 16 {
            0 => {
                if let Some((t, x)) = pools.pick(a, is_int) {
                    let y = pools.pick_of(b, &t).unwrap_or(x);
                    let op = BinOp::ALL
                        .iter()
                        .filter(|o| !o.is_float())
                        .nth(c as usize % 17)
                        .copied();
                    add(
                        &mut f,
                        &mut pools,
                        OpKind::Bin(op.unwrap_or(BinOp::AddI)),
                        vec![x, y],
                        vec![t],
                    );
                }
            }
            1 => {
                if let Some((t, x)) = pools.pick(a, is_int) {
                    let y = pools.pick_of(b, &t).unwrap_or(x);
                    let pred = CmpIPred::ALL[c as usize % CmpIPred::ALL.len()];
                    let r = t.with_extras(t.extras().to_vec());
                    let r = Type::Channel {
                        data: RawType::Int(1),
                        extras: r.extras().to_vec(),
                    };
                    add(&mut f, &mut pools, OpKind::CmpI(pred), vec![x, y], vec![r]);
                }
            }
            2 => {
                if let Some((t, x)) = pools.pick(a, |t| is_int(t) && t.data_width() < 64) {
                    let w = t.data_width() + 1 + b % (64 - t.data_width());
                    let r = Type::Channel {
                        data: RawType::Int(w),
                        extras: t.extras().to_vec(),
                    };
                    let op = if c % 2 == 0 {
                        CastOp::ExtSI
                    } else {
                        CastOp::ExtUI
                    };
                    add(&mut f, &mut pools, OpKind::Cast(op), vec![x], vec![r]);
                }
            }
            3 => {
                if let Some((t, x)) = pools.pick(a, |t| t.is_dataflow()) {
                    let k = 1 + b as usize % 4;
                    let kind = if c % 3 == 0 {
                        OpKind::LazyFork
                    } else {
                        OpKind::Fork
                    };
                    add(&mut f, &mut pools, kind, vec![x], vec![t; k]);
                }
            }
            4 => {
                if let Some((t, x)) = pools.pick(a, |t| t.is_dataflow()) {
                    let y = pools.pick_of(b, &t).unwrap_or(x);
                    add(&mut f, &mut pools, OpKind::Merge, vec![x, y], vec![t]);
                }
            }
            5 => {
                let sel = pools.pick_of(c, &Type::int_channel(1));
                if let (Some(s), Some((t, x))) = (
                    sel,
                    pools.pick(a, |t| t.is_dataflow() && t.extras().is_empty()),
                ) {
                    let y = pools.pick_of(b, &t).unwrap_or(x);
                    add(&mut f, &mut pools, OpKind::Mux, vec![s, x, y], vec![t]);
                }
            }
            6 => {
                if let Some((t, x)) = pools.pick(a, |t| t.is_dataflow() && t.extras().is_empty()) {
                    let k = 1 + b as usize % 4;
                    let ins: Vec<ValueId> = (0..k)
                        .map(|i| pools.pick_of(b / (i as u32 + 1), &t).unwrap_or(x))
                        .collect();
                    let w = if k <= 2 { 1 } else { 2 };
                    add(
                        &mut f,
                        &mut pools,
                        OpKind::ControlMerge,
                        ins,
                        vec![t, Type::int_channel(w)],
                    );
                }
            }
            7 => {
                let cond = pools.pick_of(c, &Type::int_channel(1));
                if let (Some(cv), Some((t, x))) = (
                    cond,
                    pools.pick(a, |t| t.is_dataflow() && t.extras().is_empty()),
                ) {
                    add(
                        &mut f,
                        &mut pools,
                        OpKind::CondBr,
                        vec![cv, x],
                        vec![t.clone(), t],
                    );
                }
            }
            8 => {
                if let Some(ctrl) = pools.pick_of(a, &Type::control()) {
                    let (value, ty) = match b % 4 {
                        0 => (Attr::Bool(c % 2 == 0), Type::int_channel(1)),
                        1 => (Attr::int(c as i64 % 100 - 50, 8), Type::int_channel(8)),
                        2 => (Attr::f32(c as f32 / 8.0 - 3.0), Type::channel(RawType::F32)),
                        _ => (Attr::int(c as i64, 32), Type::int_channel(32)),
                    };
                    let ty = if ty == Type::int_channel(32) && c % 2 == 0 {
                        Type::int_channel(64)
                    } else {
                        ty
                    };
                    let value = match (&value, &ty) {
                        (Attr::Int { value, .. }, t) if *t == Type::int_channel(64) => {
                            Attr::int(*value, 64)
                        }
                        _ => value,
                    };
                    add(
                        &mut f,
                        &mut pools,
                        OpKind::Constant { value },
                        vec![ctrl],
                        vec![ty],
                    );
                }
            }
            9 => add(
                &mut f,
                &mut pools,
                OpKind::Source,
                vec![],
                vec![Type::control()],
            ),
            10 => {
                if let Some((t, x)) = pools.pick(a, |t| t.is_dataflow()) {
                    let bt = BufferType::ALL[b as usize % BufferType::ALL.len()];
                    let slots = if bt.is_one_slot() { 1 } else { 1 + c % 8 };
                    let mut p = BufferParams::new(bt, slots);
                    if c % 3 == 0 {
                        p.timing = Some(rivulet_core::handshake::Timing {
                            d: Some(1),
                            v: Some(1),
                            r: Some(0),
                        });
                    }
                    add(&mut f, &mut pools, OpKind::Buffer(p), vec![x], vec![t]);
                }
            }
            11 => {
                if let Some((_, x)) = pools.pick(a, |t| t.is_dataflow()) {
                    add(&mut f, &mut pools, OpKind::Sink, vec![x], vec![]);
                }
            }
            12 => {
                if let (Some((_, x)), Some((_, y))) = (
                    pools.pick(a, |t| t.is_dataflow()),
                    pools.pick(b, Type::is_control),
                ) {
                    let (ex, ey) = (x_extras(&f, x), x_extras(&f, y));
                    if let Ok(extras) = merged_extras([ex.as_slice(), ey.as_slice()]) {
                        add(
                            &mut f,
                            &mut pools,
                            OpKind::Join,
                            vec![x, y],
                            vec![Type::Control(extras)],
                        );
                    }
                }
            }
            13 => {
                let cond = pools.pick_of(c, &Type::int_channel(1));
                if let (Some(cv), Some((t, x))) =
                    (cond, pools.pick(a, |t| is_int(t) && t.extras().is_empty()))
                {
                    let y = pools.pick_of(b, &t).unwrap_or(x);
                    add(&mut f, &mut pools, OpKind::Select, vec![cv, x, y], vec![t]);
                }
            }
            14 => {
                if let Some((t, x)) = pools.pick(a, is_float) {
                    let y = pools.pick_of(b, &t).unwrap_or(x);
                    let op =
                        [BinOp::AddF, BinOp::MulF, BinOp::DivF, BinOp::MaximumF][c as usize % 4];
                    add(
                        &mut f,
                        &mut pools,
                        OpKind::Bin(op),
                        vec![x, y],
                        vec![t.clone()],
                    );
                    if let Some(z) = f.op_ids().last().and_then(|&id| f.result(id, 0)) {
                        add(&mut f, &mut pools, OpKind::Un(UnOp::NegF), vec![z], vec![t]);
                    }
                }
            }
            _ => {
                if let Some((t, x)) = pools.pick(a, |t| t.is_dataflow()) {
                    add(&mut f, &mut pools, OpKind::Br, vec![x], vec![t]);
                }
            }
        }
        // Decorate the new op(s): block, unique name, a generic attribute, result name hints.
        let new_ops: Vec<_> = f.op_ids()[before..].to_vec();
        for id in new_ops {
            let results = f.op(id).map(|o| o.results.clone()).unwrap_or_default();
            if let Some(op) = f.op_mut(id) {
                op.bb = (a % 3 != 0).then_some(b % 4);
                op.name = (c % 4 != 0).then(|| format!("{}{}", op.kind.mnemonic(), id.0));
                match c % 5 {
                    0 => {
                        op.attrs.insert("ftd.phi".into(), Attr::Unit);
                    }
                    1 => {
                        op.attrs
                            .insert("internal_delay".into(), Attr::Str("0_5".into()));
                    }
                    2 => {
                        op.hw_params
                            .insert("IMPLEMENTATION".into(), Attr::Str("A".into()));
                    }
                    3 => {
                        op.attrs.insert(
                            "fastmath".into(),
                            Attr::Opaque("#arith.fastmath<none>".into()),
                        );
                        op.attrs.insert(
                            "debug".into(),
                            Attr::Int {
                                value: 3,
                                ty: IntTy::Unsigned(32),
                            },
                        );
                    }
                    _ => {}
                }
            }
            // Hints on every result, a result group `%g:k` (hints `g#0`…), or none; one in
            // three single results gets a hint anyway.
            for (i, r) in results.iter().enumerate() {
                let hint = match a % 3 {
                    0 => Some(format!("v{n}_{i}")),
                    1 if results.len() > 1 => Some(format!("g{n}#{i}")),
                    _ if (b + i as u32).is_multiple_of(3) => Some(format!("w{n}_{i}")),
                    _ => None,
                };
                f.set_name_hint(*r, hint.as_deref());
            }
        }
    }
    let outs: Vec<ValueId> = pools
        .by_type
        .iter()
        .take(3)
        .map(|(_, vs)| vs[vs.len() - 1])
        .collect();
    f.result_types = outs.iter().filter_map(|&v| f.ty(v).cloned()).collect();
    f.res_names = (0..outs.len()).map(|i| format!("out{i}")).collect();
    f.add_op(OpKind::End, outs, vec![]);
    f
}

fn x_extras(f: &Func, v: ValueId) -> Vec<ExtraSignal> {
    f.ty(v).map(|t| t.extras().to_vec()).unwrap_or_default()
}

pub fn steps() -> impl Strategy<Value = Vec<(u8, u32, u32, u32)>> {
    prop::collection::vec(
        (any::<u8>(), any::<u32>(), any::<u32>(), any::<u32>()),
        0..40,
    )
}
