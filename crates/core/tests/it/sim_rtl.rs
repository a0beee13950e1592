//! The simulator against the RTL: every unit testbench of `tests/rtl-units/` is rebuilt as a
//! netlist (random sources and sinks become script sources and sinks driven by the same xorshift
//! streams) and must log exactly the transfers the RTL logged (`tests/sim-rtl/*.log`, produced
//! by the RTL run; see the README there), in the same cycles, with the same data, and for the
//! memory tests leave the same final memory.

use rivulet_core::sim::value::hex_digits;
use rivulet_core::sim::{
    simulate, BufferType, ChannelId, IntOp, IntPredicate, Netlist, SimOptions, UnitId, UnitKind,
};
use std::path::Path;

const CYCLES: usize = 6000;

fn xs(x: u32) -> u32 {
    let y = x ^ (x << 13);
    let y = y ^ (y >> 17);
    y ^ (y << 5)
}

/// `tok(id, k)` of `tb_funcs.vh`.
fn tok(id: u32, k: u32) -> u32 {
    let a = (id + 1).wrapping_mul(0x9e37_79b1);
    let b = (k + 1).wrapping_mul(0x85eb_ca77);
    let x = xs(a ^ b);
    let x = xs(x.wrapping_add(a));
    x ^ (x >> 16)
}

/// The pattern of a testbench random source/sink: cycle 0 never (reset values), cycle c + 1
/// iff the c-th xorshift step of `seed` has its low byte below `prob`.
fn pattern(seed: u32, prob: u32) -> Vec<bool> {
    let mut p = vec![false; CYCLES];
    let mut rng = seed;
    for slot in p.iter_mut().skip(1) {
        rng = xs(rng);
        *slot = (rng & 0xff) < prob;
    }
    p
}

/// The parameters of a `tb_src`.
struct Src {
    id: u32,
    seed: u32,
    count: u32,
    width: u32,
    mask: u32,
    prob: u32,
}

/// A testbench under construction: the netlist and the channels it logs.
#[derive(Default)]
struct Tb {
    n: Netlist,
    logged: Vec<(ChannelId, String)>,
}

impl Tb {
    /// `tb_src`: `count` tokens `tok(id, k) & mask` truncated to `width` (0: control-only).
    fn src(&mut self, name: &str, s: Src) -> UnitId {
        let Src {
            id,
            seed,
            count,
            width,
            mask,
            prob,
        } = s;
        let m = if width == 0 {
            0
        } else {
            (mask as u64) & ((1u64 << width) - 1)
        };
        let tokens = (0..count).map(|k| u64::from(tok(id, k)) & m).collect();
        self.n.add_unit(
            name,
            UnitKind::ScriptSource {
                tokens,
                offer: pattern(seed, prob),
            },
        )
    }

    /// `tb_snk`.
    fn snk(&mut self, name: &str, seed: u32, prob: u32) -> UnitId {
        self.n.add_unit(
            name,
            UnitKind::ScriptSink {
                ready: pattern(seed, prob),
            },
        )
    }

    fn wire(&mut self, width: u32, from: (UnitId, usize), to: (UnitId, usize)) -> ChannelId {
        let name = format!("c{}", self.n.channels.len());
        self.n.connect(name, width, from, to)
    }

    fn log(&mut self, c: ChannelId, label: &str) {
        self.logged.push((c, label.to_string()));
    }

    /// Simulates and returns the sorted log lines and the final memories.
    fn run(self) -> (Vec<String>, Vec<Vec<u64>>) {
        let opts = SimOptions {
            max_cycles: Some(CYCLES as u64),
            deadlock_cycles: Some(CYCLES as u64),
            trace: true,
        };
        let r = simulate(&self.n, &opts).expect("valid netlist");
        let trace = r.trace.expect("trace");
        let mut lines = Vec::new();
        for cycle in 0..trace.cycles() {
            for (c, d) in trace.transfers(cycle) {
                for (_, label) in self.logged.iter().filter(|(l, _)| *l == c) {
                    let w = self.n.channels[c].width;
                    let hex = if w == 0 {
                        "1".to_string()
                    } else {
                        format!("{d:0width$x}", width = hex_digits(w))
                    };
                    lines.push(format!("T {cycle} {label} {hex}"));
                }
            }
        }
        lines.sort();
        (lines, r.memories)
    }
}

