//! The solver-free evaluation of placements, the retimed breaks and the local search,
//! checked against the MILP itself on corpus kernels: the throughput the evaluator computes
//! is the one the linear program with the placement fixed finds, its timing verdict is the
//! model's, every placement the search or the retiming produces completes into a
//! solution of the MILP, the exact re-cuts leave no break that is not needed (data/valid,
//! and FPL22's ready breaks against its ready rows), and a raised re-cut speeds its loop up
//! by an interval without slowing the others.
//!
//! Each test runs on a few hand-picked kernels at once: its assertions count over all of them
//! (more placements compared than stalled, some loop raised, some ready cover completed).

use crate::support::corpus;
use rivulet_core::buffer::cfdfc::{extract_cycles, most_executed, Cfdfc};
use rivulet_core::buffer::channel_id::{ChannelId, ChannelVec};
use rivulet_core::buffer::circuit::{Channel, Circuit, ReadyBreaks};
use rivulet_core::buffer::cover::{faster, fewest_breaks, fewest_ready_breaks, Loops, Work};
use rivulet_core::buffer::evaluate::Evaluator;
use rivulet_core::buffer::formulation::{Formulation, Variant, MAX_SLOTS};
use rivulet_core::buffer::greedy::{greedy, ChannelBuffers, CutAt, CycleCut, Placement, Start};
use rivulet_core::buffer::local_search::{LocalSearch, SEARCH_WORK};
use rivulet_core::buffer::milp_placement::RECUT_WORK;
use rivulet_core::buffer::path_timing::LatePaths;
use rivulet_core::buffer::retiming::retimed_breaks;
use rivulet_core::buffer::unit_timing::PathRule;
use rivulet_core::milp::{MicrolpSolver, MilpSolver, SolveOptions};
use rivulet_core::timing::TimingModel;

const KERNELS: [&str; 6] = [
    "fir",
    "jacobi_1d",
    "triangular_sum",
    "gcd",
    "bubble_sort",
    "rgb_to_gray",
];

/// The kernel's circuit as the placements see it, at `clock` ns with its most executed CFDFCs, for a placement that
/// breaks ready paths and times forward paths as `rules` say.
fn circuit(name: &str, clock: f64, rules: (ReadyBreaks, PathRule)) -> Circuit {
    let (func, profile) = corpus::circuit_and_profile(name);
    let (cycles, _) = extract_cycles(&profile);
    let cfdfcs = most_executed(&cycles, 0.95, 4)
        .iter()
        .map(|c| Cfdfc::in_func(&func, c))
        .collect();
    let timing = TimingModel::builtin()
        .unwrap()
        .with_clock_period(clock)
        .unwrap();
    Circuit::new(&func, &timing, cfdfcs, rules, &mut Vec::new())
}

/// The kernel's circuit at `clock` ns with its MILP in `variant` and its evaluator.
fn prepared(name: &str, clock: f64, variant: Variant) -> (Circuit, Formulation, Evaluator) {
    let c = circuit(name, clock, variant.timing_rules());
    let f = Formulation::build(&c, variant, name);
    let eval = Evaluator::new(&c);
    (c, f, eval)
}

/// The greedy placement from the lean start, late paths cut at their late input (`ready`:
/// FPL22's ready paths cut too).
fn lean_start(c: &Circuit, ready: bool) -> Placement {
    let (cut_at, cycles) = (CutAt::LateInput, CycleCut::SmallestUnit);
    greedy(c, Start::Lean, ready, &no_channels(c), cut_at, cycles)
}

/// Per channel of `c`, whether `keep` holds for it.
fn channels_where(c: &Circuit, keep: impl Fn(&Channel) -> bool) -> ChannelVec<bool> {
    c.channels.iter().map(keep).collect()
}

/// No channel of `c` (an empty seed or mask).
fn no_channels(c: &Circuit) -> ChannelVec<bool> {
    channels_where(c, |_| false)
}

/// The MILP's solution with every integral variable at `placement`, if it is feasible.
fn completed(f: &Formulation, placement: &Placement) -> Option<Vec<f64>> {
    let fixed = f.fixed_at(placement, &ChannelVec::filled(false, placement.len()));
    MicrolpSolver.solve(&fixed, &SolveOptions::default()).values
}

