//! Handshake behaviour of single units under scripted producers and consumers: buffer latency,
//! capacity and ready path, eager fork done flags, lazy fork, control merge buffer, merge and
//! mux priority, pipelined operators under back-pressure.

use rivulet_core::sim::{
    simulate, BufferType, ChannelId, ChannelState, IntOp, Netlist, SimOptions, Trace, UnitId,
    UnitKind,
};

/// Offer pattern / ready pattern helpers: `on(n, cycles)` is true exactly in `cycles` (< n).
fn on(n: usize, cycles: &[usize]) -> Vec<bool> {
    (0..n).map(|c| cycles.contains(&c)).collect()
}

fn run(n: &Netlist, cycles: u64) -> Trace {
    let opts = SimOptions {
        max_cycles: Some(cycles),
        deadlock_cycles: Some(cycles),
        trace: true,
    };
    simulate(n, &opts)
        .expect("valid netlist")
        .trace
        .expect("trace")
}

/// Cycles in which channel `c` transfers.
fn fires(t: &Trace, c: ChannelId) -> Vec<u64> {
    (0..t.cycles())
        .filter(|&k| t.state(k, c) == ChannelState::Transfer)
        .collect()
}

/// The values channel `c` carries, in transfer order.
fn values(t: &Trace, c: ChannelId) -> Vec<u64> {
    fires(t, c)
        .iter()
        .map(|&k| t.data(k, c).expect("a transfer carries data"))
        .collect()
}

/// A scripted producer of `tokens`, offering in the cycles `offer` allows (empty: every cycle).
fn source(n: &mut Netlist, name: &str, tokens: Vec<u64>, offer: Vec<bool>) -> UnitId {
    n.add_unit(name, UnitKind::ScriptSource { tokens, offer })
}

/// A scripted consumer, ready in the cycles `ready` allows (empty: every cycle).
fn sink(n: &mut Netlist, name: &str, ready: Vec<bool>) -> UnitId {
    n.add_unit(name, UnitKind::ScriptSink { ready })
}

/// source(tokens, offer) → unit(kind) → sink(ready); returns (netlist, in channel, out channel).
fn through(
    kind: UnitKind,
    tokens: Vec<u64>,
    offer: Vec<bool>,
    ready: Vec<bool>,
) -> (Netlist, ChannelId, ChannelId) {
    let mut n = Netlist::new();
    let s = source(&mut n, "src", tokens, offer);
    let u = n.add_unit("dut", kind);
    let k = sink(&mut n, "snk", ready);
    let i = n.connect("in", 8, (s, 0), (u, 0));
    let o = n.connect("out", 8, (u, 0), (k, 0));
    (n, i, o)
}

fn buffer(ty: BufferType, slots: usize) -> UnitKind {
    UnitKind::Buffer { ty, slots }
}

#[test]
fn buffer_latency() {
    use BufferType::*;
    for (ty, slots, latency) in [
        (OneSlotBreakDv, 1, 1),
        (OneSlotBreakR, 1, 0),
        (OneSlotBreakDvr, 1, 1),
        (FifoBreakDv, 3, 1),
        (FifoBreakNone, 3, 0),
        (ShiftRegBreakDv, 1, 1),
        (ShiftRegBreakDv, 5, 5),
    ] {
        let (n, i, o) = through(buffer(ty, slots), vec![7], vec![], vec![]);
        let t = run(&n, 20);
        assert_eq!(fires(&t, i), vec![0], "{ty:?}");
        assert_eq!(fires(&t, o), vec![latency], "{ty:?} {slots}");
        assert_eq!(t.data(latency, o), Some(7));
    }
}