fn expected(name: &str) -> (Vec<String>, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sim-rtl")
        .join(format!("{name}.log"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut t: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("T "))
        .map(String::from)
        .collect();
    t.sort();
    let m = text
        .lines()
        .filter_map(|l| l.strip_prefix("M "))
        .map(String::from)
        .collect();
    (t, m)
}

fn check(name: &str, tb: Tb) {
    let (want, _) = expected(name);
    let (got, _) = tb.run();
    assert!(!want.is_empty(), "{name}: empty expectation");
    if got != want {
        let first = got.iter().zip(&want).position(|(a, b)| a != b);
        panic!(
            "{name}: {} lines simulated, {} expected; first difference at {first:?}: {:?} vs {:?}",
            got.len(),
            want.len(),
            first.map(|i| &got[i]),
            first.map(|i| &want[i])
        );
    }
}

#[test]
fn buffers() {
    let types = [
        BufferType::OneSlotBreakDv,
        BufferType::OneSlotBreakR,
        BufferType::OneSlotBreakDvr,
        BufferType::FifoBreakDv,
        BufferType::FifoBreakNone,
        BufferType::ShiftRegBreakDv,
    ];
    for (bt, slots) in [
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (3, 4),
        (4, 1),
        (4, 4),
        (5, 1),
        (5, 4),
    ] {
        let mut tb = Tb::default();
        let s = tb.src(
            "src",
            Src {
                id: 0,
                seed: 11,
                count: 200,
                width: 8,
                mask: !0,
                prob: 192,
            },
        );
        let b = tb.n.add_unit(
            "buf",
            UnitKind::Buffer {
                ty: types[bt],
                slots,
            },
        );
        let k = tb.snk("snk", 23, 192);
        tb.wire(8, (s, 0), (b, 0));
        let o = tb.wire(8, (b, 0), (k, 0));
        tb.log(o, "outs");
        check(&format!("tb_buffer_BTYPE-{bt}_NUM_SLOTS-{slots}"), tb);
    }
}

#[test]
fn forks() {
    for (lazy, size) in [(0, 3), (0, 1), (1, 3)] {
        let mut tb = Tb::default();
        let s = tb.src(
            "src",
            Src {
                id: 0,
                seed: 3,
                count: 150,
                width: 8,
                mask: !0,
                prob: 192,
            },
        );
        let kind = if lazy == 1 {
            UnitKind::LazyFork { size }
        } else {
            UnitKind::Fork { size }
        };
        let f = tb.n.add_unit("fork", kind);
        tb.wire(8, (s, 0), (f, 0));
        for g in 0..size {
            let k = tb.snk("snk", 40 + g as u32, 192);
            let o = tb.wire(8, (f, g), (k, 0));
            tb.log(o, &format!("outs{g}"));
        }
        check(&format!("tb_fork_LAZY-{lazy}_SIZE-{size}"), tb);
    }
}

#[test]
fn joins_and_merges() {
    for size in [3, 1] {
        let mut tb = Tb::default();
        let j = tb.n.add_unit("join", UnitKind::Join { size });
        for g in 0..size {
            let s = tb.src(
                "src",
                Src {
                    id: g as u32,
                    seed: 50 + g as u32,
                    count: 150,
                    width: 0,
                    mask: !0,
                    prob: 192,
                },
            );
            tb.wire(0, (s, 0), (j, g));
        }
        let k = tb.snk("snk", 61, 192);
        let o = tb.wire(0, (j, 0), (k, 0));
        tb.log(o, "outs");
        check(&format!("tb_join_SIZE-{size}"), tb);

        let mut tb = Tb::default();
        let m = tb.n.add_unit("merge", UnitKind::Merge { size });
        for g in 0..size {
            let s = tb.src(
                "src",
                Src {
                    id: g as u32,
                    seed: 70 + g as u32,
                    count: 60,
                    width: 8,
                    mask: !0,
                    prob: 100,
                },
            );
            tb.wire(8, (s, 0), (m, g));
        }
        let k = tb.snk("snk", 81, 192);
        let o = tb.wire(8, (m, 0), (k, 0));
        tb.log(o, "outs");
        check(&format!("tb_merge_SIZE-{size}"), tb);
    }
}

#[test]
fn mux_and_control_merge() {
    let mut tb = Tb::default();
    let m = tb.n.add_unit("mux", UnitKind::Mux { size: 4 });
    let i = tb.src(
        "idx",
        Src {
            id: 9,
            seed: 99,
            count: 100,
            width: 2,
            mask: !0,
            prob: 192,
        },
    );
    tb.wire(2, (i, 0), (m, 0));
    for g in 0..4 {
        let s = tb.src(
            "src",
            Src {
                id: g,
                seed: 90 + g,
                count: 100,
                width: 8,
                mask: !0,
                prob: 192,
            },
        );
        tb.wire(8, (s, 0), (m, 1 + g as usize));
    }
    let k = tb.snk("snk", 101, 192);
    let o = tb.wire(8, (m, 0), (k, 0));
    tb.log(o, "outs");
    check("tb_mux", tb);

    let mut tb = Tb::default();
    let m = tb.n.add_unit("cmerge", UnitKind::ControlMerge { size: 3 });
    for g in 0..3 {
        let s = tb.src(
            "src",
            Src {
                id: g,
                seed: 110 + g,
                count: 60,
                width: 8,
                mask: !0,
                prob: 120,
            },
        );
        tb.wire(8, (s, 0), (m, g as usize));
    }
    let ko = tb.snk("snk_o", 121, 192);
    let ki = tb.snk("snk_i", 122, 192);
    let o = tb.wire(8, (m, 0), (ko, 0));
    let x = tb.wire(2, (m, 1), (ki, 0));
    tb.log(o, "outs");
    tb.log(x, "index");
    check("tb_cmerge", tb);
}

#[test]
fn branches() {
    let mut tb = Tb::default();
    let c = tb.src(
        "cond",
        Src {
            id: 5,
            seed: 131,
            count: 150,
            width: 1,
            mask: !0,
            prob: 192,
        },
    );
    let d = tb.src(
        "data",
        Src {
            id: 6,
            seed: 132,
            count: 150,
            width: 8,
            mask: !0,
            prob: 192,
        },
    );
    let b = tb.n.add_unit("cond_br", UnitKind::CondBr);
    tb.wire(1, (c, 0), (b, 0));
    tb.wire(8, (d, 0), (b, 1));
    let kt = tb.snk("snk_t", 133, 192);
    let kf = tb.snk("snk_f", 134, 192);
    let t = tb.wire(8, (b, 0), (kt, 0));
    let f = tb.wire(8, (b, 1), (kf, 0));
    tb.log(t, "trueOut");
    tb.log(f, "falseOut");
    let s = tb.src(
        "br_src",
        Src {
            id: 7,
            seed: 135,
            count: 150,
            width: 8,
            mask: !0,
            prob: 192,
        },
    );
    let br = tb.n.add_unit("br", UnitKind::Br);
    let kb = tb.snk("snk_b", 136, 192);
    tb.wire(8, (s, 0), (br, 0));
    let o = tb.wire(8, (br, 0), (kb, 0));
    tb.log(o, "br");
    check("tb_branch", tb);
}

#[test]
fn select_and_constant() {
    let mut tb = Tb::default();
    let c = tb.src(
        "c",
        Src {
            id: 1,
            seed: 141,
            count: 150,
            width: 1,
            mask: !0,
            prob: 192,
        },
    );
    let t = tb.src(
        "t",
        Src {
            id: 2,
            seed: 142,
            count: 150,
            width: 8,
            mask: !0,
            prob: 192,
        },
    );
    let f = tb.src(
        "f",
        Src {
            id: 3,
            seed: 143,
            count: 150,
            width: 8,
            mask: !0,
            prob: 192,
        },
    );
    let s = tb.n.add_unit("select", UnitKind::Select);
    let k = tb.snk("snk_r", 144, 192);
    tb.wire(1, (c, 0), (s, 0));
    tb.wire(8, (t, 0), (s, 1));
    tb.wire(8, (f, 0), (s, 2));
    let r = tb.wire(8, (s, 0), (k, 0));
    tb.log(r, "result");
    let ctrl = tb.src(
        "ctrl",
        Src {
            id: 4,
            seed: 145,
            count: 150,
            width: 0,
            mask: !0,
            prob: 192,
        },
    );
    let kc =
        tb.n.add_unit("constant", UnitKind::Constant { value: 0x5a });
    let kk = tb.snk("snk_k", 146, 192);
    tb.wire(0, (ctrl, 0), (kc, 0));
    let o = tb.wire(8, (kc, 0), (kk, 0));
    tb.log(o, "constant");
    check("tb_misc", tb);
}

/// The units of `tb_arith` by OP code, with their result width for operand width `w`.
fn arith_op(op: u32, w: u32) -> (IntOp, u32) {
    use IntOp::*;
    use IntPredicate as P;
    let preds = [
        P::Eq,
        P::Ne,
        P::Slt,
        P::Sle,
        P::Sgt,
        P::Sge,
        P::Ult,
        P::Ule,
        P::Ugt,
        P::Uge,
    ];
    let binary = [
        Add, Sub, And, Or, Xor, Shl, ShrS, ShrU, MaxS, MaxU, MinS, MinU, Mul, DivS, DivU, RemS,
        RemU,
    ];
    match op {
        0..=16 => (binary[op as usize], w),
        20..=29 => (Cmp(preds[op as usize - 20]), 1),
        30 => (ExtS, w + 4),
        31 => (ExtU, w + 4),
        32 => (Trunc, w - 3),
        33 => (Abs, w),
        _ => (Not, w),
    }
}

#[test]
fn arithmetic() {
    let cases = [
        (0, 8, 0),
        (1, 8, 0),
        (2, 8, 0),
        (3, 8, 0),
        (4, 8, 0),
        (5, 5, 0),
        (6, 5, 0),
        (7, 5, 0),
        (8, 4, 0),
        (9, 4, 0),
        (10, 4, 0),
        (11, 4, 0),
        (12, 8, 4),
        (12, 12, 1),
        (13, 4, 35),
        (14, 4, 35),
        (15, 4, 35),
        (16, 4, 35),
        (13, 16, 3),
        (15, 16, 3),
        (20, 3, 0),
        (21, 3, 0),
        (22, 3, 0),
        (23, 3, 0),
        (24, 3, 0),
        (25, 3, 0),
        (26, 3, 0),
        (27, 3, 0),
        (28, 3, 0),
        (29, 3, 0),
        (30, 8, 0),
        (31, 8, 0),
        (32, 8, 0),
        (33, 4, 0),
        (34, 8, 0),
    ];
    for (op, w, latency) in cases {
        let (int_op, rw) = arith_op(op, w);
        let mut tb = Tb::default();
        let u = tb.n.add_unit(
            "op",
            UnitKind::Int {
                op: int_op,
                latency,
            },
        );
        let l = tb.src(
            "lhs",
            Src {
                id: 1,
                seed: 5,
                count: 150,
                width: w,
                mask: !0,
                prob: 192,
            },
        );
        tb.wire(w, (l, 0), (u, 0));
        if !int_op.is_unary() {
            let mask = if (5..=7).contains(&op) { 7 } else { !0 };
            let r = tb.src(
                "rhs",
                Src {
                    id: 2,
                    seed: 9,
                    count: 150,
                    width: w,
                    mask,
                    prob: 192,
                },
            );
            tb.wire(w, (r, 0), (u, 1));
        }
        let k = tb.snk("snk", 31, 192);
        let o = tb.wire(rw, (u, 0), (k, 0));
        tb.log(o, "result");
        let lat = if latency > 0 {
            format!("_LATENCY-{latency}")
        } else {
            String::new()
        };
        check(&format!("tb_arith_OP-{op}_W-{w}{lat}"), tb);
    }
}

#[test]
fn memory_controller() {
    const DW: u32 = 8;
    const AW: u32 = 4;
    for mode in 0..3 {
        let (has_ld, has_st) = (mode != 1, mode != 2);
        let mut tb = Tb::default();
        let init = (0..16u64).map(|a| (37 * a + 11) % 256).collect();
        let mem = tb.n.add_memory("mem", DW, init);
        let (loads, stores, controls) = (
            if has_ld { 2 } else { 0 },
            if has_st { 2 } else { 0 },
            if has_st { 2 } else { 0 },
        );
        let mc = tb.n.add_unit(
            "mc",
            UnitKind::MemController {
                memory: mem,
                controls,
                loads,
                stores,
            },
        );
        let ms = tb.src(
            "ms",
            Src {
                id: 50,
                seed: 200,
                count: 1,
                width: 0,
                mask: !0,
                prob: 192,
            },
        );
        tb.wire(0, (ms, 0), (mc, 0));
        let ce = tb.src(
            "ce",
            Src {
                id: 51,
                seed: 201,
                count: 1,
                width: 0,
                mask: !0,
                prob: 256,
            },
        );
        tb.wire(0, (ce, 0), (mc, 1 + controls + loads + 2 * stores));
        let me = tb.snk("me", 202, 192);
        let end = tb.wire(0, (mc, loads), (me, 0));
        tb.log(end, "memEnd");
        for p in 0..loads {
            let la = tb.src(
                "la",
                Src {
                    id: 10 + p as u32,
                    seed: 150 + p as u32,
                    count: 40,
                    width: AW,
                    mask: 7,
                    prob: 192,
                },
            );
            let ld = tb.n.add_unit("load", UnitKind::Load);
            let k = tb.snk("ld_snk", 160 + p as u32, 120);
            tb.wire(AW, (la, 0), (ld, 0));
            tb.wire(DW, (mc, p), (ld, 1));
            tb.wire(AW, (ld, 0), (mc, 1 + controls + p));
            let out = tb.wire(DW, (ld, 1), (k, 0));
            tb.log(out, &format!("ldData{p}"));
        }
        let mut st_addr = Vec::new();
        for p in 0..stores {
            let offer = pattern(170 + p as u32, 192);
            let tokens = (0..30)
                .map(|k| u64::from(tok(20 + p as u32, k) & 7 | 8))
                .collect();
            let sa =
                tb.n.add_unit("sa", UnitKind::ScriptSource { tokens, offer });
            let sd = tb.src(
                "sd",
                Src {
                    id: 30 + p as u32,
                    seed: 180 + p as u32,
                    count: 30,
                    width: DW,
                    mask: !0,
                    prob: 192,
                },
            );
            let st = tb.n.add_unit("store", UnitKind::Store);
            tb.wire(AW, (sa, 0), (st, 0));
            tb.wire(DW, (sd, 0), (st, 1));
            st_addr.push(tb.wire(AW, (st, 0), (mc, 1 + controls + loads + p)));
            tb.wire(DW, (st, 1), (mc, 1 + controls + loads + stores + p));
        }
        for p in 0..controls {
            let offer = pattern(190 + p as u32, 40);
            let ctrl = tb.n.add_unit(
                "ctrl",
                UnitKind::ScriptSource {
                    tokens: vec![3; 10],
                    offer,
                },
            );
            tb.wire(32, (ctrl, 0), (mc, 1 + p));
        }
        let name = format!("tb_mem_MODE-{mode}");
        let (want, want_mem) = expected(&name);
        // Stores are logged from the memory side: the controller's store port transfers.
        let st_data: Vec<ChannelId> = st_addr.iter().map(|&c| c + 1).collect();
        let n = tb.n.clone();
        let opts = SimOptions {
            max_cycles: Some(CYCLES as u64),
            deadlock_cycles: Some(CYCLES as u64),
            trace: true,
        };
        let r = simulate(&n, &opts).expect("valid netlist");
        let trace = r.trace.as_ref().expect("trace");
        let (mut got, mem_after) = tb.run();
        for cycle in 0..trace.cycles() {
            for (&a, &d) in st_addr.iter().zip(&st_data) {
                if trace.state(cycle, a).valid() && trace.state(cycle, a).ready() {
                    let (av, dv) = (trace.data(cycle, a).unwrap(), trace.data(cycle, d).unwrap());
                    got.push(format!("T {cycle} store {av:x} {dv:02x}"));
                }
            }
        }
        got.sort();
        assert_eq!(got, want, "{name}");
        let mem_hex: Vec<String> = mem_after[0].iter().map(|w| format!("{w:02x}")).collect();
        assert_eq!(mem_hex, want_mem, "{name}: final memory");
        assert_eq!(r.memories, mem_after);
    }
}
