//! The built-in generator `lsq` (`rivulet-gen lsq`): the load-store queue of one memory as a
//! VHDL entity or Verilog module specific to the instance, cycle-exact with the simulator's
//! model (`sim::units::lsq`, whose registers and rules it implements one for one).
//!
//! The RTL parameters are NUM_GROUPS, NUM_LOADS, NUM_STORES, DATA_WIDTH, ADDR_WIDTH, LDQ_DEPTH,
//! STQ_DEPTH and GROUPS, the groups' accesses in program order (`L` a load, `S` a store, groups
//! separated by `,`: `"LS,L"`), and BESIDE_MC (0 when absent): 1 for a queue beside a memory
//! controller, whose memory side (`loadEn`, `loadAddr`, `loadData`, `storeEn`, `storeAddr`,
//! `storeData`) becomes internal signals carried by the channels `ldAddrToMC`, `stAddrToMC`,
//! `stDataToMC` (valid when the queue reads or writes; the controller always takes them) and
//! `ldDataFromMC` (always ready), and which has no `memStart`. The groups' structure is baked into the generated text as
//! constant tables indexed by access (group order, then program order); the behaviour is written
//! with loops over queue entries, as in the model. Ports with no element (no load or no store
//! port) are left out of the module.
//!
//! Invariants checked before generating: the counts agree with GROUPS, every group has an
//! access, and each queue (1..=64 entries) holds at least the accesses of its kind of all groups
//! (the allocation rule allocates all groups that arrive together).

mod verilog;
mod vhdl;

use crate::diag::Diagnostic;
use crate::rtl::config::{GeneratorCall, GeneratorFn, Hdl, RtlParamValue};

/// The name of the generator (the word after `rivulet-gen`).
pub const GENERATOR: &str = "lsq";

/// The generator function, for a [`crate::rtl::config::GeneratorRegistry`].
pub const GENERATE: GeneratorFn = generate;

/// The GROUPS parameter of `groups` (per group its accesses in program order, true = store).
pub fn groups_param(groups: &[Vec<bool>]) -> String {
    let group =
        |g: &Vec<bool>| -> String { g.iter().map(|&s| if s { 'S' } else { 'L' }).collect() };
    groups.iter().map(group).collect::<Vec<_>>().join(",")
}

/// One access of a group: its group, whether it is a store, its load or store port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Access {
    group: usize,
    store: bool,
    port: usize,
}

/// The parameters of one queue, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Lsq {
    module: String,
    groups: usize,
    loads: usize,
    stores: usize,
    data_width: u64,
    addr_width: u64,
    ldq: usize,
    stq: usize,
    /// Every access of every group, in allocation order.
    accesses: Vec<Access>,
    /// Beside a memory controller (BESIDE_MC = 1).
    beside_mc: bool,
}

