//! Validation of a [`Netlist`] and construction of its port map (which channel sits on each
//! port of each unit). The simulator only runs netlists that pass these checks, so unit models
//! may assume every port is connected and every width is consistent.

use super::netlist::{FloatOp, IntOp, Netlist, UnitKind};
use crate::bits::mask;
use crate::diag::Diagnostic;

/// For each unit, the channel on each input port and on each output port.
#[derive(Clone, Debug)]
pub struct PortMap {
    /// `inputs[u][p]`: channel on input port `p` of unit `u`.
    pub inputs: Vec<Vec<usize>>,
    /// `outputs[u][p]`: channel on output port `p` of unit `u`.
    pub outputs: Vec<Vec<usize>>,
}

/// Builds the port map, or returns every violation of the netlist invariants.
pub fn port_map(netlist: &Netlist) -> Result<PortMap, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut inputs: Vec<Vec<Option<usize>>> = netlist
        .units
        .iter()
        .map(|u| vec![None; u.kind.num_inputs()])
        .collect();
    let mut outputs: Vec<Vec<Option<usize>>> = netlist
        .units
        .iter()
        .map(|u| vec![None; u.kind.num_outputs()])
        .collect();
    for (c, ch) in netlist.channels.iter().enumerate() {
        if ch.width > 64 {
            errors.push(Diagnostic::error(format!(
                "channel `{}` is wider than 64 bits",
                ch.name
            )));
        }
        let ends = [
            (ch.producer, &mut outputs, "output"),
            (ch.consumer, &mut inputs, "input"),
        ];
        for ((unit, port), table, what) in ends {
            match table.get_mut(unit).and_then(|ports| ports.get_mut(port)) {
                None => errors.push(Diagnostic::error(format!(
                    "channel `{}` names {what} port {port} of unit {unit}, which does not exist",
                    ch.name
                ))),
                Some(Some(other)) => errors.push(Diagnostic::error(format!(
                    "{what} port {port} of unit `{}` is connected to both `{}` and `{}`",
                    netlist.units[unit].name, netlist.channels[*other].name, ch.name
                ))),
                Some(slot) => *slot = Some(c),
            }
        }
    }
    let mut finish = |table: Vec<Vec<Option<usize>>>, what: &str| -> Vec<Vec<usize>> {
        table
            .into_iter()
            .enumerate()
            .map(|(u, ports)| {
                ports
                    .into_iter()
                    .enumerate()
                    .map(|(p, c)| {
                        c.unwrap_or_else(|| {
                            errors.push(Diagnostic::error(format!(
                                "{what} port {p} of unit `{}` is not connected",
                                netlist.units[u].name
                            )));
                            0
                        })
                    })
                    .collect()
            })
            .collect()
    };
    let map = PortMap {
        inputs: finish(inputs, "input"),
        outputs: finish(outputs, "output"),
    };
    if errors.is_empty() {
        check_widths(netlist, &map, &mut errors);
    }
    if errors.is_empty() {
        Ok(map)
    } else {
        Err(errors)
    }
}

/// Every violation of the netlist invariants (empty if the netlist is valid).
pub fn check(netlist: &Netlist) -> Vec<Diagnostic> {
    port_map(netlist).err().unwrap_or_default()
}

