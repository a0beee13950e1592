//! Version 1 of the share-link payload, read only (Rivulet now writes version 2, which keeps
//! this document's `files` and `options`). FROZEN: links in the wild use this layout; change
//! it only by adding a new version module, never by editing this one.
//!
//! Payload = the envelope ([`super::envelope`]) of UTF-8 JSON:
//! ```json
//! {"files":[{"name":"fir.c","text":"…"}],
//!  "options":{"buffers":"on-merges","clock_ns":"4","hdl":"vhdl","view":"pipeline"}}
//! ```
//! `buffers` ∈ on-merges | fpga20 | fpl22 | none (`none` came later: older builds reject it);
//! `hdl` ∈ vhdl | verilog; `view` ∈ pipeline | graph | hardware | buffers | simulation | rtl:
//! the names of [`BufferAlgorithm`], [`Hdl`] and [`View`], which are therefore frozen too.
//! `clock_ns` is a decimal string (Rust's shortest round-trip formatting), so the period
//! survives exactly. Unknown fields and values are rejected.

use super::envelope;
use super::{Scene, ShareError, ShareOptions, ShareState, SharedFile, View};
use crate::options::{BufferAlgorithm, Hdl, MemoryMode};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    files: Vec<File>,
    options: Options,
}

/// A file of the document (version 2 keeps this layout).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct File {
    name: String,
    text: String,
}

/// The options of the document (version 2 keeps this layout; version 3 adds one field).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Options {
    pub(super) buffers: BufferAlgorithm,
    pub(super) clock_ns: String,
    pub(super) hdl: Hdl,
    pub(super) view: View,
}

/// The state of a payload (after `v1.`), with the default scene; not yet validated.
pub(super) fn decode(payload: &str) -> Result<ShareState, ShareError> {
    let json = envelope::unpack(payload)?;
    let doc: Doc =
        serde_json::from_slice(&json).map_err(|e| ShareError::BadDocument(e.to_string()))?;
    Ok(ShareState {
        files: files_from_doc(doc.files),
        options: options_from_doc(doc.options)?,
        scene: Scene::default(),
    })
}

pub(super) fn files_doc(files: &[SharedFile]) -> Vec<File> {
    files
        .iter()
        .map(|f| File {
            name: f.name.clone(),
            text: f.text.clone(),
        })
        .collect()
}

pub(super) fn files_from_doc(files: Vec<File>) -> Vec<SharedFile> {
    files
        .into_iter()
        .map(|f| SharedFile {
            name: f.name,
            text: f.text,
        })
        .collect()
}

pub(super) fn options_doc(o: &ShareOptions) -> Options {
    Options {
        buffers: o.buffer_algorithm,
        clock_ns: o.clock_period_ns.to_string(),
        hdl: o.hdl,
        view: o.view,
    }
}

pub(super) fn options_from_doc(o: Options) -> Result<ShareOptions, ShareError> {
    let clock_period_ns = o.clock_ns.parse::<f64>().map_err(|_| {
        ShareError::Invalid(format!("clock period {:?} is not a number", o.clock_ns))
    })?;
    Ok(ShareOptions {
        buffer_algorithm: o.buffers,
        clock_period_ns,
        hdl: o.hdl,
        view: o.view,
        // Memory modes came with version 3: older links were made when every circuit ordered
        // its memory accesses with the token.
        memory: MemoryMode::Token,
        lsq_depth: None,
    })
}
