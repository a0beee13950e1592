//! The web app's view models on the kernel corpus: the graph view has one unit per argument
//! and op with each unit's hardware, and the simulation of the driver's circuit agrees with
//! `rivulet sim` (the same check, cycle for cycle) and its replay from the compact trace shows the
//! full trace's states and VCD. One test per example and claim
//! (`view_corpus::web_simulation::fir`, …).

use crate::support::corpus;
use corpus::{kernel_name, load};
use rivulet_core::driver::{compile, simulation_setup, BufferOptions, Compiled, DriverOptions};
use rivulet_core::sim::run_kernel::{build_circuit, KernelCheck, KernelRun};
use rivulet_core::sim::{to_vcd, CompactTrace, SimOptions, Snapshots};
use rivulet_core::view::{
    graph_view, replay_trace, sim_view, GraphView, SimFrames, SimReplay, SimView, UnitClass,
};
use std::path::Path;

/// Calls `$callback!($($args)*; "tests/kernels" [names])` with the web app's examples
/// (`crates/web/src/examples.rs`).
macro_rules! examples {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/kernels" [
            fir,
            vector_add,
            gcd,
            median3,
            matvec,
            histogram,
            prefix_sum,
            binary_search,
            insertion_sort,
            iir_filter,
            saxpy_float,
            stencil_2d,
            crc8_table,
            switch_decode,
        ] }
    };
}

examples!(kernel_tests!(
    unit_per_argument_and_op,
    has_a_unit_per_argument_and_op_with_its_hardware
));
examples!(kernel_tests!(
    web_simulation,
    web_simulation_matches_rivulet_sim
));

fn compiled(file: &Path) -> Compiled {
    let (mut sources, id, mut lookup) = load(file).unwrap();
    let options = DriverOptions {
        golden: true,
        synth: true,
        ..DriverOptions::default()
    };
    compile(&mut sources, id, &mut lookup, &options, &mut |_| {})
}

fn has_a_unit_per_argument_and_op_with_its_hardware(file: &Path) {
    let name = kernel_name(file);
    let out = compiled(file);
    let func = out.kernel().unwrap_or_else(|| panic!("{name}: no kernel"));
    let view = graph_view(func, out.synth.as_ref());
    assert_eq!(view.units.len(), func.args.len() + func.num_ops(), "{name}");
    assert!(!view.blocks.is_empty(), "{name}");
    for u in &view.units {
        assert!(!u.ports.is_empty(), "{name}: {} has no ports", u.name);
        let is_module = !matches!(u.class, UnitClass::Argument | UnitClass::End);
        assert_eq!(
            u.hw.starts_with(&format!("  hw.module @{}(", u.name)),
            is_module,
            "{name}: {}",
            u.name
        );
        // Per channel, ready points against valid.
        for p in u.ports.iter().filter(|p| p.role == "ready") {
            let valid = u
                .ports
                .iter()
                .find(|q| q.role == "valid" && q.operand == p.operand && q.index == p.index)
                .unwrap_or_else(|| panic!("{name}: {} has no valid", p.name));
            assert_ne!(valid.dir, p.dir, "{name}: {}", p.name);
            assert!(p.against && !valid.against);
        }
    }
    for c in &view.channels {
        assert!(c.from.0 < view.units.len() && c.to.0 < view.units.len());
        assert!(!c.path.is_empty(), "{name}: {} not routed", c.name);
        let start = format!("M{} {} ", c.tail.0, c.tail.1);
        assert!(
            c.path.starts_with(&start),
            "{name}: {} starts {start:?}",
            c.path
        );
    }
    // Every unit explains itself; branch outputs and mux selects say their role.
    for (i, u) in view.units.iter().enumerate() {
        assert!(!u.about.is_empty(), "{name}: {} has no explanation", u.name);
        let outs = |port: u32| view.channels.iter().filter(move |c| c.from == (i, port));
        let ins = |port: u32| view.channels.iter().filter(move |c| c.to == (i, port));
        match u.mnemonic.as_str() {
            "cond_br" => {
                assert!(outs(0).all(|c| c.from_role == "true"), "{name}: {}", u.name);
                assert!(
                    outs(1).all(|c| c.from_role == "false"),
                    "{name}: {}",
                    u.name
                );
                assert!(
                    ins(0).all(|c| c.to_role == "condition"),
                    "{name}: {}",
                    u.name
                );
            }
            "mux" => {
                assert!(
                    ins(0).count() == 1 && ins(0).all(|c| c.to_role == "select"),
                    "{name}: {}",
                    u.name
                );
                assert!(ins(1).all(|c| c.to_role.is_empty()), "{name}: {}", u.name);
            }
            "fork" => assert!(outs(0).all(|c| c.from_role.is_empty()), "{name}"),
            _ => {}
        }
    }
    let json = serde_json::to_string(&view).unwrap();
    assert_eq!(
        serde_json::from_str::<GraphView>(&json).unwrap(),
        view,
        "{name}"
    );
}