fn check_widths(netlist: &Netlist, map: &PortMap, errors: &mut Vec<Diagnostic>) {
    let mut controllers = vec![0usize; netlist.memories.len()];
    for (u, unit) in netlist.units.iter().enumerate() {
        let iw: Vec<u32> = map.inputs[u]
            .iter()
            .map(|&c| netlist.channels[c].width)
            .collect();
        let ow: Vec<u32> = map.outputs[u]
            .iter()
            .map(|&c| netlist.channels[c].width)
            .collect();
        let mut fail = |msg: &str| {
            errors.push(Diagnostic::error(format!("unit `{}`: {msg}", unit.name)));
        };
        let all_eq = |ws: &[u32]| ws.windows(2).all(|w| w[0] == w[1]);
        let fits_index = |size: usize, w: u32| w >= 1 && (w >= 64 || size as u64 <= 1u64 << w);
        match &unit.kind {
            UnitKind::Fork { size }
            | UnitKind::LazyFork { size }
            | UnitKind::Join { size }
            | UnitKind::Merge { size }
            | UnitKind::Mux { size }
            | UnitKind::ControlMerge { size }
                if *size == 0 =>
            {
                fail("size must be at least 1")
            }
            UnitKind::Fork { .. }
            | UnitKind::LazyFork { .. }
            | UnitKind::Merge { .. }
            | UnitKind::Br
                if !all_eq(&[iw.as_slice(), ow.as_slice()].concat()) =>
            {
                fail("all channels must have the same width")
            }
            UnitKind::Buffer { slots, .. } if *slots == 0 => {
                fail("a buffer needs at least one slot")
            }
            UnitKind::Buffer { .. } if iw[0] != ow[0] => fail("input and output widths differ"),
            UnitKind::Join { .. } if ow[0] != 0 => fail("a join's output is control-only"),
            UnitKind::Mux { size } if !fits_index(*size, iw[0]) => fail("index too narrow"),
            UnitKind::Mux { .. } if !all_eq(&[&iw[1..], ow.as_slice()].concat()) => {
                fail("data channels must have the same width")
            }
            UnitKind::ControlMerge { size } if !fits_index(*size, ow[1]) => {
                fail("index too narrow")
            }
            UnitKind::ControlMerge { .. } if !all_eq(&[iw.as_slice(), &ow[..1]].concat()) => {
                fail("data channels must have the same width")
            }
            UnitKind::CondBr if iw[0] != 1 || iw[1] != ow[0] || iw[1] != ow[1] => {
                fail("condition must be 1 bit and data channels of one width")
            }
            UnitKind::Select if iw[0] != 1 || !all_eq(&[&iw[1..], ow.as_slice()].concat()) => {
                fail("condition must be 1 bit and values of one width")
            }
            UnitKind::Constant { value } if *value & !mask(ow[0]) != 0 => {
                fail("value wider than output")
            }
            UnitKind::Entry { value } if *value & !mask(ow[0]) != 0 => {
                fail("value wider than output")
            }
            UnitKind::ScriptSource { tokens, .. }
                if tokens.iter().any(|t| t & !mask(ow[0]) != 0) =>
            {
                fail("token wider than output")
            }
            UnitKind::Int { op, .. } => {
                if let Some(msg) = int_widths(*op, &iw, ow[0]) {
                    fail(msg)
                }
            }
            UnitKind::Float { op, .. } => {
                if let Some(msg) = float_widths(*op, &iw, ow[0]) {
                    fail(msg)
                }
            }
            UnitKind::Load | UnitKind::Store if iw[0] != ow[0] || iw[1] != ow[1] => {
                fail("address and data widths must pass through unchanged")
            }
            UnitKind::MemController {
                memory,
                controls,
                loads,
                stores,
            } => match netlist.memories.get(*memory) {
                None => fail("names a memory that does not exist"),
                Some(mem) => {
                    controllers[*memory] += 1;
                    let ld_addr = &iw[1 + controls..1 + controls + loads];
                    let st_addr = &iw[1 + controls + loads..1 + controls + loads + stores];
                    let st_data =
                        &iw[1 + controls + loads + stores..1 + controls + loads + 2 * stores];
                    let addr: Vec<u32> = [ld_addr, st_addr].concat();
                    let data: Vec<u32> = [st_data, &ow[..*loads]].concat();
                    if !all_eq(&addr) || addr.first().is_some_and(|&w| w == 0) {
                        fail("address channels must have one non-zero width")
                    }
                    if data.iter().any(|&w| w != mem.width) {
                        fail("data channels must have the memory's width")
                    }
                    if *stores == 0 && *controls != 0 {
                        fail("a controller without stores has no ctrl ports")
                    }
                }
            },
            UnitKind::Lsq { memory, shape } => {
                let (g, nl, ns) = (shape.groups.len(), shape.loads(), shape.stores());
                // Inputs after `memStart` (on a memory) or from the first (beside a controller).
                let o = usize::from(memory.is_some());
                let mut addr: Vec<u32> = iw[o + g..o + g + nl + ns].to_vec();
                let mut data: Vec<u32> =
                    [&iw[o + g + nl + ns..o + g + nl + 2 * ns], &ow[..nl]].concat();
                let width = match memory {
                    Some(m) => match netlist.memories.get(*m) {
                        None => {
                            fail("names a memory that does not exist");
                            continue;
                        }
                        Some(mem) => {
                            controllers[*m] += 1;
                            Some(mem.width)
                        }
                    },
                    None => {
                        addr.extend(&ow[nl..nl + 2]);
                        data.extend([ow[nl + 2], iw[g + nl + 2 * ns]]);
                        if !linked_to_controller(netlist, map, u, nl) {
                            fail(
                                "beside a controller, its ldAddrToMC, stAddrToMC, stDataToMC and \
                                 ldDataFromMC must be one controller's load port 0 and store \
                                 port 0",
                            )
                        }
                        None
                    }
                };
                if !all_eq(&addr) || addr.first().is_some_and(|&w| w == 0) {
                    fail("address channels must have one non-zero width")
                }
                if !all_eq(&data) || width.is_some_and(|w| data.iter().any(|&d| d != w)) {
                    fail("data channels must have the memory's width")
                }
                if iw[o..o + g].iter().any(|&w| w != 0) {
                    fail("group allocation inputs are control-only")
                }
                if shape.groups.iter().any(Vec::is_empty) {
                    fail("every group has at least one access")
                }
                let depths = 1..=64;
                if !depths.contains(&shape.ldq_depth)
                    || !depths.contains(&shape.stq_depth)
                    || shape.ldq_depth < nl
                    || shape.stq_depth < ns
                {
                    fail("queue depths must be 1 to 64 and hold every group's accesses")
                }
            }
            _ => {}
        }
    }
    for (m, count) in controllers.into_iter().enumerate() {
        if count > 1 {
            errors.push(Diagnostic::error(format!(
                "memory `{}` has {count} controllers",
                netlist.memories[m].name
            )));
        }
        if netlist.memories[m].width > 64 {
            errors.push(Diagnostic::error(format!(
                "memory `{}` is wider than 64 bits",
                netlist.memories[m].name
            )));
        }
    }
}

