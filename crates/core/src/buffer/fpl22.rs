//! FPL22 buffer placement (Rizzi et al., FPL 2022; spec/buffering.md): the MILP of
//! [`super::formulation`] with separate data/valid and ready timing (each broken by its own
//! buffers), solved per group of channels (each union of CFDFCs sharing a block, then the
//! rest; see [`super::milp_placement`]), and the FPL22 mapping to buffer types.

use super::cfdfc::Cfdfc;
use super::formulation::Variant;
use super::mapping::{insert, Mapping};
use super::milp_placement::{solve, Grouping, MilpPlacement};
use crate::diag::Diagnostic;
use crate::handshake::Func;
use crate::timing::TimingModel;

/// Places FPL22 buffers into `func`; returns the placement and the number of buffer
/// operations added, or why nothing was placed.
pub fn place_fpl22(
    func: &mut Func,
    cfdfcs: Vec<Cfdfc>,
    timing: &TimingModel,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(MilpPlacement, usize), String> {
    let p = solve(
        func,
        cfdfcs,
        timing,
        Variant::Fpl22,
        Grouping::PerGroup,
        diagnostics,
    )?;
    let added = insert(func, &p.circuit.channels, &p.placement, Mapping::Fpl22);
    Ok((p, added))
}
