//! The HW IR: a close-to-RTL view of a Handshake function (spec/rtl-backend.md, "Handshake to
//! HW").
//!
//! A [`Design`] holds one top [`HwModule`] (the kernel, with its memory interfaces made explicit
//! as plain-signal ports) and the [`HwExtern`]s it instantiates. Each extern carries `hw.name`
//! (the Handshake operation, e.g. `handshake.mux`) and `hw.parameters` (its RTL parameters);
//! there is exactly one extern per distinct name-and-parameters combination, so the RTL emitter
//! concretizes each module once.
//!
//! Invariants:
//! * every port of an extern and of the top module has a unique name; an element of a logical
//!   port array (`ins`) is named with the flat convention (`ins_0`, `ins_1`) and records its base
//!   name and index in [`PortName`];
//! * the top module's nets are indexed by [`NetId`]; a channel net is driven by exactly one top
//!   input port or one instance output, a plain wire net by at most one (the memory-side
//!   outputs of a memory the kernel never accesses are undriven: the emitters tie them to 0),
//!   and every instance port is connected to one net;
//! * `clk` and `rst` are implicit: every extern and the top module have them as their first two
//!   ports (synchronous, active-high reset), and the printer and emitters add them.
//!
//! [`lower::lower_func`] builds a design from a Handshake function; [`verify::verify`] checks
//! the invariants above; [`print::print_design`] prints it (`rivulet compile --emit hw`).

pub mod lower;
pub(crate) mod params;
pub mod print;
pub mod verify;

use crate::handshake::Type;
use crate::rtl::config::RtlParamValue;

/// A port direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortDir {
    /// An input.
    In,
    /// An output.
    Out,
}

/// The type of a port or net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HwType {
    /// A handshake channel (data + valid + ready) or control token (valid + ready).
    Channel(Type),
    /// A plain bus of this many wires, without handshake (memory interface signals).
    Wire(u32),
    /// A single plain wire (`std_logic`), e.g. a memory enable.
    Bit,
}

impl HwType {
    /// The width of the data bus (0 for control tokens).
    pub fn data_width(&self) -> u32 {
        match self {
            HwType::Channel(t) => t.data_width(),
            HwType::Wire(w) => *w,
            HwType::Bit => 1,
        }
    }

    /// True for handshake channels and control tokens.
    pub fn is_channel(&self) -> bool {
        matches!(self, HwType::Channel(_))
    }
}

/// The name of a port: a base name and, for an element of a logical port array, its index.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PortName {
    /// The base name (`ins`).
    pub base: String,
    /// The element index within the array port, if the port is an array element.
    pub index: Option<u32>,
}

impl PortName {
    /// A scalar port.
    pub fn scalar(base: &str) -> PortName {
        PortName {
            base: base.to_string(),
            index: None,
        }
    }

    /// Element `index` of the array port `base`.
    pub fn element(base: &str, index: u32) -> PortName {
        PortName {
            base: base.to_string(),
            index: Some(index),
        }
    }

    /// The IR (flat) spelling: `ins_1`.
    pub fn flat(&self) -> String {
        match self.index {
            Some(i) => format!("{}_{i}", self.base),
            None => self.base.clone(),
        }
    }
}

/// One port of a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HwPort {
    /// Its name.
    pub name: PortName,
    /// In or out.
    pub dir: PortDir,
    /// Its type.
    pub ty: HwType,
}

/// An external module (`hw.module.extern`): a unit the RTL emitter must concretize.
#[derive(Clone, Debug, PartialEq)]
pub struct HwExtern {
    /// Its symbol (unique in the design).
    pub sym: String,
    /// `hw.name`: the Handshake operation it implements (`handshake.mux`).
    pub hw_name: String,
    /// `hw.parameters`, sorted by name.
    pub params: Vec<(String, RtlParamValue)>,
    /// Its ports (inputs in operand order, then outputs in result order).
    pub ports: Vec<HwPort>,
}

/// Identifies a net of the top module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NetId(pub u32);

/// A net (one channel or plain signal) of the top module.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// A readable name, unique among nets (not yet legalized for an HDL).
    pub name: String,
    /// Its type.
    pub ty: HwType,
}

/// An instance of an extern (`hw.instance`).
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// The instance name (the operation's `handshake.name`, or a generated one).
    pub name: String,
    /// The extern's symbol.
    pub module: String,
    /// The net connected to each port of the extern, in the extern's port order.
    pub connections: Vec<NetId>,
    /// The C source its operation came from (printed as the instance's `loc(…)`).
    pub origin: Option<crate::handshake::Origin>,
}

/// The top module (`hw.module`).
#[derive(Clone, Debug, PartialEq)]
pub struct HwModule {
    /// The kernel's name.
    pub name: String,
    /// Its ports: inputs then outputs, in the order the testbench drives and reads them.
    pub ports: Vec<HwPort>,
    /// For each port, its net (an input port drives it, an output port reads it).
    pub port_nets: Vec<NetId>,
    /// All nets.
    pub nets: Vec<Net>,
    /// The instances, in the Handshake function's program order.
    pub instances: Vec<Instance>,
}

impl HwModule {
    /// The net `id`.
    pub fn net(&self, id: NetId) -> &Net {
        &self.nets[id.0 as usize]
    }
}

/// A lowered kernel: the top module and the externs it instantiates.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    /// The top module.
    pub top: HwModule,
    /// The externs, in order of first use.
    pub externs: Vec<HwExtern>,
    /// The memory interfaces of the top module, in argument order.
    pub memories: Vec<MemoryPorts>,
}

impl Design {
    /// The extern with symbol `sym`.
    pub fn extern_by_sym(&self, sym: &str) -> Option<&HwExtern> {
        self.externs.iter().find(|e| e.sym == sym)
    }
}

/// A memref argument lowered to top-level ports `<name>_loadEn` … `<name>_storeData`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryPorts {
    /// The argument's name (the port prefix).
    pub name: String,
    /// The number of words.
    pub depth: u64,
    /// The element type's width.
    pub data_width: u32,
    /// Whether elements are floats (the testbench compares them with a tolerance).
    pub float: bool,
    /// The address width.
    pub addr_width: u32,
}
