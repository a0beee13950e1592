//! Test and bench models for the MILP layer: seeded generators of FPGA20-shaped buffer
//! placement models and classic small integer programs.
//!
//! The FPGA20-shaped model follows the structure of the published formulation: per channel a
//! binary "cut" (a buffer that breaks data/valid), an integer slot count, arrival times
//! bounded by the clock period, per-unit retiming variables, per-channel token occupancy, a
//! big-M linearised product of throughput and cut, and the objective "throughput minus a small
//! buffer cost". Units form a ring with nested back edges, so every cycle carries a token.

use rivulet_core::milp::{Cmp, LinExpr, Model, Sense, VarId};

/// A small deterministic generator (64-bit LCG), so models do not depend on any crate.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next value in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// An FPGA20-shaped model with `channels` channels (about `2 * channels` integral variables).
pub fn fpga20_like(channels: usize, seed: u64) -> Model {
    let mut rng = Lcg(seed);
    let clock = 4.0;
    let units = (channels * 4 / 5).max(3);
    // Unit delays (ns) and latencies (cycles): mostly combinational adders/muxes, some
    // pipelined multipliers and loads.
    let mut delay = Vec::new();
    let mut latency = Vec::new();
    for _ in 0..units {
        match rng.below(10) {
            0 => {
                delay.push(0.0);
                latency.push(4.0);
            }
            1 => {
                delay.push(1.4);
                latency.push(1.0);
            }
            k => {
                delay.push([0.1, 1.4, 1.9, 2.3, 2.8][k as usize % 5]);
                latency.push(0.0);
            }
        }
    }
    // Channels: the ring, then back edges j -> i (j > i) until `channels` channels exist.
    let mut edges: Vec<(usize, usize, f64)> =
        (0..units).map(|u| (u, (u + 1) % units, 0.0)).collect();
    edges[units - 1].2 = 1.0;
    while edges.len() < channels {
        let j = 1 + rng.below(units as u64 - 1) as usize;
        let i = rng.below(j as u64) as usize;
        edges.push((j, i, 1.0));
    }

    let mut m = Model::new(format!("fpga20_like_{channels}_{seed}"));
    let throughput = m.continuous("theta", 0.0, 1.0);
    let retime: Vec<VarId> = (0..units)
        .map(|u| m.continuous(&format!("r_u{u}"), f64::NEG_INFINITY, f64::INFINITY))
        .collect();
    let mut cut = Vec::new();
    let mut slots = Vec::new();
    let mut t_in = Vec::new();
    let mut t_out = Vec::new();
    for (c, &(u, v, tokens)) in edges.iter().enumerate() {
        let r = m.binary(&format!("cut_c{c}"));
        let n = m.integer(&format!("slots_c{c}"), 0.0, 4.0);
        let ti = m.continuous(&format!("t_in_c{c}"), 0.0, clock);
        let to = m.continuous(&format!("t_out_c{c}"), 0.0, clock);
        let occ = m.continuous(&format!("occ_c{c}"), 0.0, f64::INFINITY);
        let psi = m.continuous(&format!("psi_c{c}"), 0.0, 1.0);
        // A buffer breaks the combinational path: t_out >= t_in unless cut.
        m.add_constraint(
            &format!("path_c{c}"),
            &LinExpr::new().term(to, 1.0).term(ti, -1.0).term(r, clock),
            Cmp::Ge,
            0.0,
        );
        // A cut needs a slot.
        m.add_constraint(
            &format!("slot_c{c}"),
            &LinExpr::new().term(n, 1.0).term(r, -1.0),
            Cmp::Ge,
            0.0,
        );
        // Tokens on the channel: occ = r_v - r_u + tokens.
        m.add_constraint(
            &format!("retime_c{c}"),
            &LinExpr::new()
                .term(occ, 1.0)
                .term(retime[v], -1.0)
                .term(retime[u], 1.0),
            Cmp::Eq,
            tokens,
        );
        // psi = theta * cut, linearised: psi >= theta - 1 + cut, psi <= cut, psi <= theta.
        m.add_constraint(
            &format!("psi_lo_c{c}"),
            &LinExpr::new()
                .term(psi, 1.0)
                .term(throughput, -1.0)
                .term(r, -1.0),
            Cmp::Ge,
            -1.0,
        );
        m.add_constraint(
            &format!("psi_cut_c{c}"),
            &LinExpr::new().term(psi, 1.0).term(r, -1.0),
            Cmp::Le,
            0.0,
        );
        m.add_constraint(
            &format!("psi_th_c{c}"),
            &LinExpr::new().term(psi, 1.0).term(throughput, -1.0),
            Cmp::Le,
            0.0,
        );
        // Occupancy covers the producer's latency and the buffer's, and fits the slots.
        m.add_constraint(
            &format!("occ_lat_c{c}"),
            &LinExpr::new()
                .term(occ, 1.0)
                .term(throughput, -latency[u])
                .term(psi, -1.0),
            Cmp::Ge,
            0.0,
        );
        m.add_constraint(
            &format!("occ_cap_c{c}"),
            &LinExpr::new().term(occ, 1.0).term(n, -1.0),
            Cmp::Le,
            latency[u],
        );
        cut.push(r);
        slots.push(n);
        t_in.push(ti);
        t_out.push(to);
    }
    // Unit timing: a combinational unit's output leaves after its inputs arrive plus its delay;
    // a pipelined unit starts a new path after its output delay.
    for (b, &(u, _, _)) in edges.iter().enumerate() {
        if latency[u] > 0.0 {
            m.add_constraint(
                &format!("tout_u{u}_c{b}"),
                &LinExpr::new().term(t_in[b], 1.0),
                Cmp::Ge,
                delay[u],
            );
            continue;
        }
        for (a, &(_, v, _)) in edges.iter().enumerate() {
            if v == u {
                m.add_constraint(
                    &format!("comb_u{u}_c{a}_c{b}"),
                    &LinExpr::new().term(t_in[b], 1.0).term(t_out[a], -1.0),
                    Cmp::Ge,
                    delay[u],
                );
            }
        }
    }
    let mut objective = LinExpr::new().term(throughput, 1.0);
    for (&n, &r) in slots.iter().zip(&cut) {
        objective.add_term(n, -0.01);
        objective.add_term(r, -0.001);
    }
    m.set_objective(Sense::Maximize, &objective);
    m
}

/// A 0/1 knapsack: maximise value under a weight capacity.
pub fn knapsack(values: &[f64], weights: &[f64], capacity: f64) -> (Model, Vec<VarId>) {
    let mut m = Model::new("knapsack");
    let xs: Vec<VarId> = (0..values.len())
        .map(|i| m.binary(&format!("take{i}")))
        .collect();
    let w = LinExpr::from_terms(
        &xs.iter()
            .zip(weights)
            .map(|(&x, &w)| (x, w))
            .collect::<Vec<_>>(),
    );
    m.add_constraint("capacity", &w, Cmp::Le, capacity);
    let v = LinExpr::from_terms(
        &xs.iter()
            .zip(values)
            .map(|(&x, &v)| (x, v))
            .collect::<Vec<_>>(),
    );
    m.set_objective(Sense::Maximize, &v);
    (m, xs)
}