impl Lsq {
    fn from_call(call: &GeneratorCall<'_>) -> Result<Lsq, String> {
        let find = |name: &str| {
            call.parameters
                .iter()
                .find(|(n, _)| n == name)
                .map(|p| &p.1)
        };
        let unsigned = |name: &str| match find(name) {
            Some(RtlParamValue::Unsigned(v)) => Ok(*v),
            _ => Err(format!("the parameter {name} must be an unsigned integer")),
        };
        let Some(RtlParamValue::String(layout)) = find("GROUPS") else {
            return Err("the parameter GROUPS must be a string".into());
        };
        let mut accesses = Vec::new();
        let (mut nl, mut ns) = (0, 0);
        let groups: Vec<&str> = layout.split(',').collect();
        for (g, text) in groups.iter().enumerate() {
            if text.is_empty() {
                return Err(format!("GROUPS = {layout:?} has a group without accesses"));
            }
            for c in text.chars() {
                let (store, n) = match c {
                    'L' => (false, &mut nl),
                    'S' => (true, &mut ns),
                    _ => return Err(format!("GROUPS = {layout:?}: `{c}` is neither L nor S")),
                };
                accesses.push(Access {
                    group: g,
                    store,
                    port: *n,
                });
                *n += 1;
            }
        }
        let lsq = Lsq {
            module: call.module_name.to_string(),
            groups: groups.len(),
            loads: nl,
            stores: ns,
            data_width: unsigned("DATA_WIDTH")?,
            addr_width: unsigned("ADDR_WIDTH")?,
            ldq: unsigned("LDQ_DEPTH")? as usize,
            stq: unsigned("STQ_DEPTH")? as usize,
            accesses,
            beside_mc: match find("BESIDE_MC") {
                None | Some(RtlParamValue::Unsigned(0)) => false,
                Some(RtlParamValue::Unsigned(1)) => true,
                _ => return Err("the parameter BESIDE_MC must be 0 or 1".into()),
            },
        };
        let counts = [
            ("NUM_GROUPS", lsq.groups),
            ("NUM_LOADS", nl),
            ("NUM_STORES", ns),
        ];
        for (name, n) in counts {
            if unsigned(name)? != n as u64 {
                return Err(format!("{name} disagrees with GROUPS = {layout:?} ({n})"));
            }
        }
        if lsq.data_width == 0 || lsq.addr_width == 0 {
            return Err("DATA_WIDTH and ADDR_WIDTH must be at least 1".into());
        }
        for (name, depth, n) in [("LDQ_DEPTH", lsq.ldq, nl), ("STQ_DEPTH", lsq.stq, ns)] {
            if !(1..=64).contains(&depth) || depth < n {
                return Err(format!(
                    "{name} = {depth} must be in 1..=64 and hold the {n} accesses of its kind"
                ));
            }
        }
        Ok(lsq)
    }
}

/// The generator: the module text for `call.hdl`, or why the parameters do not describe a queue.
pub fn generate(call: &GeneratorCall<'_>) -> Result<String, Diagnostic> {
    let lsq = Lsq::from_call(call).map_err(Diagnostic::error)?;
    Ok(match call.hdl {
        Hdl::Vhdl => vhdl::module(&lsq),
        Hdl::Verilog => verilog::module(&lsq),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call_with(params: &[(String, RtlParamValue)]) -> Result<Lsq, String> {
        let call = GeneratorCall {
            unit: GENERATOR,
            args: &[],
            module_name: "q",
            hdl: Hdl::Vhdl,
            parameters: params,
            json_config: None,
        };
        Lsq::from_call(&call)
    }

    fn params(groups: &str, counts: [u64; 3], depths: [u64; 2]) -> Vec<(String, RtlParamValue)> {
        let u = |n: &str, v| (n.to_string(), RtlParamValue::Unsigned(v));
        vec![
            u("NUM_GROUPS", counts[0]),
            u("NUM_LOADS", counts[1]),
            u("NUM_STORES", counts[2]),
            u("DATA_WIDTH", 32),
            u("ADDR_WIDTH", 4),
            u("LDQ_DEPTH", depths[0]),
            u("STQ_DEPTH", depths[1]),
            ("GROUPS".into(), RtlParamValue::String(groups.into())),
        ]
    }

    #[test]
    fn groups_are_numbered_in_allocation_order() {
        let q = call_with(&params("LS,SL", [2, 2, 2], [4, 4])).unwrap();
        let ports: Vec<(usize, bool, usize)> = q
            .accesses
            .iter()
            .map(|a| (a.group, a.store, a.port))
            .collect();
        assert_eq!(
            ports,
            [(0, false, 0), (0, true, 0), (1, true, 1), (1, false, 1)]
        );
        assert_eq!(
            groups_param(&[vec![false, true], vec![true, false]]),
            "LS,SL"
        );
    }

    #[test]
    fn inconsistent_parameters_are_refused() {
        assert!(call_with(&params("LS", [1, 2, 1], [4, 4])).is_err());
        assert!(call_with(&params("LS,", [2, 1, 1], [4, 4])).is_err());
        assert!(call_with(&params("LX", [1, 1, 1], [4, 4])).is_err());
        assert!(call_with(&params("LLS", [1, 2, 1], [1, 4])).is_err());
        assert!(call_with(&params("LS", [1, 1, 1], [65, 4])).is_err());
        assert!(call_with(&params("LLS", [1, 2, 1], [2, 1])).is_ok());
    }
}
