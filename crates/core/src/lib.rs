//! Rivulet's compiler core: C kernels to dynamically scheduled dataflow circuits.
//!
//! The core is pure: it touches no files, network, clock, environment or global state, so the
//! same code runs natively (CLI, tests) and in the browser (wasm32-unknown-unknown) with identical
//! results. Inputs arrive as strings; templates and configurations are embedded or passed in.
//!
//! Pipeline (see `docs/architecture.md`): C source → CFG IR → Handshake IR → buffered Handshake
//! → HW IR / Synth IR → VHDL and Verilog, with the reference interpreter and the cycle-accurate
//! simulator checking every stage.

pub mod bits;
pub mod buffer;
pub mod cfg;
pub mod diag;
pub mod driver;
pub mod front;
pub mod handshake;
pub mod hw;
pub mod interp;
pub mod layout;
pub mod lower;
pub mod mathlib;
pub mod milp;
pub mod options;
pub mod rtl;
pub mod share;
pub mod sim;
pub mod stages;
pub mod synth;
pub mod timing;
pub mod transform;
pub mod view;
pub mod yosys;

/// The version of the compiler, as shown by the CLI and the web app.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// A one-line banner naming the product and its version.
pub fn banner() -> String {
    format!("Rivulet {}", version())
}