#[test]
fn buffer_capacity_and_order() {
    use BufferType::*;
    for (ty, slots, capacity) in [
        (OneSlotBreakDv, 1, 1),
        (OneSlotBreakR, 1, 1),
        (OneSlotBreakDvr, 1, 1),
        (FifoBreakDv, 4, 4),
        (FifoBreakNone, 4, 4),
        (ShiftRegBreakDv, 3, 3),
    ] {
        // The sink refuses everything for 20 cycles, then takes everything.
        let ready = vec![false; 20];
        let (n, i, o) = through(buffer(ty, slots), (1..=10).collect(), vec![], ready);
        let t = run(&n, 60);
        let accepted = fires(&t, i).iter().filter(|&&c| c < 20).count();
        assert_eq!(accepted, capacity, "{ty:?}");
        assert_eq!(values(&t, o), (1..=10).collect::<Vec<_>>(), "{ty:?}: order");
    }
}

#[test]
fn ready_path_registered_or_combinational() {
    use BufferType::*;
    // Full buffer, sink becomes ready in cycle 20: a combinational ready path lets a new token in
    // that same cycle, a registered one only later.
    for (ty, registered) in [
        (OneSlotBreakDv, false),
        (OneSlotBreakR, true),
        (OneSlotBreakDvr, true),
    ] {
        let ready = vec![false; 20];
        let (n, i, _) = through(buffer(ty, 1), vec![1, 2], vec![], ready);
        let t = run(&n, 30);
        let second = fires(&t, i)[1];
        assert_eq!(
            second == 20,
            !registered,
            "{ty:?}: second input transfer in cycle {second}"
        );
    }
}

#[test]
fn one_slot_dvr_takes_every_other_cycle() {
    let (n, _, o) = through(
        buffer(BufferType::OneSlotBreakDvr, 1),
        (0..6).collect(),
        vec![],
        vec![],
    );
    let t = run(&n, 30);
    assert_eq!(fires(&t, o), vec![1, 3, 5, 7, 9, 11]);
}

#[test]
fn shift_register_stalls_as_a_whole() {
    // 3 stages, tokens every cycle, output refused in cycles 3..6.
    let mut ready = vec![true; 3];
    ready.extend([false; 3]);
    let (n, i, o) = through(
        buffer(BufferType::ShiftRegBreakDv, 3),
        (0..5).collect(),
        vec![],
        ready,
    );
    let t = run(&n, 30);
    assert_eq!(fires(&t, i), vec![0, 1, 2, 6, 7]);
    assert_eq!(fires(&t, o), vec![6, 7, 8, 9, 10]);
}

#[test]
fn eager_fork_done_flags() {
    let mut n = Netlist::new();
    let s = source(&mut n, "src", vec![5, 6], vec![]);
    let f = n.add_unit("fork", UnitKind::Fork { size: 2 });
    let a = sink(&mut n, "a", vec![]);
    let b = sink(&mut n, "b", on(10, &[3, 4]));
    let i = n.connect("in", 8, (s, 0), (f, 0));
    let oa = n.connect("oa", 8, (f, 0), (a, 0));
    let ob = n.connect("ob", 8, (f, 1), (b, 0));
    let t = run(&n, 20);
    // Output a takes token 5 at once, then waits (done) until b takes it in cycle 3.
    assert_eq!(fires(&t, oa), vec![0, 4]);
    assert_eq!(fires(&t, ob), vec![3, 4]);
    assert_eq!(fires(&t, i), vec![3, 4]);
    assert_eq!(t.state(1, oa), ChannelState::Accept);
    assert_eq!(t.data(4, oa), Some(6));
}

#[test]
fn lazy_fork_fires_together() {
    let mut n = Netlist::new();
    let s = source(&mut n, "src", vec![5], vec![]);
    let f = n.add_unit("fork", UnitKind::LazyFork { size: 2 });
    let a = sink(&mut n, "a", vec![]);
    let b = sink(&mut n, "b", on(10, &[3]));
    n.connect("in", 8, (s, 0), (f, 0));
    let oa = n.connect("oa", 8, (f, 0), (a, 0));
    let ob = n.connect("ob", 8, (f, 1), (b, 0));
    let t = run(&n, 20);
    assert_eq!(fires(&t, oa), vec![3]);
    assert_eq!(fires(&t, ob), vec![3]);
    assert_eq!(
        t.state(0, oa),
        ChannelState::Accept,
        "not valid while the other output is not ready"
    );
}

