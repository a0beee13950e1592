//! Whole runs: kernel inputs and outputs with the cycle-count convention, a memory kernel,
//! float operators, deadlock and combinational-loop reports, the cycle limit, netlist
//! validation, trace and VCD export, and the simulation speed on a 400-unit circuit.

use rivulet_core::sim::value::{from_f32, from_f64, to_f32};
use rivulet_core::sim::{
    simulate, to_vcd, BufferType, ChannelState, FloatOp, FloatPredicate, IntOp, Netlist,
    SimOptions, Status, UnitKind, WaitReason,
};

fn traced() -> SimOptions {
    SimOptions {
        trace: true,
        ..SimOptions::default()
    }
}

#[test]
fn cycle_count_convention() {
    // Entry → exit: the token transfers in cycle 0, so the run takes 1 cycle (one rising edge).
    let mut n = Netlist::new();
    let e = n.add_unit("arg", UnitKind::Entry { value: 9 });
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("c", 8, (e, 0), (x, 0));
    let r = simulate(&n, &SimOptions::default()).unwrap();
    assert_eq!(
        (r.status, r.cycles, r.outputs),
        (Status::Finished, 1, vec![Some(9)])
    );

    // Through a ONE_SLOT_BREAK_DV and a 4-stage multiplier: 1 + 4 cycles of latency.
    let mut n = Netlist::new();
    let a = n.add_unit("a", UnitKind::Entry { value: 6 });
    let b = n.add_unit("b", UnitKind::Entry { value: 7 });
    let buf = n.add_unit(
        "buf",
        UnitKind::Buffer {
            ty: BufferType::OneSlotBreakDv,
            slots: 1,
        },
    );
    let m = n.add_unit(
        "mul",
        UnitKind::Int {
            op: IntOp::Mul,
            latency: 4,
        },
    );
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("a", 32, (a, 0), (buf, 0));
    n.connect("ab", 32, (buf, 0), (m, 0));
    n.connect("b", 32, (b, 0), (m, 1));
    n.connect("r", 32, (m, 0), (x, 0));
    let r = simulate(&n, &SimOptions::default()).unwrap();
    assert_eq!(
        (r.status, r.cycles, r.outputs),
        (Status::Finished, 6, vec![Some(42)])
    );
}

#[test]
fn memory_kernel() {
    // start → fork: memStart, store 42 at address 3 (announced by a ctrl token of 1), load
    // address 5, ctrlEnd. Exits: the loaded value and memEnd.
    let mut n = Netlist::new();
    let mem = n.add_memory("a", 16, (0..8).map(|i| 100 + i).collect());
    let start = n.add_unit("start", UnitKind::Entry { value: 0 });
    let val = n.add_unit("val", UnitKind::Entry { value: 42 });
    let f = n.add_unit("fork", UnitKind::Fork { size: 5 });
    let st_addr = n.add_unit("c3", UnitKind::Constant { value: 3 });
    let ld_addr = n.add_unit("c5", UnitKind::Constant { value: 5 });
    let count = n.add_unit("c1", UnitKind::Constant { value: 1 });
    let st = n.add_unit("store", UnitKind::Store);
    let ld = n.add_unit("load", UnitKind::Load);
    let mc = n.add_unit(
        "mc",
        UnitKind::MemController {
            memory: mem,
            controls: 1,
            loads: 1,
            stores: 1,
        },
    );
    let ret = n.add_unit("ret", UnitKind::Exit);
    let end = n.add_unit("end", UnitKind::Exit);
    n.connect("start", 0, (start, 0), (f, 0));
    n.connect("ms", 0, (f, 0), (mc, 0));
    n.connect("f_c3", 0, (f, 1), (st_addr, 0));
    n.connect("f_c1", 0, (f, 2), (count, 0));
    n.connect("f_c5", 0, (f, 3), (ld_addr, 0));
    n.connect("ce", 0, (f, 4), (mc, 5));
    n.connect("ctrl", 32, (count, 0), (mc, 1));
    n.connect("la", 3, (ld_addr, 0), (ld, 0));
    n.connect("la_mc", 3, (ld, 0), (mc, 2));
    n.connect("ld_mc", 16, (mc, 0), (ld, 1));
    n.connect("ld_out", 16, (ld, 1), (ret, 0));
    n.connect("sa", 3, (st_addr, 0), (st, 0));
    n.connect("sd", 16, (val, 0), (st, 1));
    n.connect("sa_mc", 3, (st, 0), (mc, 3));
    n.connect("sd_mc", 16, (st, 1), (mc, 4));
    n.connect("me", 0, (mc, 1), (end, 0));
    let r = simulate(&n, &SimOptions::default()).unwrap();
    assert_eq!(r.status, Status::Finished);
    assert_eq!(r.outputs, vec![Some(105), Some(0)]);
    // Load issued and store done in cycle 0; data and memEnd in cycle 1.
    assert_eq!(r.cycles, 2);
    assert_eq!(r.memories[0], vec![100, 101, 102, 42, 104, 105, 106, 107]);
}

