//! The buffers lab: the circuit compiled a second time with another buffer placement or clock
//! period (in a second compiler worker, so the shown compilation stays), and both simulated,
//! for the Buffers view's side-by-side comparison.
//!
//! Invariant: a comparison is of the sources it was started with ([`Lab::files`]); the view
//! says when the code has changed since.

use crate::client::Compiler;
use crate::protocol::{WireFile, WireOptions};
use crate::state::Session;
use leptos::prelude::*;
use rivulet_core::options::BufferAlgorithm;
use rivulet_core::share::SharedFile;

/// The second configuration and its compiler.
#[derive(Clone, Copy)]
pub struct Lab {
    /// Compiles and simulates the compared configuration.
    pub compiler: Compiler,
    /// The compared configuration's buffer placement.
    pub algorithm: RwSignal<BufferAlgorithm>,
    /// The compared configuration's clock period, in nanoseconds.
    pub clock_period_ns: RwSignal<f64>,
    /// The sources of the latest comparison.
    pub files: RwSignal<Option<Vec<SharedFile>>>,
}

impl Lab {
    /// A lab comparing with FPGA20 at 4 ns until told otherwise.
    pub fn new() -> Self {
        Lab {
            compiler: Compiler::new(),
            algorithm: RwSignal::new(BufferAlgorithm::Fpga20),
            clock_period_ns: RwSignal::new(4.0),
            files: RwSignal::new(None),
        }
    }

    /// Compiles the session's sources with the lab's configuration (the Buffers view then
    /// simulates both circuits, [`Compiler::simulate_when_compiled`]).
    pub fn compare(self, session: &Session) {
        let files = session.files.get_untracked();
        self.files.set(Some(files.clone()));
        let options = WireOptions {
            buffer_algorithm: self.algorithm.get_untracked(),
            clock_period_ns: self.clock_period_ns.get_untracked(),
            hdl: session.options.with_untracked(|o| o.hdl),
            memory: session.options.with_untracked(|o| o.memory),
            lsq_depth: session.options.with_untracked(|o| o.lsq_depth),
        };
        let wire = files.into_iter().map(WireFile::from).collect();
        self.compiler.compile(wire, options);
    }
}

impl Default for Lab {
    fn default() -> Self {
        Self::new()
    }
}