#[test]
fn merge_and_mux_priority() {
    let mut n = Netlist::new();
    let a = source(&mut n, "a", vec![1, 2], vec![]);
    let b = source(&mut n, "b", vec![10], vec![]);
    let m = n.add_unit("merge", UnitKind::Merge { size: 2 });
    let k = sink(&mut n, "k", vec![]);
    n.connect("a", 8, (a, 0), (m, 0));
    n.connect("b", 8, (b, 0), (m, 1));
    let o = n.connect("o", 8, (m, 0), (k, 0));
    let t = run(&n, 10);
    assert_eq!(values(&t, o), vec![1, 2, 10]);

    let mut n = Netlist::new();
    let x = source(&mut n, "idx", vec![1, 0, 1], vec![]);
    let a = source(&mut n, "a", vec![1, 2], vec![]);
    let b = source(&mut n, "b", vec![10, 11], on(10, &[4, 5]));
    let m = n.add_unit("mux", UnitKind::Mux { size: 2 });
    let k = sink(&mut n, "k", vec![]);
    n.connect("x", 1, (x, 0), (m, 0));
    let ca = n.connect("a", 8, (a, 0), (m, 1));
    n.connect("b", 8, (b, 0), (m, 2));
    let o = n.connect("o", 8, (m, 0), (k, 0));
    let t = run(&n, 20);
    // Index 1 waits for b's token (cycle 4); a's token waits meanwhile.
    assert_eq!(fires(&t, o), vec![4, 5, 6]);
    assert_eq!(fires(&t, ca), vec![5]);
    assert_eq!(values(&t, o), vec![10, 1, 11]);
}

#[test]
fn control_merge_buffers_one_token() {
    let mut n = Netlist::new();
    let a = source(&mut n, "a", vec![1, 2], vec![]);
    let b = source(&mut n, "b", vec![10], vec![]);
    let m = n.add_unit("cmerge", UnitKind::ControlMerge { size: 2 });
    let ko = sink(&mut n, "ko", vec![]);
    let ki = sink(&mut n, "ki", on(10, &[3, 6, 7]));
    let ia = n.connect("a", 8, (a, 0), (m, 0));
    let ib = n.connect("b", 8, (b, 0), (m, 1));
    let o = n.connect("o", 8, (m, 0), (ko, 0));
    let x = n.connect("x", 1, (m, 1), (ki, 0));
    let t = run(&n, 20);
    // Token 1 passes to outs in cycle 0 (latency 0); index waits, so the buffer fills and the
    // inputs are not ready until the fork completes.
    assert_eq!(fires(&t, ia), vec![0, 4]);
    assert_eq!(fires(&t, o), vec![0, 4, 7]);
    assert_eq!(fires(&t, x), vec![3, 6, 7]);
    assert_eq!(fires(&t, ib), vec![7]);
    assert_eq!(values(&t, x), vec![0, 0, 1]);
}

#[test]
fn pipelined_operator_back_pressure() {
    let mut n = Netlist::new();
    let l = source(&mut n, "l", vec![3, 4, 5], vec![]);
    let r = source(&mut n, "r", vec![7, 8, 9], on(10, &[1, 2, 3]));
    let u = n.add_unit(
        "mul",
        UnitKind::Int {
            op: IntOp::Mul,
            latency: 4,
        },
    );
    let k = sink(&mut n, "k", on(20, &[5, 9, 10]));
    let cl = n.connect("l", 8, (l, 0), (u, 0));
    n.connect("r", 8, (r, 0), (u, 1));
    let o = n.connect("o", 8, (u, 0), (k, 0));
    let t = run(&n, 30);
    // Operands join in cycle 1, 2, 3; results offered from 5, 6, 7; the sink takes 5, then the
    // pipeline stalls until 9.
    assert_eq!(fires(&t, cl), vec![1, 2, 3]);
    assert_eq!(fires(&t, o), vec![5, 9, 10]);
    assert_eq!(values(&t, o), vec![21, 32, 45]);
}