#[test]
fn float_operators() {
    let cases: [(FloatOp, u32, u64, u64, u32, u64); 5] = [
        (
            FloatOp::Add,
            32,
            from_f32(1.5),
            from_f32(2.25),
            32,
            from_f32(3.75),
        ),
        (
            FloatOp::Mul,
            64,
            from_f64(0.1),
            from_f64(3.0),
            64,
            from_f64(0.1 * 3.0),
        ),
        (
            FloatOp::Div,
            32,
            from_f32(1.0),
            from_f32(0.0),
            32,
            from_f32(f32::INFINITY),
        ),
        (
            FloatOp::Cmp(FloatPredicate::Olt),
            32,
            from_f32(-1.0),
            from_f32(0.5),
            1,
            1,
        ),
        (
            FloatOp::Cmp(FloatPredicate::Uno),
            64,
            from_f64(f64::NAN),
            from_f64(0.5),
            1,
            1,
        ),
    ];
    for (op, w, a, b, rw, want) in cases {
        for latency in [0, 3] {
            let mut n = Netlist::new();
            let ea = n.add_unit("a", UnitKind::Entry { value: a });
            let eb = n.add_unit("b", UnitKind::Entry { value: b });
            let u = n.add_unit("op", UnitKind::Float { op, latency });
            let x = n.add_unit("ret", UnitKind::Exit);
            n.connect("a", w, (ea, 0), (u, 0));
            n.connect("b", w, (eb, 0), (u, 1));
            n.connect("r", rw, (u, 0), (x, 0));
            let r = simulate(&n, &SimOptions::default()).unwrap();
            assert_eq!(r.outputs, vec![Some(want)], "{op:?}");
            assert_eq!(r.cycles, 1 + latency as u64);
        }
    }
    let mut n = Netlist::new();
    let e = n.add_unit("a", UnitKind::Entry { value: 0xff }); // -1 as 8 bits
    let u = n.add_unit(
        "op",
        UnitKind::Float {
            op: FloatOp::SiToFp,
            latency: 0,
        },
    );
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("a", 8, (e, 0), (u, 0));
    n.connect("r", 32, (u, 0), (x, 0));
    let r = simulate(&n, &SimOptions::default()).unwrap();
    assert_eq!(to_f32(r.outputs[0].unwrap()), -1.0);
}

#[test]
fn deadlock_is_reported() {
    // A join that waits for a token only its own output could produce.
    let mut n = Netlist::new();
    let e = n.add_unit("arg", UnitKind::Entry { value: 0 });
    let j = n.add_unit("join", UnitKind::Join { size: 2 });
    let f = n.add_unit("fork", UnitKind::Fork { size: 2 });
    let x = n.add_unit("ret", UnitKind::Exit);
    let held = n.connect("arg_join", 0, (e, 0), (j, 0));
    let back = n.connect("fork_join", 0, (f, 1), (j, 1));
    n.connect("join_fork", 0, (j, 0), (f, 0));
    n.connect("fork_ret", 0, (f, 0), (x, 0));
    let r = simulate(&n, &SimOptions::default()).unwrap();
    let Status::Deadlock(report) = &r.status else {
        panic!("expected a deadlock, got {:?}", r.status)
    };
    assert_eq!(
        report.cycle, 0,
        "a state that cannot change is reported at once"
    );
    assert_eq!(report.last_transfer, None);
    assert_eq!(report.stalled, vec![(held, 0)]);
    assert!(report
        .waits
        .iter()
        .any(|w| w.waiter == e && w.on == j && w.reason == WaitReason::NeedsReady));
    assert!(report
        .waits
        .iter()
        .any(|w| w.waiter == j && w.channel == back && w.reason == WaitReason::NeedsToken));
    let text = report.render(&n);
    assert!(text.contains("arg_join (arg -> join)"), "{text}");
    assert!(
        text.contains("join waits for fork for a token on fork_join"),
        "{text}"
    );
    assert_eq!(r.outputs, vec![None]);
}

