//! The Synth IR: a hierarchy of `hw.module`s with ordered, directed, named ports; a module's
//! body is either one `synth.subckt` (a dataflow unit's behaviour) or a graph of `hw.instance`s
//! of other modules; `hw.output` lists the signals driving the output ports.
//!
//! Invariants (checked by [`super::verify::verify_netlist`]):
//! * a module's signals are defined by its input ports ([`SignalDef::Input`]), by its
//!   subcircuit's results or by instance results, each exactly once, in arena order;
//! * `Subckt::operands` follows the module's input ports and `Subckt::results` its output ports;
//! * an instance lists one operand per input port and one result per output port of its callee,
//!   in the callee's port order; `HwModule::outputs` has one signal per output port, in order.
//!
//! Every port remembers the Handshake port it came from ([`ChannelRef`]), its [`Role`] in the
//! channel and, after bit splitting, its bit index, so later phases and the web app never parse
//! port names.

use crate::handshake::{self, Direction};

/// The direction of a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PortDir {
    /// Driven from outside the module.
    In,
    /// Driven by the module.
    Out,
}

impl PortDir {
    /// The other direction.
    pub fn flipped(self) -> PortDir {
        match self {
            PortDir::In => PortDir::Out,
            PortDir::Out => PortDir::In,
        }
    }

    /// `in` or `out`, as printed.
    pub fn as_str(self) -> &'static str {
        match self {
            PortDir::In => "in",
            PortDir::Out => "out",
        }
    }
}

/// Which side of a Handshake op (or function) a port belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// An operand (or function argument): the channel comes in.
    Operand,
    /// A result (or function result): the channel goes out.
    Result,
}

/// The Handshake port a signal belongs to: its side and original port index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct ChannelRef {
    /// Operand or result.
    pub side: Side,
    /// The original operand/result (argument/result) index.
    pub index: u32,
}

impl ChannelRef {
    /// The direction data and valid travel at this port: into the unit for operands.
    pub fn data_dir(self) -> PortDir {
        match self.side {
            Side::Operand => PortDir::In,
            Side::Result => PortDir::Out,
        }
    }

    /// `in` or `out`, the prefix of the port names.
    pub fn prefix(self) -> &'static str {
        self.data_dir().as_str()
    }
}

/// The role of a signal within its channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The data bus (also the only signal of raw, un-handshaked values).
    Data,
    /// The valid wire.
    Valid,
    /// The ready wire.
    Ready,
    /// An extra signal of the channel type: its name (`extra<k>` when unnamed) and direction.
    Extra {
        /// The name used in the port name.
        name: String,
        /// Downstream (with data) or upstream (with ready).
        dir: Direction,
    },
}

impl Role {
    /// True for signals that travel against data and valid: ready and upstream extras.
    pub fn against_data(&self) -> bool {
        matches!(
            self,
            Role::Ready
                | Role::Extra {
                    dir: Direction::Up,
                    ..
                }
        )
    }

    /// The role's part of a port name: `data`, `valid`, `ready` or `extra_<name>`.
    pub fn label(&self) -> String {
        match self {
            Role::Data => "data".into(),
            Role::Valid => "valid".into(),
            Role::Ready => "ready".into(),
            Role::Extra { name, .. } => format!("extra_{name}"),
        }
    }

    /// A short word for the web app: `data`, `valid`, `ready`, `extra (down)`, `extra (up)`.
    pub fn kind(&self) -> &'static str {
        match self {
            Role::Data => "data",
            Role::Valid => "valid",
            Role::Ready => "ready",
            Role::Extra {
                dir: Direction::Down,
                ..
            } => "extra (down)",
            Role::Extra {
                dir: Direction::Up, ..
            } => "extra (up)",
        }
    }
}

/// One port of a module (serialized for the web app with its role as
/// `{"kind": "extra (up)", "name": "credit"}`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Port {
    /// The port name (`in_data_0`, `out_ready_1`, `in_data_0_3` after splitting).
    pub name: String,
    /// The number of wires.
    pub width: u32,
    /// Its direction.
    pub dir: PortDir,
    /// The Handshake port it belongs to.
    pub channel: ChannelRef,
    /// Its role in that channel.
    pub role: Role,
    /// The bit of the original signal this port carries, after bit splitting.
    pub bit: Option<u32>,
}

impl Port {
    /// The phase-1 port of a signal: named `<in|out>_<role>_<index>`, in the channel's
    /// direction whatever its role.
    pub fn unbundled(channel: ChannelRef, role: Role, width: u32) -> Port {
        Port {
            name: format!("{}_{}_{}", channel.prefix(), role.label(), channel.index),
            width,
            dir: channel.data_dir(),
            channel,
            role,
            bit: None,
        }
    }
}

impl serde::Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Role", 2)?;
        st.serialize_field("kind", self.kind())?;
        let name = match self {
            Role::Extra { name, .. } => Some(name.as_str()),
            _ => None,
        };
        st.serialize_field("name", &name)?;
        st.end()
    }
}

/// Identifies a signal of one module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SignalId(pub u32);

impl SignalId {
    /// A placeholder naming no signal: an operand or output not connected (yet). The verifier
    /// reports any that remain.
    pub const NONE: SignalId = SignalId(u32::MAX);
}

/// Where a signal comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalDef {
    /// The module's port at this index (an input port).
    Input(u32),
    /// The subcircuit's result for the module's output port at this index.
    Subckt(u32),
    /// The result of instance `inst` for its callee's output port at index `port`.
    Instance {
        /// The instance index in [`HwModule::instances`].
        inst: u32,
        /// The callee's port index.
        port: u32,
    },
}

