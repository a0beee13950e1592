//! The language-neutral plan of the top-level glue: legal names of the top module, its ports,
//! one signal per net, the instances with their generics and port maps, and the assignments
//! that connect top ports to nets. [`super::vhdl`] and [`super::verilog`] only print it.

use super::namer::HdlNamer;
use crate::hw::{Design, HwType, PortDir};
use crate::rtl::config::{Hdl, ResolvedExtern, RtlParamValue, RtlPort, SignalKind};
use std::collections::BTreeMap;

/// A port of the top module.
#[derive(Clone, Debug, PartialEq)]
pub struct TopPort {
    /// The legal HDL name (the channel's data port; `_valid`/`_ready` are added).
    pub name: String,
    /// The IR name.
    pub ir_name: String,
    /// In or out (as the HW IR port; a channel's ready goes the other way).
    pub dir: PortDir,
    /// Its type.
    pub ty: HwType,
}

/// A signal (net) of the glue.
#[derive(Clone, Debug, PartialEq)]
pub struct Signal {
    /// The legal name.
    pub name: String,
    /// Its type.
    pub ty: HwType,
    /// Whether anything reads its data (false for a data-carrying channel whose only consumers
    /// are control-only ports, e.g. a `join`'s: only its valid/ready are used).
    pub data_read: bool,
}

/// One association of a port map.
#[derive(Clone, Debug, PartialEq)]
pub struct Conn {
    /// The unit's port (an array port with an element index, or a plain port).
    pub formal: RtlPort,
    /// The glue signal.
    pub actual: String,
}

/// One unit instance.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedInstance {
    /// The instance label.
    pub label: String,
    /// The unit's module (entity) name.
    pub module: String,
    /// The VHDL architecture.
    pub arch: String,
    /// Generic values, in the module's declaration order.
    pub generics: Vec<(String, RtlParamValue)>,
    /// The port map (without clk/rst).
    pub conns: Vec<Conn>,
}

/// The glue of one design.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The top module's name.
    pub top: String,
    /// The testbench's name.
    pub tb: String,
    /// The top module's ports, in the HW IR's order.
    pub ports: Vec<TopPort>,
    /// One signal per net.
    pub signals: Vec<Signal>,
    /// The instances.
    pub instances: Vec<PlannedInstance>,
    /// `lhs <= rhs` assignments (top ports to nets and back).
    pub assigns: Vec<(String, String)>,
    /// Ready signals of nets nobody consumes, tied to 1.
    pub tie_ready: Vec<String>,
    /// Wires nothing drives (the memory-side ports of a memory the kernel never accesses),
    /// tied to 0: `(signal, whether it is a single bit)`.
    pub tie_zero: Vec<(String, bool)>,
}

impl Plan {
    /// The top port whose IR name is `ir_name`.
    pub fn port(&self, ir_name: &str) -> Option<&TopPort> {
        self.ports.iter().find(|p| p.ir_name == ir_name)
    }
}

/// Identifiers the testbenches declare themselves (besides `seen<i>`, `got<i>`, …).
const TESTBENCH_NAMES: &[&str] = &[
    "cycle",
    "last",
    "errors",
    "dump",
    "dut",
    "stop_clock",
    "ok",
    "l",
    "close",
    "say",
    "f32_to_f64",
    "is_nan",
    "max_cycles",
    "stimulus",
    "sim",
    "a_in",
    "b_in",
];

/// The signal kinds of a value of type `ty`, with their name suffixes.
pub(crate) fn kinds(ty: &HwType) -> Vec<(SignalKind, &'static str)> {
    match ty {
        HwType::Channel(t) if t.data_width() == 0 => {
            vec![(SignalKind::Valid, "_valid"), (SignalKind::Ready, "_ready")]
        }
        HwType::Channel(_) => vec![
            (SignalKind::Data, ""),
            (SignalKind::Valid, "_valid"),
            (SignalKind::Ready, "_ready"),
        ],
        HwType::Wire(_) | HwType::Bit => vec![(SignalKind::Data, "")],
    }
}