fn int_widths(op: IntOp, iw: &[u32], out: u32) -> Option<&'static str> {
    let ok = match op {
        IntOp::ExtS | IntOp::ExtU => iw[0] >= 1 && out >= iw[0],
        IntOp::Trunc => out >= 1 && out <= iw[0],
        IntOp::Abs | IntOp::Not => iw[0] >= 1 && out == iw[0],
        IntOp::Cmp(_) => iw[0] >= 1 && iw[0] == iw[1] && out == 1,
        _ => iw[0] >= 1 && iw[0] == iw[1] && out == iw[0],
    };
    (!ok).then_some("operand and result widths do not fit the operation")
}

fn float_widths(op: FloatOp, iw: &[u32], out: u32) -> Option<&'static str> {
    let fp = |w: u32| w == 32 || w == 64;
    let ok = match op {
        FloatOp::SiToFp | FloatOp::UiToFp => iw[0] >= 1 && fp(out),
        FloatOp::FpToSi | FloatOp::FpToUi => fp(iw[0]) && out >= 1,
        FloatOp::Ext => iw[0] == 32 && out == 64,
        FloatOp::Trunc => iw[0] == 64 && out == 32,
        FloatOp::Neg | FloatOp::Abs => fp(iw[0]) && out == iw[0],
        FloatOp::Cmp(_) => fp(iw[0]) && iw[0] == iw[1] && out == 1,
        _ => fp(iw[0]) && iw[0] == iw[1] && out == iw[0],
    };
    (!ok).then_some("operand and result widths do not fit the float operation (32 or 64 bits)")
}

/// Whether the queue `q` (with `loads` load ports, beside a controller) has its
/// `ldAddrToMC`, `stAddrToMC`, `stDataToMC` on one controller's load port 0 and store port 0
/// and takes `ldDataFromMC` from that controller's load result 0: the queue's model reads and
/// writes through these channels in the cycles it decides, so nothing may stand between them.
fn linked_to_controller(netlist: &Netlist, map: &PortMap, q: usize, loads: usize) -> bool {
    let consumer = |p: usize| netlist.channels[map.outputs[q][loads + p]].consumer;
    let (mc, ld_port) = consumer(0);
    let Some(UnitKind::MemController {
        controls,
        loads: mc_loads,
        stores,
        ..
    }) = netlist.units.get(mc).map(|u| &u.kind)
    else {
        return false;
    };
    let from = map.inputs[q][map.inputs[q].len() - 2];
    *stores >= 1
        && ld_port == 1 + controls
        && consumer(1) == (mc, 1 + controls + mc_loads)
        && consumer(2) == (mc, 1 + controls + mc_loads + stores)
        && netlist.channels[from].producer == (mc, 0)
}
