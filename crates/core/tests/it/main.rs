//! Rivulet's native integration tests, one crate linked once: one module per area (the file
//! names say which), and the helpers they share under [`support`] (the kernel corpus, golden
//! files, one test per corpus kernel, random generators).
//!
//! `cargo test -p rivulet-core --features cli --test it` runs them all; a module or kernel
//! name filters (`cargo test --test it sim_corpus`, `cargo test --test it fir`).
//! `RIVULET_BLESS=1` rewrites the golden files ([`support::golden`]). Native only: the wasm
//! tests are `tests/web.rs`.
#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

mod bitwidth;
mod buffer_cfdfc;
mod buffer_evaluate;
mod buffer_milp;
mod cfg_passes;
mod cli_buffers;
mod cli_output;
mod cli_synth;
mod driver;
mod driver_critical_path;
mod front_api;
mod front_diagnostics;
mod front_labels;
mod front_robustness;
mod handshake_api;
mod handshake_errors;
mod handshake_golden;
mod handshake_props;
mod hw_lower;
mod interp_limits;
mod layout_known;
mod layout_proptest;
mod layout_random;
mod lower_corpus;
mod lower_depend;
mod lower_diagnostics;
mod lower_golden;
mod lower_transform;
mod lsq_depths;
mod mathlib_glibc;
mod mathlib_kernel;
mod memory_auto;
mod milp_lp;
mod milp_presolve;
mod milp_solver;
mod milp_timing;
mod oracle;
mod origins;
mod random_kernels;
mod rtl_config_concretize;
mod rtl_config_errors;
mod rtl_config_match;
mod rtl_config_robust;
mod rtl_emit;
mod rtl_lsq;
mod rtl_sim;
mod share;
mod sim_buffers;
mod sim_buffers_corpus;
mod sim_buffers_interval;
mod sim_corpus;
mod sim_engine;
mod sim_limits;
mod sim_loop;
mod sim_lsq_corpus;
mod sim_rtl;
mod sim_trace_compact;
mod sim_units;
mod synth_corpus;
mod synth_errors;
mod synth_golden;
mod synth_phases;
mod synth_props;
mod view_buffer_diff;
mod view_corpus;
mod view_lsq;
mod view_simplify;