/// Builds the plan; `resolved` has a resolution for every extern symbol.
pub(crate) fn build(
    d: &Design,
    resolved: &BTreeMap<String, ResolvedExtern>,
    hdl: Hdl,
    module_names: &[&str],
) -> Plan {
    let mut namer = HdlNamer::new(hdl);
    for m in module_names {
        namer.reserve(m);
    }
    namer.reserve("tb_memory");
    // Names the testbenches use internally.
    for n in TESTBENCH_NAMES {
        namer.reserve(n);
    }
    let count = d.top.ports.len() + d.memories.len();
    for i in 0..count {
        for prefix in ["seen", "got", "dumped", "word", "dump", "memory"] {
            namer.reserve(&format!("{prefix}{i}"));
        }
    }
    let top = namer.fresh(&d.top.name, &[]);
    let tb = namer.fresh(&format!("tb_{}", d.top.name), &[]);
    let suffixes = ["_valid", "_ready"];
    let ports: Vec<TopPort> = d
        .top
        .ports
        .iter()
        .map(|p| TopPort {
            name: namer.fresh(&p.name.flat(), &suffixes),
            ir_name: p.name.flat(),
            dir: p.dir,
            ty: p.ty.clone(),
        })
        .collect();
    let mut signals: Vec<Signal> = d
        .top
        .nets
        .iter()
        .map(|n| Signal {
            name: namer.fresh(&format!("{}_s", n.name), &suffixes),
            ty: n.ty.clone(),
            data_read: false,
        })
        .collect();
    let mut consumed = vec![false; signals.len()];
    // Wires some port or instance output drives.
    let mut driven = vec![false; signals.len()];
    let mut assigns = Vec::new();
    for (p, net) in ports.iter().zip(&d.top.port_nets) {
        if p.dir == PortDir::In {
            driven[net.0 as usize] = true;
        }
        let s = &signals[net.0 as usize].name;
        for (kind, suf) in kinds(&p.ty) {
            let (port, sig) = (format!("{}{suf}", p.name), format!("{s}{suf}"));
            let port_drives = (p.dir == PortDir::In) != (kind == SignalKind::Ready);
            assigns.push(if port_drives {
                (sig, port)
            } else {
                (port, sig)
            });
        }
        if p.dir == PortDir::Out {
            consumed[net.0 as usize] = true;
            signals[net.0 as usize].data_read = true;
        }
    }
    let mut instances = Vec::new();
    for inst in &d.top.instances {
        let (Some(ext), Some(r)) = (d.extern_by_sym(&inst.module), resolved.get(&inst.module))
        else {
            continue;
        };
        let mut conns = Vec::new();
        for (p, net) in ext.ports.iter().zip(&inst.connections) {
            if p.dir == PortDir::Out {
                driven[net.0 as usize] = true;
            }
            if p.dir == PortDir::In {
                consumed[net.0 as usize] = true;
                if p.ty.data_width() > 0 {
                    signals[net.0 as usize].data_read = true;
                }
            }
            let s = &signals[net.0 as usize].name;
            for (kind, suf) in kinds(&p.ty) {
                conns.push(Conn {
                    formal: r.ports.rtl_port(&p.name.base, p.name.index, kind),
                    actual: format!("{s}{suf}"),
                });
            }
        }
        instances.push(PlannedInstance {
            label: namer.fresh(&inst.name, &[]),
            module: r.module_name.clone(),
            arch: r.arch_name.clone(),
            generics: r.generics.clone(),
            conns,
        });
    }
    let tie_ready = signals
        .iter()
        .zip(&consumed)
        .filter(|(s, c)| !**c && s.ty.is_channel())
        .map(|(s, _)| format!("{}_ready", s.name))
        .collect();
    let tie_zero = signals
        .iter()
        .zip(&driven)
        .filter(|(s, d)| !**d && !s.ty.is_channel())
        .map(|(s, _)| (s.name.clone(), s.ty == HwType::Bit))
        .collect();
    Plan {
        top,
        tb,
        ports,
        signals,
        instances,
        assigns,
        tie_ready,
        tie_zero,
    }
}
