//! The graph view's data: units, channels and basic-block boxes with their geometry.

pub use super::class::UnitClass;
pub use super::lsq::{ViewLsq, ViewLsqGroup};
use crate::layout::{LayoutStats, Rect};
use serde::{Deserialize, Serialize};

/// One unit: an argument or an operation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewUnit {
    /// The op's unique name (`fork0`) or the argument's name (`n`).
    pub name: String,
    /// Its class.
    pub class: UnitClass,
    /// The op's mnemonic (`fork`, `cmpi`) or `argument`.
    pub mnemonic: String,
    /// One line saying what it does: `fork ×3`, `cmpi slt`, `buffer FIFO_BREAK_DV ×2`.
    pub label: String,
    /// One sentence explaining the unit kind (the hover text).
    #[serde(default)]
    pub about: String,
    /// The basic block (`handshake.bb`), if any.
    pub bb: Option<u32>,
    /// Its box.
    pub rect: Rect,
    /// Number of input ports drawn on the top side (at least 1).
    pub in_ports: u32,
    /// Number of output ports drawn on the bottom side (at least 1).
    pub out_ports: u32,
    /// Its hardware ports after ready inversion (empty without a Synth netlist).
    #[serde(default)]
    pub ports: Vec<ViewPort>,
    /// The text of its `hw.module` in the Synth netlist (empty for arguments and `end`).
    #[serde(default)]
    pub hw: String,
    /// The C source it came from (none for arguments and IR written by hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<ViewOrigin>,
    /// A load-store queue's groups and depths (drawn as lines under its label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lsq: Option<ViewLsq>,
}

/// A unit's C source range: 1-based lines and columns, the end one past the last character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewOrigin {
    /// The file's name, as the editor's tab shows it (`fir.c`).
    pub file: String,
    /// First line.
    pub line: u32,
    /// First column.
    pub col: u32,
    /// Last line.
    pub end_line: u32,
    /// Column after the last character.
    pub end_col: u32,
}

/// One hardware port of a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewPort {
    /// `in_data_0`, `in_ready_0`, `out_valid_1`.
    pub name: String,
    /// Number of wires.
    pub width: u32,
    /// `in` or `out`, after ready inversion.
    pub dir: String,
    /// `data`, `valid`, `ready`, `extra (down)` or `extra (up)`.
    pub role: String,
    /// True for an operand's signal (the channel comes in), false for a result's.
    pub operand: bool,
    /// The operand or result index.
    pub index: u32,
    /// True for signals that travel against data and valid (ready, upstream extras).
    pub against: bool,
}

/// One channel: one use of a value, from a producer's result to a consumer's operand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewChannel {
    /// The value's name as printed in the IR (`%5#1`, `%arg0`).
    pub name: String,
    /// The value's id in the function (to match simulator channels).
    pub value: u32,
    /// The full type: `channel<i32>`, `control<>`, `channel<i32, [spec: i1]>`, `memref<8xi32>`.
    pub ty: String,
    /// The C variable whose values it carries (`tmp`, `i`), if any.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub var: String,
    /// True for `control<…>` channels (no data).
    pub control: bool,
    /// True when the channel closes a loop (drawn upward).
    pub back: bool,
    /// Producing unit and its result index.
    pub from: (usize, u32),
    /// Consuming unit and its operand index.
    pub to: (usize, u32),
    /// The role of the producer's port, where it has one (`true`, `false`, `index`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub from_role: String,
    /// The role of the consumer's port, where it has one (`select`, `condition`, `address`,
    /// `data`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub to_role: String,
    /// SVG path data of the routed edge (empty if it could not be routed).
    pub path: String,
    /// The start point of the path (at the producer's port).
    #[serde(default)]
    pub tail: (f64, f64),
    /// The end point of the path (where the arrow head goes).
    pub head: (f64, f64),
    /// The hidden units the channel is drawn through, from producer to consumer (in a
    /// simplified view: buffers and forks); empty when drawn as is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub through: Vec<String>,
}

/// A basic block's box.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockBox {
    /// `bb3`.
    pub label: String,
    /// Its box, label band included.
    pub rect: Rect,
}

/// The whole graph view of one function.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GraphView {
    /// The function's name.
    pub func: String,
    /// Arguments, then operations in program order.
    pub units: Vec<ViewUnit>,
    /// One per use of a live value.
    pub channels: Vec<ViewChannel>,
    /// One per basic block that has units.
    pub blocks: Vec<BlockBox>,
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// The layout's counts (layers, crossings…).
    pub stats: LayoutStats,
}
