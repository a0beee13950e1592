//! Share links: the whole state of the web app (sources and options) in a URL fragment.
//!
//! A link fragment is `v<version>.` followed by the payload of that version (the dot ends the
//! version number, since a payload may start with a digit). Every version's payload is
//! base64url (no padding) of the raw-deflate compression of a JSON document ([`envelope`]):
//! version 1 holds the sources and options ([`v1`]), version 2 adds the scene: selected unit,
//! simulation cycle, graph viewport, presentation mode ([`v2`]), version 3 the memory mode
//! ([`v3`]), version 4 the load-store queues' depth ([`v4`]). [`encode`] always writes the
//! newest version; [`decode`] reads every version ever written, so old links keep working
//! (a version 1 link opens with the default scene, links before version 3 with the token
//! ordering, the only memory mode there was when they were made, links before version 4 with
//! queue depths sized on the kernel's run).
//!
//! Invariants:
//! - [`decode`] never panics, whatever the input; malformed, truncated or oversized links give a
//!   [`ShareError`] that says what is wrong.
//! - For every [`ShareState`] that passes [`ShareState::validate`],
//!   `decode(&encode(&s)) == Ok(s)` (the sources byte for byte, the options and scene exactly).
//! - Decoding inflates at most [`MAX_PAYLOAD_BYTES`], so a small link cannot expand into a
//!   huge allocation.

mod envelope;
mod v1;
mod v2;
mod v3;
mod v4;

use crate::lower::MAX_LSQ_DEPTH;
use crate::options::{BufferAlgorithm, Hdl, MemoryMode};
use std::fmt;

/// The most bytes a link's payload may inflate to (sources included).
pub const MAX_PAYLOAD_BYTES: usize = 4 << 20;
/// The most files a shared state may hold.
pub const MAX_FILES: usize = 64;
/// The longest selected unit name a link may hold, in characters.
pub const MAX_UNIT_NAME: usize = 256;

/// One source file of the editor: the kernel (first) or a header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedFile {
    /// File name as shown on its tab, e.g. `fir.c` or `fir.h`.
    pub name: String,
    /// The file's text.
    pub text: String,
}

/// The view shown in the app's output pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum View {
    /// Passes run and the IR after each.
    #[default]
    Pipeline,
    /// The dataflow circuit as a graph.
    Graph,
    /// The selected unit's ports as wires.
    Hardware,
    /// Buffer placement results.
    Buffers,
    /// Cycle-accurate simulation.
    Simulation,
    /// Generated VHDL or Verilog.
    Rtl,
    /// Area and timing after logic synthesis (Yosys, run on request).
    Area,
}

crate::named_enum!(View, "view" {
    Pipeline => "pipeline",
    Graph => "graph",
    Hardware => "hardware",
    Buffers => "buffers",
    Simulation => "simulation",
    Rtl => "rtl",
    Area => "area",
});

/// The options of a compilation plus the selected view.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareOptions {
    /// Buffer placement algorithm.
    pub buffer_algorithm: BufferAlgorithm,
    /// Target clock period in nanoseconds (finite, > 0).
    pub clock_period_ns: f64,
    /// Language of the generated RTL.
    pub hdl: Hdl,
    /// The view shown.
    pub view: View,
    /// How memory accesses that may conflict are ordered.
    pub memory: MemoryMode,
    /// Every load-store queue's depth (1 to [`MAX_LSQ_DEPTH`]; `None`: sized on the kernel's
    /// run).
    pub lsq_depth: Option<usize>,
}

impl Default for ShareOptions {
    fn default() -> Self {
        ShareOptions {
            buffer_algorithm: BufferAlgorithm::default(),
            clock_period_ns: 4.0,
            hdl: Hdl::default(),
            view: View::default(),
            memory: MemoryMode::default(),
            lsq_depth: None,
        }
    }
}

/// A rectangle of the graph drawing's coordinates: the part of the circuit on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Left side.
    pub x: f64,
    /// Top side.
    pub y: f64,
    /// Width (finite, > 0).
    pub w: f64,
    /// Height (finite, > 0).
    pub h: f64,
}

/// What the viewer was looking at, beyond the selected view.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Scene {
    /// The selected unit, by name.
    pub unit: Option<String>,
    /// The simulation cycle shown (the link then runs the simulation).
    pub cycle: Option<u64>,
    /// The graph's visible rectangle.
    pub viewport: Option<Viewport>,
    /// Presentation mode (larger type, for projecting).
    pub presentation: bool,
}

/// Everything a share link restores.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ShareState {
    /// The kernel file first, then its headers, in tab order.
    pub files: Vec<SharedFile>,
    /// Options and selected view.
    pub options: ShareOptions,
    /// Selected unit, simulation cycle, viewport and presentation mode.
    pub scene: Scene,
}