/// A signal: a name for printing, a width and its definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    /// The SSA name (without `%`).
    pub name: String,
    /// The number of wires.
    pub width: u32,
    /// Its driver.
    pub def: SignalDef,
}

/// An `hw.instance` of another module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The instance name.
    pub name: String,
    /// The callee module's name.
    pub module: String,
    /// One signal per input port of the callee, in port order.
    pub operands: Vec<SignalId>,
    /// One signal per output port of the callee, in port order.
    pub results: Vec<SignalId>,
}

/// A `synth.subckt`: an opaque behaviour reading every input port and driving every output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subckt {
    /// The behaviour: the Handshake unit it implements (`addi`, `fork`, `instance @callee`…).
    pub behaviour: String,
}

/// An `hw.module`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HwModule {
    /// The symbol name.
    pub name: String,
    /// The ports, in order (inputs and outputs interleaved as their channels are).
    pub ports: Vec<Port>,
    /// The signals of the body, in definition order.
    pub signals: Vec<Signal>,
    /// The subcircuit, for the module of one dataflow unit.
    pub subckt: Option<Subckt>,
    /// The instances, for the top module.
    pub instances: Vec<Instance>,
    /// The `hw.output` operands, one per output port in order.
    pub outputs: Vec<SignalId>,
}

impl HwModule {
    /// A module of one dataflow unit: a subcircuit between its ports.
    pub fn leaf(name: String, ports: Vec<Port>, behaviour: String) -> HwModule {
        let mut m = HwModule {
            name,
            ports,
            signals: Vec::new(),
            subckt: Some(Subckt { behaviour }),
            instances: Vec::new(),
            outputs: Vec::new(),
        };
        m.add_input_signals();
        for (i, p) in m.ports.iter().enumerate() {
            if p.dir == PortDir::Out {
                m.signals.push(Signal {
                    name: p.name.clone(),
                    width: p.width,
                    def: SignalDef::Subckt(i as u32),
                });
                m.outputs.push(SignalId(m.signals.len() as u32 - 1));
            }
        }
        m
    }

    /// A module with these ports, one signal per input port and an empty body.
    pub fn graph(name: String, ports: Vec<Port>) -> HwModule {
        let mut m = HwModule {
            name,
            ports,
            signals: Vec::new(),
            subckt: None,
            instances: Vec::new(),
            outputs: Vec::new(),
        };
        m.add_input_signals();
        m
    }

    fn add_input_signals(&mut self) {
        for (i, p) in self.ports.iter().enumerate() {
            if p.dir == PortDir::In {
                self.signals.push(Signal {
                    name: p.name.clone(),
                    width: p.width,
                    def: SignalDef::Input(i as u32),
                });
            }
        }
    }

    /// The signal defined by input port `port`.
    pub fn input_signal(&self, port: usize) -> Option<SignalId> {
        self.signals
            .iter()
            .position(|s| s.def == SignalDef::Input(port as u32))
            .map(|i| SignalId(i as u32))
    }

    /// A signal (None for an id out of range).
    pub fn signal(&self, id: SignalId) -> Option<&Signal> {
        self.signals.get(id.0 as usize)
    }

    /// Adds an instance of `callee` whose results get fresh signals `<name>.<port>`; operands
    /// are left to the caller (filled with `SignalId::NONE` placeholders).
    pub fn add_instance(&mut self, name: String, callee: &HwModule) -> u32 {
        let inst = self.instances.len() as u32;
        let mut results = Vec::new();
        let mut n_in = 0;
        for (i, p) in callee.ports.iter().enumerate() {
            match p.dir {
                PortDir::In => n_in += 1,
                PortDir::Out => {
                    self.signals.push(Signal {
                        name: format!("{name}.{}", p.name),
                        width: p.width,
                        def: SignalDef::Instance {
                            inst,
                            port: i as u32,
                        },
                    });
                    results.push(SignalId(self.signals.len() as u32 - 1));
                }
            }
        }
        self.instances.push(Instance {
            name,
            module: callee.name.clone(),
            operands: vec![SignalId::NONE; n_in],
            results,
        });
        inst
    }

    /// The input ports, in order, with their indices.
    pub fn input_ports(&self) -> impl Iterator<Item = (usize, &Port)> {
        self.ports
            .iter()
            .enumerate()
            .filter(|(_, p)| p.dir == PortDir::In)
    }

    /// The output ports, in order, with their indices.
    pub fn output_ports(&self) -> impl Iterator<Item = (usize, &Port)> {
        self.ports
            .iter()
            .enumerate()
            .filter(|(_, p)| p.dir == PortDir::Out)
    }
}

/// The lowered design: modules in order, every callee before its callers, the top module last.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Netlist {
    /// The modules.
    pub modules: Vec<HwModule>,
}

impl Netlist {
    /// The module with this name.
    pub fn module(&self, name: &str) -> Option<&HwModule> {
        self.modules.iter().find(|m| m.name == name)
    }

    /// The top module (the last one).
    pub fn top(&self) -> Option<&HwModule> {
        self.modules.last()
    }
}

/// The result of the Handshake-to-Synth lowering.
#[derive(Clone, Debug, PartialEq)]
pub enum SynthModule {
    /// The input had no non-external Handshake function: it is left as it was.
    Unchanged(handshake::Module),
    /// The lowered hierarchy.
    Lowered(Netlist),
}
