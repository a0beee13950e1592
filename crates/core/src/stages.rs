//! Observing a pipeline of stages: the CFG passes and the Handshake stages tell an observer
//! when each stage starts and what the IR is after it, so that one runner serves both the
//! recording pipeline ([`crate::pipeline`]) and the driver's per-stage timing and texts.
//!
//! Invariant: a runner calls `start` once before each stage and `done` once after it, in order;
//! after a stage that fails, `done` may still be called (with the failing IR) and nothing
//! follows.

/// Told about each stage of a runner as it happens.
pub trait StageObserver<Ir> {
    /// The stage `name` is about to run.
    fn start(&mut self, name: &'static str);
    /// The stage that started last has run; `ir` is the IR after it.
    fn done(&mut self, ir: &Ir);
}

/// The IR after one stage (what the web app shows).
#[derive(Clone, Debug)]
pub struct Stage {
    /// The stage's name (`"lower"` for the CFG IR before any pass).
    pub pass: &'static str,
    /// The printed IR after it.
    pub ir: String,
}

/// An observer that keeps the printed IR after each stage, when recording is on.
pub struct StageRecorder<Ir> {
    /// The stages recorded so far.
    pub stages: Vec<Stage>,
    record: bool,
    current: &'static str,
    print: fn(&Ir) -> String,
}

impl<Ir> StageRecorder<Ir> {
    /// A recorder printing with `print`; records nothing unless `record`.
    pub fn new(record: bool, print: fn(&Ir) -> String) -> Self {
        StageRecorder {
            stages: Vec::new(),
            record,
            current: "",
            print,
        }
    }

    /// Records `ir` as the IR after a stage named `pass` that no runner announced.
    pub fn record(&mut self, pass: &'static str, ir: &Ir) {
        self.start(pass);
        self.done(ir);
    }
}

impl<Ir> StageObserver<Ir> for StageRecorder<Ir> {
    fn start(&mut self, name: &'static str) {
        self.current = name;
    }

    fn done(&mut self, ir: &Ir) {
        if self.record {
            self.stages.push(Stage {
                pass: self.current,
                ir: (self.print)(ir),
            });
        }
    }
}
