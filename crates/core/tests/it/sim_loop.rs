//! A hand-built loop kernel, `for (i = 0; i < n; i++) sum += i; return sum;`, in the usual
//! elastic shape: control merge and muxes in the header, a comparison steering cond_brs, and
//! ONE_SLOT_BREAK_R + ONE_SLOT_BREAK_DV buffers on the four back edges. Checks the result, the end of the run,
//! and that every iteration takes the same number of cycles (a steady initiation interval).

use rivulet_core::sim::{
    simulate, BufferType, ChannelState, IntOp, IntPredicate, Netlist, SimOptions, Status, UnitId,
    UnitKind,
};

struct Loop {
    n: Netlist,
    /// The control merge's output channel (one transfer per header execution).
    header: usize,
}

fn build(count: u64) -> Loop {
    let mut n = Netlist::new();
    let u = |n: &mut Netlist, name: &str, kind: UnitKind| -> UnitId { n.add_unit(name, kind) };
    let start = u(&mut n, "start", UnitKind::Entry { value: 0 });
    let arg_n = u(&mut n, "n", UnitKind::Entry { value: count });
    let f_start = u(&mut n, "fork_start", UnitKind::Fork { size: 3 });
    let zero_i = u(&mut n, "zero_i", UnitKind::Constant { value: 0 });
    let zero_s = u(&mut n, "zero_s", UnitKind::Constant { value: 0 });
    let cm = u(&mut n, "cmerge", UnitKind::ControlMerge { size: 2 });
    let f_idx = u(&mut n, "fork_index", UnitKind::Fork { size: 3 });
    let mux_i = u(&mut n, "mux_i", UnitKind::Mux { size: 2 });
    let mux_s = u(&mut n, "mux_sum", UnitKind::Mux { size: 2 });
    let mux_n = u(&mut n, "mux_n", UnitKind::Mux { size: 2 });
    let f_i = u(&mut n, "fork_i", UnitKind::Fork { size: 2 });
    let f_n = u(&mut n, "fork_n", UnitKind::Fork { size: 2 });
    let cmp = u(
        &mut n,
        "cmp",
        UnitKind::Int {
            op: IntOp::Cmp(IntPredicate::Slt),
            latency: 0,
        },
    );
    let f_cond = u(&mut n, "fork_cond", UnitKind::Fork { size: 4 });
    let br_i = u(&mut n, "br_i", UnitKind::CondBr);
    let br_s = u(&mut n, "br_sum", UnitKind::CondBr);
    let br_n = u(&mut n, "br_n", UnitKind::CondBr);
    let br_c = u(&mut n, "br_ctrl", UnitKind::CondBr);
    let f_body_i = u(&mut n, "fork_body_i", UnitKind::Fork { size: 2 });
    let f_body_c = u(&mut n, "fork_body_ctrl", UnitKind::Fork { size: 2 });
    let one = u(&mut n, "one", UnitKind::Constant { value: 1 });
    let add_i = u(
        &mut n,
        "add_i",
        UnitKind::Int {
            op: IntOp::Add,
            latency: 0,
        },
    );
    let add_s = u(
        &mut n,
        "add_sum",
        UnitKind::Int {
            op: IntOp::Add,
            latency: 0,
        },
    );
    // Each back edge gets a ONE_SLOT_BREAK_R (registered ready) then a ONE_SLOT_BREAK_DV
    // (registered valid and data).
    let r = UnitKind::Buffer {
        ty: BufferType::OneSlotBreakR,
        slots: 1,
    };
    let dv = UnitKind::Buffer {
        ty: BufferType::OneSlotBreakDv,
        slots: 1,
    };
    let pair = |n: &mut Netlist, name: &str| {
        (
            u(n, &format!("{name}_r"), r.clone()),
            u(n, &format!("{name}_dv"), dv.clone()),
        )
    };
    let (b_i, b_s, b_n, b_c) = (
        pair(&mut n, "buf_i"),
        pair(&mut n, "buf_sum"),
        pair(&mut n, "buf_n"),
        pair(&mut n, "buf_ctrl"),
    );
    let ret = n.add_unit("ret", UnitKind::Exit);
    let (sink_i, sink_n, sink_c) = (
        n.add_unit("sink_i", UnitKind::Sink),
        n.add_unit("sink_n", UnitKind::Sink),
        n.add_unit("sink_ctrl", UnitKind::Sink),
    );
    let c = |n: &mut Netlist, w: u32, from: (UnitId, usize), to: (UnitId, usize)| -> usize {
        let name = format!("{}_{}", n.units[from.0].name, n.units[to.0].name);
        n.connect(name, w, from, to)
    };
    c(&mut n, 0, (start, 0), (f_start, 0));
    c(&mut n, 0, (f_start, 0), (cm, 0));
    c(&mut n, 0, (f_start, 1), (zero_i, 0));
    c(&mut n, 0, (f_start, 2), (zero_s, 0));
    let header = c(&mut n, 0, (cm, 0), (br_c, 1));
    c(&mut n, 1, (cm, 1), (f_idx, 0));
    for (k, m) in [mux_i, mux_s, mux_n].into_iter().enumerate() {
        c(&mut n, 1, (f_idx, k), (m, 0));
    }
    c(&mut n, 32, (zero_i, 0), (mux_i, 1));
    c(&mut n, 32, (zero_s, 0), (mux_s, 1));
    c(&mut n, 32, (arg_n, 0), (mux_n, 1));
    c(&mut n, 32, (mux_i, 0), (f_i, 0));
    c(&mut n, 32, (mux_n, 0), (f_n, 0));
    c(&mut n, 32, (f_i, 0), (cmp, 0));
    c(&mut n, 32, (f_n, 0), (cmp, 1));
    c(&mut n, 1, (cmp, 0), (f_cond, 0));
    for (k, b) in [br_i, br_s, br_n, br_c].into_iter().enumerate() {
        c(&mut n, 1, (f_cond, k), (b, 0));
    }
    c(&mut n, 32, (f_i, 1), (br_i, 1));
    c(&mut n, 32, (mux_s, 0), (br_s, 1));
    c(&mut n, 32, (f_n, 1), (br_n, 1));
    // Body.
    c(&mut n, 32, (br_i, 0), (f_body_i, 0));
    c(&mut n, 32, (br_i, 1), (sink_i, 0));
    c(&mut n, 32, (br_n, 1), (sink_n, 0));
    c(&mut n, 0, (br_c, 1), (sink_c, 0));
    c(&mut n, 0, (br_c, 0), (f_body_c, 0));
    c(&mut n, 0, (f_body_c, 0), (one, 0));
    c(&mut n, 32, (f_body_i, 0), (add_i, 0));
    c(&mut n, 32, (one, 0), (add_i, 1));
    c(&mut n, 32, (br_s, 0), (add_s, 0));
    c(&mut n, 32, (f_body_i, 1), (add_s, 1));
    c(&mut n, 32, (br_s, 1), (ret, 0));
    // Back edges.
    for (w, from, (br, bdv), to) in [
        (32, (add_i, 0), b_i, (mux_i, 2)),
        (32, (add_s, 0), b_s, (mux_s, 2)),
        (32, (br_n, 0), b_n, (mux_n, 2)),
        (0, (f_body_c, 1), b_c, (cm, 1)),
    ] {
        c(&mut n, w, from, (br, 0));
        c(&mut n, w, (br, 0), (bdv, 0));
        c(&mut n, w, (bdv, 0), to);
    }
    Loop { n, header }
}

#[test]
fn loop_sums_and_keeps_a_steady_interval() {
    for count in [0u64, 1, 5, 40] {
        let l = build(count);
        assert!(l.n.validate().is_empty(), "{:?}", l.n.validate());
        let r = simulate(
            &l.n,
            &SimOptions {
                trace: true,
                ..SimOptions::default()
            },
        )
        .unwrap();
        assert_eq!(r.status, Status::Finished, "n = {count}");
        assert_eq!(
            r.outputs,
            vec![Some(count * count.saturating_sub(1) / 2)],
            "n = {count}"
        );
        let t = r.trace.unwrap();
        let heads: Vec<u64> = (0..t.cycles())
            .filter(|&k| t.state(k, l.header) == ChannelState::Transfer)
            .collect();
        assert_eq!(heads.len() as u64, count + 1, "header executions");
        let gaps: Vec<u64> = heads.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            gaps.windows(2).all(|g| g[0] == g[1]),
            "unsteady interval {gaps:?}"
        );
        println!(
            "n = {count}: {} cycles, interval {:?}",
            r.cycles,
            gaps.first()
        );
        // The result leaves in the cycle of the last header execution.
        assert_eq!(r.cycles, heads.last().unwrap() + 1);
    }
}