/// Why a link could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// The fragment does not start with `v<digits>.`.
    MissingVersion,
    /// A version this build does not know (probably from a newer Rivulet).
    UnknownVersion(String),
    /// The payload is not base64url.
    BadEncoding,
    /// The payload does not inflate (truncated or corrupted link).
    BadCompression,
    /// The payload inflates to more than [`MAX_PAYLOAD_BYTES`].
    TooLarge,
    /// The inflated payload is not the expected document.
    BadDocument(String),
    /// The document is well formed but its content is not a valid state.
    Invalid(String),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::MissingVersion => write!(f, "the link has no version tag (expected #v4.…)"),
            ShareError::UnknownVersion(v) => write!(
                f,
                "the link has version {v}, which this version of Rivulet cannot read"
            ),
            ShareError::BadEncoding => write!(f, "the link contains characters outside base64url"),
            ShareError::BadCompression => {
                write!(
                    f,
                    "the link is truncated or corrupted (it does not decompress)"
                )
            }
            ShareError::TooLarge => write!(
                f,
                "the link expands to more than {} MiB",
                MAX_PAYLOAD_BYTES >> 20
            ),
            ShareError::BadDocument(why) => write!(f, "the link's content is malformed: {why}"),
            ShareError::Invalid(why) => write!(f, "the link's content is invalid: {why}"),
        }
    }
}

impl std::error::Error for ShareError {}

impl ShareState {
    /// Checks the invariants every decoded state satisfies: 1 to [`MAX_FILES`] files with
    /// distinct non-empty names, a finite positive clock period, a queue depth of 1 to
    /// [`MAX_LSQ_DEPTH`], a selected unit's name of at
    /// most [`MAX_UNIT_NAME`] characters and a viewport of finite numbers with a positive size.
    pub fn validate(&self) -> Result<(), ShareError> {
        if self.files.is_empty() {
            return Err(ShareError::Invalid("it holds no source file".into()));
        }
        if self.files.len() > MAX_FILES {
            return Err(ShareError::Invalid(format!(
                "it holds {} files (at most {MAX_FILES})",
                self.files.len()
            )));
        }
        for (i, file) in self.files.iter().enumerate() {
            if file.name.trim().is_empty() {
                return Err(ShareError::Invalid(format!("file {} has no name", i + 1)));
            }
            if self.files[..i].iter().any(|f| f.name == file.name) {
                return Err(ShareError::Invalid(format!(
                    "two files are named {:?}",
                    file.name
                )));
            }
        }
        let period = self.options.clock_period_ns;
        if !(period.is_finite() && period > 0.0) {
            return Err(ShareError::Invalid(format!(
                "clock period {period} is not a positive number"
            )));
        }
        if let Some(depth) = self.options.lsq_depth {
            if !(1..=MAX_LSQ_DEPTH).contains(&depth) {
                return Err(ShareError::Invalid(format!(
                    "queue depth {depth} is not between 1 and {MAX_LSQ_DEPTH}"
                )));
            }
        }
        if let Some(unit) = &self.scene.unit {
            if unit.is_empty() || unit.chars().count() > MAX_UNIT_NAME {
                return Err(ShareError::Invalid(format!(
                    "the selected unit's name has {} characters (1 to {MAX_UNIT_NAME})",
                    unit.chars().count()
                )));
            }
        }
        if let Some(v) = self.scene.viewport {
            let finite = [v.x, v.y, v.w, v.h].iter().all(|n| n.is_finite());
            if !(finite && v.w > 0.0 && v.h > 0.0) {
                return Err(ShareError::Invalid(format!(
                    "viewport {} {} {} {} is not a rectangle of positive size",
                    v.x, v.y, v.w, v.h
                )));
            }
        }
        Ok(())
    }
}

/// Encodes a state as a link fragment (without the `#`), in the newest version.
pub fn encode(state: &ShareState) -> String {
    format!("v4.{}", v4::encode(state))
}

/// Decodes a link fragment (with or without its leading `#`) of any known version.
pub fn decode(fragment: &str) -> Result<ShareState, ShareError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let rest = fragment
        .strip_prefix('v')
        .ok_or(ShareError::MissingVersion)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(ShareError::MissingVersion);
    }
    let (version, payload) = rest.split_at(digits);
    let payload = payload
        .strip_prefix('.')
        .ok_or(ShareError::MissingVersion)?;
    let state = match version {
        "1" => v1::decode(payload)?,
        "2" => v2::decode(payload)?,
        "3" => v3::decode(payload)?,
        "4" => v4::decode(payload)?,
        other => return Err(ShareError::UnknownVersion(other.chars().take(12).collect())),
    };
    state.validate()?;
    Ok(state)
}
