//! FPGA20 buffer placement (Josipović et al., FPGA 2020; spec/buffering.md): the MILP of
//! [`super::formulation`] with data/valid timing only, then the spec's rule for ready paths
//! (a ready-breaking slot after every merge-like unit on a cycle) and the FPGA20 mapping to
//! buffer types.

use super::cfdfc::Cfdfc;
use super::formulation::Variant;
use super::mapping::{insert, Mapping};
use super::milp_placement::{solve, Grouping, MilpPlacement};
use crate::diag::Diagnostic;
use crate::handshake::Func;
use crate::timing::TimingModel;

/// Places FPGA20 buffers into `func`; returns the placement and the number of buffer
/// operations added, or why nothing was placed.
pub fn place_fpga20(
    func: &mut Func,
    cfdfcs: Vec<Cfdfc>,
    timing: &TimingModel,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(MilpPlacement, usize), String> {
    let mut p = solve(
        func,
        cfdfcs,
        timing,
        Variant::Fpga20,
        Grouping::Whole,
        diagnostics,
    )?;
    for (b, c) in p.placement.iter_mut().zip(&p.circuit.channels) {
        b.break_r = c.ready_slot;
    }
    let added = insert(func, &p.circuit.channels, &p.placement, Mapping::Fpga20);
    Ok((p, added))
}
