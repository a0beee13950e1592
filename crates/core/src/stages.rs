//! Observing a pipeline of stages: the CFG pass runner and the Handshake stage runner tell an
//! observer when each stage starts and what the IR is after it, which is how the driver
//! records every stage's name, timing and text.
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

/// The observer that ignores every stage.
impl<Ir> StageObserver<Ir> for () {
    fn start(&mut self, _name: &'static str) {}

    fn done(&mut self, _ir: &Ir) {}
}