fn web_simulation_matches_rivulet_sim(file: &Path) {
    let name = kernel_name(file);
    let out = compiled(file);
    let options = SimOptions {
        trace: true,
        ..SimOptions::default()
    };
    // As the worker runs it: in steps, recording the replay's compact trace.
    let (func, timing, setup) = simulation_setup(&out, &options).unwrap();
    let adapted = build_circuit(func, &timing, &setup).unwrap_or_else(|d| panic!("{name}: {d:?}"));
    let netlist = adapted.netlist.clone();
    let (compact, snapshots) = replay_trace(&adapted);
    let mut run = KernelRun::new(func, &adapted, &setup.options)
        .unwrap()
        .recording(compact, snapshots);
    while run.step() {}
    let end = run.finish();
    let mut web = KernelCheck::new(&setup, adapted.clone(), end);
    let full = web.trace.take().unwrap();
    let cli = corpus::simulate(file, BufferOptions::default())
        .unwrap_or_else(|why| panic!("{name}: rivulet sim failed: {why}"))
        .out
        .simulation
        .unwrap_or_else(|| panic!("{name}: rivulet sim did not run"));
    assert_eq!(web.cycles, cli.cycles, "{name}");
    assert_eq!(web.status, cli.status, "{name}");
    assert!(web.passed(), "{name}: {:?}", web.mismatches);
    let graph = graph_view(func, None);
    let view = sim_view(func, &graph, &web);
    assert!(view.passed, "{name}");
    assert_eq!(view.cycles, cli.cycles, "{name}");
    assert_eq!(view.recorded, view.cycles, "{name}");
    assert_eq!(view.vcd_cycles, view.cycles, "{name}");
    assert!(view.trace_bytes > 0, "{name}");
    let json = serde_json::to_string(&view).unwrap();
    assert_eq!(
        serde_json::from_str::<SimView>(&json).unwrap(),
        view,
        "{name}"
    );
    let replay = SimReplay::new(func, &graph, web).unwrap();
    let all = replay.frames(0, usize::MAX);
    assert_eq!(all.states.len() as u64, view.recorded, "{name}");
    assert!(all.states.iter().all(|s| s.len() == graph.channels.len()));
    // The rows are the full trace's states on the graph's channels.
    let moving: usize = (0..full.cycles()).map(|c| full.transfers(c).count()).sum();
    let shown: usize = all.states.iter().map(|r| r.matches('3').count()).sum();
    assert!(shown > 0 && shown <= moving, "{name}: {shown} of {moving}");
    // Every transfer in the view is a transfer in the rows.
    for (cycle, moved) in all.transfers.iter().enumerate() {
        for &(c, _) in moved {
            assert_eq!(all.states[cycle].as_bytes()[c as usize], b'3', "{name}");
        }
    }
    // Seeking by transfers lands on the cycle where the count of the rows after `from` reaches
    // the number asked for; past the run's transfers, on the last cycle.
    let counts: Vec<u64> = all
        .states
        .iter()
        .map(|r| r.matches('3').count() as u64)
        .collect();
    for (from, n) in [(0u64, 1u64), (0, 10), (view.recorded / 3, 7)] {
        let at = replay.cycle_after_transfers(from, n);
        let after = |c: u64| counts[(from + 1) as usize..=c as usize].iter().sum::<u64>();
        if at + 1 < view.recorded {
            assert!(
                after(at) >= n && (at == from + 1 || after(at - 1) < n),
                "{name}: {from} +{n}"
            );
        }
    }
    let total: u64 = counts.iter().sum();
    assert_eq!(
        replay.cycle_after_transfers(0, total + 1),
        view.recorded - 1,
        "{name}"
    );
    // A window is the same cycles as the whole.
    let from = view.recorded / 2;
    let window = replay.frames(from, 5);
    assert_eq!(window.from, from);
    assert_window_of(&window, &all, &name);
    assert_eq!(
        serde_json::from_str::<SimFrames>(&serde_json::to_string(&window).unwrap()).unwrap(),
        window
    );
    // The VCD is the full trace's.
    assert_eq!(
        replay.vcd(),
        to_vcd(&netlist, full.frames(), &func.name),
        "{name}"
    );
    // A trace too small for the run: snapshots (few, so that they thin out) replay the rest.
    let small = CompactTrace::new(netlist.channels.len(), 16, view.trace_bytes as usize / 3);
    let mut run = KernelRun::new(func, &adapted, &setup.options)
        .unwrap()
        .recording(small, Snapshots::new(8, 3));
    while run.step() {}
    let check = KernelCheck::new(&setup, adapted.clone(), run.finish());
    let short_view = sim_view(func, &graph, &check);
    // (The first cycle is always recorded: a one-cycle run fits.)
    assert!(
        view.cycles == 1 || short_view.vcd_cycles < view.cycles,
        "{name}: the trace held the whole run ({} cycles, {} of {} bytes)",
        short_view.cycles,
        short_view.trace_bytes,
        view.trace_bytes
    );
    let short = SimReplay::new(func, &graph, check).unwrap();
    assert_eq!(short.recorded(), view.cycles, "{name}");
    assert_eq!(short.frames(0, usize::MAX), all, "{name}");
    // Windows in order (the cursor plays on), then backwards (resumed from snapshots).
    let mut starts: Vec<u64> = (0..view.cycles).step_by(7).collect();
    starts.extend((0..view.cycles).rev().step_by(13));
    for from in starts {
        let window = short.frames(from, 7);
        assert_window_of(&window, &all, &format!("{name} @{from}"));
        assert_eq!(
            window.states.len() as u64,
            7.min(view.cycles - from),
            "{name} @{from}"
        );
    }
}