#[test]
fn bounded_idle_deadlock() {
    // A script source that keeps its pattern alive but never offers in time.
    let mut n = Netlist::new();
    let s = n.add_unit(
        "src",
        UnitKind::ScriptSource {
            tokens: vec![1],
            offer: vec![false; 100],
        },
    );
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("c", 8, (s, 0), (x, 0));
    let opts = SimOptions {
        deadlock_cycles: Some(30),
        ..SimOptions::default()
    };
    let r = simulate(&n, &opts).unwrap();
    assert!(matches!(&r.status, Status::Deadlock(d) if d.cycle == 29));
    assert_eq!(r.cycles, 30);
}

#[test]
fn combinational_loop_is_reported() {
    // A lazy fork feeds a memory controller's ctrl and ctrlEnd: ctrl's valid needs ctrlEnd's
    // ready, which the controller gives only while no ctrl token is valid: valid = ¬valid.
    let mut n = Netlist::new();
    let mem = n.add_memory("m", 8, vec![0; 4]);
    let s = n.add_unit("src", UnitKind::Source);
    let f = n.add_unit("lazy", UnitKind::LazyFork { size: 2 });
    let mc = n.add_unit(
        "mc",
        UnitKind::MemController {
            memory: mem,
            controls: 1,
            loads: 0,
            stores: 1,
        },
    );
    let none = |n: &mut Netlist, name: &str| {
        n.add_unit(
            name,
            UnitKind::ScriptSource {
                tokens: vec![],
                offer: vec![],
            },
        )
    };
    let (ms, sa, sd) = (none(&mut n, "ms"), none(&mut n, "sa"), none(&mut n, "sd"));
    let k = n.add_unit("sink", UnitKind::Sink);
    n.connect("s", 32, (s, 0), (f, 0));
    let ctrl = n.connect("ctrl", 32, (f, 0), (mc, 1));
    let end = n.connect("ctrl_end", 32, (f, 1), (mc, 4));
    n.connect("ms", 0, (ms, 0), (mc, 0));
    n.connect("sa", 2, (sa, 0), (mc, 2));
    n.connect("sd", 8, (sd, 0), (mc, 3));
    n.connect("me", 0, (mc, 0), (k, 0));
    let r = simulate(&n, &SimOptions::default()).unwrap();
    let Status::CombLoop(report) = &r.status else {
        panic!("expected a loop, got {:?}", r.status)
    };
    assert_eq!(report.cycle, 0);
    assert!(
        report.channels.contains(&ctrl) && report.channels.contains(&end),
        "{:?}",
        report.channels
    );
    assert!(
        report.render(&n).contains("combinational loop in cycle 0"),
        "{}",
        report.render(&n)
    );
}

#[test]
fn cycle_limit() {
    let mut n = Netlist::new();
    let s = n.add_unit("src", UnitKind::Source);
    let k = n.add_unit("sink", UnitKind::Sink);
    n.connect("c", 0, (s, 0), (k, 0));
    let opts = SimOptions {
        max_cycles: Some(500),
        ..SimOptions::default()
    };
    let r = simulate(&n, &opts).unwrap();
    assert_eq!((r.status, r.cycles), (Status::CycleLimit, 500));
}

#[test]
fn malformed_netlists_are_diagnosed() {
    let mut n = Netlist::new();
    let e = n.add_unit("arg", UnitKind::Entry { value: 300 });
    let a = n.add_unit(
        "add",
        UnitKind::Int {
            op: IntOp::Add,
            latency: 0,
        },
    );
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("c1", 8, (e, 0), (a, 0));
    n.connect("c2", 8, (e, 0), (a, 3));
    n.connect("c3", 16, (a, 0), (x, 0));
    let errors = simulate(&n, &SimOptions::default()).unwrap_err();
    let text: Vec<String> = errors.iter().map(|d| d.message.clone()).collect();
    assert!(
        text.iter()
            .any(|m| m.contains("output port 0 of unit `arg` is connected to both")),
        "{text:?}"
    );
    assert!(
        text.iter().any(|m| m.contains("input port 3 of unit 1")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|m| m.contains("input port 1 of unit `add` is not connected")),
        "{text:?}"
    );

    let mut n = Netlist::new();
    let e = n.add_unit("arg", UnitKind::Entry { value: 300 });
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("c", 8, (e, 0), (x, 0));
    let errors = n.validate();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].message.contains("value wider than output"));
}

