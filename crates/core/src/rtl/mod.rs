//! The RTL back end: from the HW IR to VHDL and Verilog.
//!
//! [`config`] reads the JSON RTL configuration files of `spec/rtl-backend.md`, matches the RTL
//! requests of `hw.module.extern` operations against them, and decides how each requested module
//! is concretized (a template copied, a built-in generator run, or an external command handed back
//! to the caller); [`lsq`] is the built-in generator of load-store queues. Everything here is pure: templates and generators come in through traits.

pub mod config;
pub mod emit;
pub mod lsq;
