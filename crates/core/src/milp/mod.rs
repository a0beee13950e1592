//! Mixed-integer linear programming for buffer placement: models as data, CPLEX LP output,
//! presolve, and a deterministic pure-Rust solver that runs natively and in the browser.
//!
//! Build a [`Model`], optionally print it with [`write_lp`], and solve it with a
//! [`MilpSolver`] such as [`MicrolpSolver`]. Nothing here reads clocks, files or global state.

mod bridge;
pub mod dive;
pub mod improve;
pub mod lp_writer;
pub mod model;
pub mod presolve;
pub mod solver;

pub use lp_writer::{write_lp, write_solution};
pub use model::{Cmp, ConId, Constraint, LinExpr, Model, Sense, Var, VarId, VarKind};
pub use presolve::{presolve, PresolveOutcome, Presolved, VarFate};
pub use solver::{
    MicrolpSolver, MilpSolver, SolutionSource, SolveOptions, SolveResult, SolveStats, SolveStatus,
};