#[test]
fn trace_and_vcd() {
    let mut n = Netlist::new();
    let e = n.add_unit("arg", UnitKind::Entry { value: 5 });
    let b = n.add_unit(
        "buf",
        UnitKind::Buffer {
            ty: BufferType::OneSlotBreakDv,
            slots: 1,
        },
    );
    let k = n.add_unit(
        "out",
        UnitKind::ScriptSink {
            ready: vec![false, false, false],
        },
    );
    let c0 = n.connect("in", 4, (e, 0), (b, 0));
    let c1 = n.connect("out.0", 4, (b, 0), (k, 0));
    let r = simulate(&n, &traced()).unwrap();
    assert_eq!(r.status, Status::Finished);
    let t = r.trace.unwrap();
    assert_eq!(t.cycles(), 5);
    use ChannelState::*;
    let states: Vec<_> = (0..5).map(|c| (t.state(c, c0), t.state(c, c1))).collect();
    assert_eq!(
        states,
        vec![
            (Transfer, Idle),
            (Idle, Stall),
            (Idle, Stall),
            (Accept, Transfer),
            (Accept, Accept)
        ]
    );
    assert_eq!(t.transfers(3).collect::<Vec<_>>(), vec![(c1, 5)]);
    assert_eq!(t.data(1, c1), Some(5));
    assert_eq!(t.data(4, c1), None);

    let vcd = to_vcd(&n, t.frames(), "top");
    assert!(vcd.contains("$timescale 1ns $end"));
    assert!(vcd.contains("$scope module top $end"));
    assert!(vcd.contains("$var wire 4 ' out_0 [3:0] $end"), "{vcd}");
    assert!(vcd.contains("$enddefinitions $end"));
    // Every value change names a declared identifier.
    let ids: Vec<&str> = vcd
        .lines()
        .filter(|l| l.starts_with("$var"))
        .map(|l| l.split(' ').nth(3).unwrap())
        .collect();
    for line in vcd
        .lines()
        .filter(|l| !l.starts_with('$') && !l.starts_with('#'))
    {
        let id = if line.starts_with('b') {
            line.split(' ').nth(1).unwrap()
        } else {
            &line[1..]
        };
        assert!(ids.contains(&id), "undeclared id in {line:?}");
    }
    // Cycle 1: the input goes idle, the buffered token stalls on the output.
    assert!(
        vcd.contains("#10\n0!\n0\"\n0#\nbx $\n1%\nb101 '\n#15\n1!\n"),
        "{vcd}"
    );
}

/// A 100-stage pipeline (source → [addi 1 ← constant ← source; ONE_SLOT_BREAK_DV] × 100 → sink)
/// of 402 units streaming 3000 tokens.
#[test]
fn speed() {
    let tokens: Vec<u64> = (0..3000).collect();
    let mut n = Netlist::new();
    let src = n.add_unit(
        "src",
        UnitKind::ScriptSource {
            tokens: tokens.clone(),
            offer: vec![],
        },
    );
    let mut prev = (src, 0);
    for i in 0..100 {
        let s = n.add_unit(format!("s{i}"), UnitKind::Source);
        let c = n.add_unit(format!("k{i}"), UnitKind::Constant { value: 1 });
        let a = n.add_unit(
            format!("add{i}"),
            UnitKind::Int {
                op: IntOp::Add,
                latency: 0,
            },
        );
        let b = n.add_unit(
            format!("buf{i}"),
            UnitKind::Buffer {
                ty: BufferType::OneSlotBreakDv,
                slots: 1,
            },
        );
        n.connect(format!("s{i}"), 0, (s, 0), (c, 0));
        n.connect(format!("k{i}"), 16, (c, 0), (a, 1));
        n.connect(format!("x{i}"), 16, prev, (a, 0));
        n.connect(format!("a{i}"), 16, (a, 0), (b, 0));
        prev = (b, 0);
    }
    let sink = n.add_unit("snk", UnitKind::ScriptSink { ready: vec![] });
    let out = n.connect("out", 16, prev, (sink, 0));
    for trace in [false, true] {
        let start = std::time::Instant::now();
        let r = simulate(
            &n,
            &SimOptions {
                trace,
                ..SimOptions::default()
            },
        )
        .unwrap();
        let elapsed = start.elapsed();
        // The constants keep offering tokens nobody takes: the quiet end state is a deadlock.
        assert!(matches!(r.status, Status::Deadlock(_)), "{:?}", r.status);
        println!(
            "speed (trace {trace}): {} units, {} cycles, {} evaluations in {:?}: {:.2} M evaluations/s, {:.0} cycles/s",
            n.units.len(),
            r.cycles,
            r.evaluations,
            elapsed,
            r.evaluations as f64 / elapsed.as_secs_f64() / 1e6,
            r.cycles as f64 / elapsed.as_secs_f64()
        );
        if let Some(t) = &r.trace {
            let got: Vec<u64> = (0..t.cycles())
                .filter_map(|c| t.transfers(c).find(|x| x.0 == out).map(|x| x.1))
                .collect();
            assert_eq!(got, tokens.iter().map(|v| v + 100).collect::<Vec<_>>());
        }
    }
}