/// Every cycle of `window` has the states and transfers `all` has for it.
fn assert_window_of(window: &SimFrames, all: &SimFrames, what: &str) {
    for k in 0..window.states.len() as u64 {
        let cycle = window.from + k;
        assert_eq!(window.states_of(cycle), all.states_of(cycle), "{what}");
        assert_eq!(
            window.transfers_of(cycle),
            all.transfers_of(cycle),
            "{what}"
        );
    }
}

#[test]
fn a_deadlock_marks_its_stalled_channel_and_waiting_units() {
    use rivulet_core::diag::FileId;
    use rivulet_core::handshake::parse_module;
    use rivulet_core::interp::KernelCall;
    use rivulet_core::sim::run_kernel::{check_circuit, CheckSetup};
    use rivulet_core::timing::TimingModel;
    // The join waits for a token only its own output could produce: start stalls at it.
    let text = r#"module {
  handshake.func @k(%arg0: !handshake.control<>, ...) -> (!handshake.control<>) attributes {argNames = ["start"], resNames = ["end"]} {
    %0 = join %arg0, %1#1 {handshake.bb = 0 : ui32, handshake.name = "join0"} : <>
    %1:2 = fork [2] %0 {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <>
    end {handshake.bb = 0 : ui32, handshake.name = "end0"} %1#0 : <>
  }
}
"#;
    let (module, diags) = parse_module(text, FileId(0));
    assert!(diags.is_empty(), "{diags:?}");
    let func = &module.funcs[0];
    let golden = KernelCall {
        inputs: Vec::new(),
        outputs: Vec::new(),
        ret: None,
    };
    let setup = CheckSetup {
        golden: &golden,
        ret: None,
        other_memories: Default::default(),
        options: SimOptions {
            trace: true,
            ..SimOptions::default()
        },
    };
    let check = check_circuit(func, &TimingModel::builtin().unwrap(), &setup).unwrap();
    let graph = graph_view(func, None);
    let view = sim_view(func, &graph, &check);
    assert_eq!(view.status, rivulet_core::sim::StatusKind::Deadlock);
    assert!(!view.passed);
    let stalled: Vec<(&str, &str)> = view
        .deadlock_channels
        .iter()
        .map(|&c| {
            let ch = &graph.channels[c];
            (
                graph.units[ch.from.0].name.as_str(),
                graph.units[ch.to.0].name.as_str(),
            )
        })
        .collect();
    assert_eq!(stalled, [("start", "join0")]);
    let waiting: Vec<&str> = view
        .deadlock_units
        .iter()
        .map(|&u| graph.units[u].name.as_str())
        .collect();
    assert!(
        waiting.contains(&"start") && waiting.contains(&"join0"),
        "{waiting:?}"
    );
    assert!(view.report.contains("join0"), "{}", view.report);
}