/// `placement` with its slots sized as the placement does: transparent slots where the
/// evaluator finds room, sized by the linear program, rounded up.
fn sized_slots(f: &Formulation, eval: &Evaluator, placement: &Placement) -> Placement {
    let room = eval.transparent_room(placement);
    MicrolpSolver
        .solve(
            &f.slots_sized_at(placement, &room),
            &SolveOptions::default(),
        )
        .values
        .map(|v| f.placement_rounded_up(&v))
        .expect("the slots of the placement are sized")
}

#[test]
fn evaluated_throughput_is_the_linear_programs() {
    let mut stalled = 0;
    let mut compared = 0;
    for name in KERNELS {
        for clock in [4.0, 100.0] {
            let (c, f, eval) = prepared(name, clock, Variant::Fpga20);
            for start in [Start::AfterMerges, Start::Lean] {
                let p = greedy(
                    &c,
                    start,
                    false,
                    &no_channels(&c),
                    CutAt::BeforeFanOut,
                    CycleCut::SmallestUnit,
                );
                assert!(eval.meets_clock(&p), "{name} at {clock} ns");
                // Without slots a loop may hold too few tokens to run at all (a fork's
                // pending token counts on its input): then the linear program has no
                // solution and the evaluator says throughput 0.
                let Some(values) = completed(&f, &p) else {
                    let phis = eval.throughputs(&p);
                    assert!(
                        phis.contains(&0.0),
                        "{name} at {clock} ns: no LP solution, evaluator {phis:?}"
                    );
                    stalled += 1;
                    continue;
                };
                let predicted = f.objective_at(&p, &eval.throughputs(&p));
                let lp = f.model.objective_value(&values);
                assert!(
                    (predicted - lp).abs() < 1e-6,
                    "{name} at {clock} ns: LP objective {lp}, evaluator's {predicted}"
                );
                for (k, phi) in f.throughput.iter().enumerate() {
                    let lp = values[phi.index()];
                    let ours = eval.throughput(k, &p);
                    assert!(
                        (lp - ours).abs() < 1e-6,
                        "{name} at {clock} ns, CFDFC {k}: LP {lp}, evaluator {ours}"
                    );
                }
                compared += 1;
            }
        }
    }
    assert!(compared > stalled, "{compared} compared, {stalled} stalled");
}

