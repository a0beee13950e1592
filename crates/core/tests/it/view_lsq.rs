//! The web app's view of a load-store queue, on the histogram example compiled with
//! `--memory lsq`: the graph draws the queue as its own unit with its groups (one per basic
//! block) and its ports' groups, and the simulation's replay carries the queue's entries cycle
//! by cycle — from the trace, and the same from snapshots when the trace is too small.

use crate::support::corpus;
use rivulet_core::driver::{compile, simulation_setup, Compiled, DriverOptions};
use rivulet_core::options::MemoryMode;
use rivulet_core::sim::run_kernel::{build_circuit, KernelCheck, KernelRun};
use rivulet_core::sim::{CompactTrace, SimOptions, Snapshots};
use rivulet_core::view::{
    entry_flags, graph_view, replay_trace, sim_view, EntryState, SimReplay, UnitClass,
};
use std::collections::BTreeSet;

fn histogram(memory: MemoryMode) -> Compiled {
    let file = corpus::kernel_file("tests/kernels", "histogram");
    let (mut sources, id, mut lookup) = corpus::load(&file).unwrap();
    let options = DriverOptions {
        golden: true,
        memory,
        ..DriverOptions::default()
    };
    compile(&mut sources, id, &mut lookup, &options, &mut |_| {})
}

/// `out`'s kernel simulated to its end, recording into `trace` and `snapshots`.
fn recorded_run(out: &Compiled, trace: CompactTrace, snapshots: Snapshots) -> KernelCheck {
    let (func, timing, setup) = simulation_setup(out, &SimOptions::default()).unwrap();
    let adapted = build_circuit(func, &timing, &setup).unwrap();
    let mut run = KernelRun::new(func, &adapted, &setup.options)
        .unwrap()
        .recording(trace, snapshots);
    while run.step() {}
    let end = run.finish();
    KernelCheck::new(&setup, adapted.clone(), end)
}

#[test]
fn the_queue_is_drawn_with_its_groups_and_port_roles() {
    let out = histogram(MemoryMode::Lsq);
    let func = out.kernel().unwrap();
    let view = graph_view(func, None);
    let queues: Vec<usize> = (0..view.units.len())
        .filter(|&u| view.units[u].class == UnitClass::Lsq)
        .collect();
    assert_eq!(queues.len(), 1, "one queue, on hist");
    let u = &view.units[queues[0]];
    let lsq = u.lsq.as_ref().expect("the queue's groups");
    assert!(u.label.starts_with("lsq hist · "), "{}", u.label);
    let lines = lsq.group_lines();
    assert!(!lines.is_empty());
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with('g') && l.contains("(bb")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.ends_with("ld st")), "{lines:?}");
    // Taller than a plain unit: a line per group.
    assert!(u.rect.height >= 34.0 + 12.0 * lines.len() as f64 - 0.01);
    let roles: BTreeSet<&str> = view
        .channels
        .iter()
        .filter(|c| c.to.0 == queues[0])
        .map(|c| c.to_role.as_str())
        .collect();
    for role in ["g0 alloc", "g0 ld addr", "g0 st addr", "g0 st data"] {
        assert!(roles.contains(role), "{role} not in {roles:?}");
    }
    assert!(view
        .channels
        .iter()
        .any(|c| c.from.0 == queues[0] && c.from_role == "g0 ld data"));
    // Without a queue, no unit carries one.
    let token = histogram(MemoryMode::Token);
    let plain = graph_view(token.kernel().unwrap(), None);
    assert!(plain.units.iter().all(|u| u.lsq.is_none()));
}

#[test]
fn the_replay_carries_the_queue_entries_cycle_by_cycle() {
    let out = histogram(MemoryMode::Lsq);
    let (func, timing, setup) = simulation_setup(&out, &SimOptions::default()).unwrap();
    let adapted = build_circuit(func, &timing, &setup).unwrap();
    let graph = graph_view(func, None);
    let (compact, snapshots) = replay_trace(&adapted);
    let check = recorded_run(&out, compact, snapshots);
    assert!(check.passed(), "{:?}", check.mismatches);
    let view = sim_view(func, &graph, &check);
    let lsq_unit = graph
        .units
        .iter()
        .find(|u| u.class == UnitClass::Lsq)
        .unwrap();
    assert_eq!(view.queues, std::slice::from_ref(&lsq_unit.name));
    let depths = lsq_unit.lsq.as_ref().unwrap();
    let replay = SimReplay::new(func, &graph, check).unwrap();
    let all = replay.frames(0, usize::MAX);
    assert_eq!(all.queues.len(), all.states.len());
    assert!(all.queues.iter().all(|q| q.len() == 1));
    let frames: Vec<_> = all.queues.iter().map(|q| q[0].clone()).collect();
    assert!(frames
        .iter()
        .all(|f| f.loads.len() == depths.ldq_depth as usize
            && f.stores.len() == depths.stq_depth as usize));
    // Cycle 0 is empty; entries then fill and change from cycle to cycle.
    assert!(frames[0].loads.chars().all(|c| c == '.'));
    let distinct: BTreeSet<_> = frames
        .iter()
        .map(|f| (&f.loads, &f.stores, f.ldq_head, f.stq_head))
        .collect();
    assert!(distinct.len() > 10, "{} distinct states", distinct.len());
    let seen: BTreeSet<&str> = frames
        .iter()
        .flat_map(|f| f.loads.chars().chain(f.stores.chars()))
        .map(|c| EntryState::of(entry_flags(c)).name())
        .collect();
    for state in ["free", "allocated", "address", "data", "done"] {
        assert!(seen.contains(state), "{state} never seen: {seen:?}");
    }
    assert!(frames.iter().any(|f| f.ldq_head != 0));
    // A window holds the same frames as the whole run.
    let window = replay.frames(20, 5);
    assert_eq!(window.queues_of(22), all.queues_of(22));
    // A trace too small for the run: the snapshots' replay shows the same entries.
    let small = CompactTrace::new(adapted.netlist.channels.len(), 16, 2048);
    let check = recorded_run(&out, small, Snapshots::new(8, 3));
    let short = SimReplay::new(func, &graph, check).unwrap();
    assert_eq!(short.frames(0, usize::MAX).queues, all.queues);
}

#[test]
fn circuits_without_queues_send_no_queue_frames() {
    let out = histogram(MemoryMode::Token);
    let (func, timing, setup) = simulation_setup(&out, &SimOptions::default()).unwrap();
    let adapted = build_circuit(func, &timing, &setup).unwrap();
    let graph = graph_view(func, None);
    let (compact, snapshots) = replay_trace(&adapted);
    let check = recorded_run(&out, compact, snapshots);
    assert!(check.lsq.is_none());
    assert!(sim_view(func, &graph, &check).queues.is_empty());
    let replay = SimReplay::new(func, &graph, check).unwrap();
    let frames = replay.frames(0, 50);
    assert!(frames.queues.is_empty());
    assert!(!serde_json::to_string(&frames).unwrap().contains("queues"));
}