#[test]
fn a_placement_missing_a_needed_break_fails_both() {
    let (c, f, eval) = prepared("fir", 4.0, Variant::Fpga20);
    let p = greedy(
        &c,
        Start::Lean,
        false,
        &no_channels(&c),
        CutAt::BeforeFanOut,
        CycleCut::SmallestUnit,
    );
    let mut checked = 0;
    for i in p.ids() {
        if !p[i].break_dv || c.channels[i].must_break_dv {
            continue;
        }
        let mut q = p.clone();
        q[i].break_dv = false;
        q[i].slots = q[i].slots.max(c.channels[i].min_slots);
        assert_eq!(
            eval.meets_clock(&q),
            completed(&f, &q).is_some(),
            "channel {i} of fir"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn searched_and_retimed_placements_are_solutions_no_worse() {
    for name in KERNELS {
        let c = circuit(name, 4.0, Variant::Fpga20.timing_rules());
        let f = Formulation::build(&c, Variant::Fpga20, name);
        let search = LocalSearch::new(&c);
        let eval = &search.eval;
        let start = greedy(
            &c,
            Start::AfterMerges,
            false,
            &no_channels(&c),
            CutAt::BeforeFanOut,
            CycleCut::SmallestUnit,
        );
        let searched = search.improve(&start, SEARCH_WORK);
        let before = completed(&f, &start).unwrap();
        // Searched with transparent slots where they fit, then completed.
        let sized = sized_slots(&f, eval, &searched);
        let after = completed(&f, &sized).expect("the searched placement completes");
        let (after, before) = (
            f.model.objective_value(&after),
            f.model.objective_value(&before),
        );
        assert!(
            after >= before - 1e-9,
            "{name}: {after} after, {before} before"
        );
        for k in 0..c.cfdfcs.len() {
            let none = no_channels(&c);
            let Some((ii, mask)) = retimed_breaks(&c, k, &none, &none) else {
                continue;
            };
            // The retimed breaks alone (with room for every token) reach the interval.
            let alone: Placement = mask
                .iter()
                .map(|&m| ChannelBuffers {
                    break_dv: m,
                    break_r: false,
                    slots: MAX_SLOTS,
                })
                .collect();
            let phi = eval.throughput(k, &alone);
            assert!(
                phi >= 1.0 / f64::from(ii) - 1e-6,
                "{name} CFDFC {k}: {phi} at II {ii}"
            );
            // Completed by the greedy placement, they are a solution of the MILP.
            let p = greedy(
                &c,
                Start::Lean,
                false,
                &mask,
                CutAt::BeforeFanOut,
                CycleCut::SmallestUnit,
            );
            assert!(eval.meets_clock(&p), "{name} CFDFC {k}");
            assert!(completed(&f, &p).is_some(), "{name} CFDFC {k}");
        }
    }
}

/// string_match at 100 ns: three loops share most of their channels. Retimed one after the
/// other, each loop adds no break on the channels of those before (where it can), and the
/// greedy placement cuts the remaining cycles off the loops: every loop then reaches the
/// interval it reaches alone (II 1 each; a cut on a shared channel made one run at II 2)
/// when the cycles left are cut on their channels of least loop weight.
#[test]
fn chained_retiming_keeps_earlier_loops_at_their_interval() {
    let c = circuit("string_match", 100.0, Variant::Fpga20.timing_rules());
    let eval = Evaluator::new(&c);
    let mut chained = no_channels(&c);
    let mut protected = no_channels(&c);
    for k in 0..c.cfdfcs.len() {
        let (ii, mask) = retimed_breaks(&c, k, &chained, &protected).expect("a retiming");
        assert_eq!(ii, 1, "CFDFC {k}");
        for (i, &p) in protected.iter_enumerated() {
            assert!(
                !p || mask[i] == chained[i],
                "CFDFC {k}: new break on channel {i}"
            );
        }
        chained = mask;
        for e in c.cfdfc_graph(k).1 {
            protected[e.channel] = true;
        }
    }
    // Completed by the greedy placement and searched (which drops the breaks the later
    // loops made unnecessary).
    let p = greedy(
        &c,
        Start::Lean,
        false,
        &chained,
        CutAt::BeforeFanOut,
        CycleCut::LightestChannel,
    );
    let p = LocalSearch::new(&c).improve(&p, SEARCH_WORK);
    let phi = eval.throughputs(&eval.widened(&p));
    assert!(phi.iter().all(|&p| p > 1.0 - 1e-6), "{phi:?}");
}

#[test]
fn exact_recuts_are_minimal_and_keep_the_loops_throughput() {
    for (name, keep) in [("median3", false), ("fletcher16", true), ("gcd", true)] {
        let (c, f, eval) = prepared(name, 4.0, Variant::Fpga20);
        let start = lean_start(&c, false);
        let free = channels_where(&c, |ch| ch.bufferizable && !ch.must_break_dv);
        let mut work = Work(RECUT_WORK);
        let loops = if keep { Loops::Kept } else { Loops::Ignored };
        let cut = fewest_breaks(&c, &eval, &start, &free, loops, &mut work)
            .unwrap_or_else(|| panic!("{name}: no cover within the budget"));
        assert!(eval.meets_clock(&cut), "{name}");
        assert!(completed(&f, &cut).is_some(), "{name}: not a MILP solution");
        let breaks = |p: &Placement| p.iter().filter(|b| b.break_dv).count();
        assert!(
            breaks(&cut) <= breaks(&start),
            "{name}: more breaks than greedy"
        );
        // No free break can go: each is needed for the clock period (or, with `keep`, for
        // a loop's throughput).
        let before = eval.throughputs(&eval.widened(&start));
        let after = eval.throughputs(&eval.widened(&cut));
        for i in cut.ids().filter(|&i| free[i] && cut[i].break_dv) {
            let mut fewer = cut.clone();
            fewer[i].break_dv = false;
            let fewer: Placement = fewer
                .iter()
                .zip(&c.channels)
                .map(|(b, ch)| ch.lean(b))
                .collect();
            let kept = eval.meets_clock(&fewer)
                && (!keep || {
                    let phi = eval.throughputs(&eval.widened(&fewer));
                    phi.iter().zip(&before).all(|(p, b)| p + 1e-6 >= *b)
                });
            assert!(!kept, "{name}: break on channel {i} is not needed");
        }
        if keep {
            for (k, (a, b)) in after.iter().zip(&before).enumerate() {
                assert!(a + 1e-6 >= *b, "{name}: CFDFC {k} slower ({a} < {b})");
            }
        }
    }
}

#[test]
fn raised_recuts_reach_the_next_interval_and_keep_the_other_loops() {
    let mut raised = 0;
    for name in ["forward_substitution", "jacobi_1d", "bubble_sort"] {
        let (c, f, eval) = prepared(name, 4.0, Variant::Fpga20);
        let start = lean_start(&c, false);
        let free = channels_where(&c, |ch| ch.bufferizable && !ch.must_break_dv);
        let before = eval.throughputs(&eval.widened(&start));
        for (k, &phi) in before.iter().enumerate() {
            let Some(target) = faster(phi) else { continue };
            let mut work = Work(RECUT_WORK);
            let loops = Loops::Raised(k);
            let Some(cut) = fewest_breaks(&c, &eval, &start, &free, loops, &mut work) else {
                continue;
            };
            raised += 1;
            assert!(eval.meets_clock(&cut), "{name} CFDFC {k}");
            assert!(completed(&f, &cut).is_some(), "{name}: not a MILP solution");
            let after = eval.throughputs(&eval.widened(&cut));
            assert!(
                after[k] + 1e-6 >= target,
                "{name}: CFDFC {k} at {} below {target}",
                after[k]
            );
            for (j, (a, b)) in after.iter().zip(&before).enumerate() {
                assert!(a + 1e-6 >= *b, "{name}: CFDFC {j} slower ({a} < {b})");
            }
        }
    }
    assert!(raised > 0, "no loop could be raised");
}

#[test]
fn ready_recuts_are_minimal_and_meet_the_ready_rows() {
    let mut completed_cuts = 0;
    for name in ["median3", "clz32", "gcd"] {
        let (c, f, eval) = prepared(name, 4.0, Variant::Fpl22);
        let start = lean_start(&c, true);
        let free = channels_where(&c, |ch| ch.bufferizable && !ch.ready_slot);
        let mut work = Work(RECUT_WORK);
        let cut = fewest_ready_breaks(&c, &eval, &start, &free, &mut work)
            .unwrap_or_else(|| panic!("{name}: no ready cover within the budget"));
        let on_time = |p: &Placement| eval.late_ready_paths(p) == LatePaths::Late(Vec::new());
        assert!(
            on_time(&cut),
            "{name}: a ready path misses the clock period"
        );
        let ready_breaks = |p: &Placement| p.iter().filter(|b| b.break_r).count();
        assert!(
            ready_breaks(&cut) <= ready_breaks(&start),
            "{name}: more ready breaks than greedy"
        );
        for i in cut.ids().filter(|&i| free[i] && cut[i].break_r) {
            let mut fewer = cut.clone();
            fewer[i].break_r = false;
            assert!(
                !on_time(&fewer),
                "{name}: ready break on channel {i} is not needed"
            );
        }
        // A ready break's slot delays data/valid, which the ready cover does not look at.
        if eval.meets_clock(&cut) {
            assert!(completed(&f, &cut).is_some(), "{name}: not a MILP solution");
            completed_cuts += 1;
        }
    }
    assert!(
        completed_cuts > 0,
        "no ready cover met the data/valid paths"
    );
}

#[test]
fn a_placements_own_transparent_slots_count_wherever_they_fit() {
    // Deterministic pseudo-random channel picks (a linear congruential generator).
    let mut seed: u64 = 0x2545_f491;
    let mut pick = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize % n
    };
    let mut compared = 0;
    for name in ["digit_sum", "fir", "gcd", "image_threshold"] {
        let (c, f, eval) = prepared(name, 4.0, Variant::Fpga20);
        let search = LocalSearch::new(&c);
        let searched = search.improve(&lean_start(&c, false), SEARCH_WORK);
        let sized = sized_slots(&f, &eval, &searched);
        let loop_channels: Vec<ChannelId> = c
            .channel_ids()
            .filter(|&i| c.channels[i].bufferizable && !eval.cfdfcs_of_channel[i].is_empty())
            .collect();
        // The sized placement, and with a transparent slot more on one to three loop
        // channels: wherever the linear program completes it (its slots meet the clock
        // period), widening keeps those slots and the evaluator's throughputs reach the
        // linear program's.
        for trial in 0..60 {
            let mut q = sized.clone();
            for _ in 0..trial.min(1) + pick(3) {
                q[loop_channels[pick(loop_channels.len())]].slots += 1;
            }
            let Some(values) = completed(&f, &q) else {
                continue;
            };
            let wide = eval.widened(&q);
            for (k, phi) in f.throughput.iter().enumerate() {
                let lp = values[phi.index()];
                let ours = eval.throughput(k, &wide);
                assert!(
                    ours >= lp - 1e-6,
                    "{name}, trial {trial}, CFDFC {k}: LP {lp}, evaluator {ours} widened"
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 40, "{compared} compared");
}
