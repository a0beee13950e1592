//! Version 1 of the share-link payload. FROZEN: links in the wild use this layout; change it
//! only by adding a new version module, never by editing this one.
//!
//! Payload = base64url without padding (RFC 4648 §5) of raw deflate (RFC 1951) of UTF-8 JSON:
//! ```json
//! {"files":[{"name":"fir.c","text":"…"}],
//!  "options":{"buffers":"on-merges","clock_ns":"4","hdl":"vhdl","view":"pipeline"}}
//! ```
//! `buffers` ∈ on-merges | fpga20 | fpl22 | none (`none` came later: older builds reject it);
//! `hdl` ∈ vhdl | verilog; `view` ∈ pipeline | graph | hardware | buffers | simulation | rtl:
//! the names of [`BufferAlgorithm`], [`Hdl`] and [`View`], which are therefore frozen too.
//! `clock_ns` is a decimal string (Rust's shortest round-trip formatting), so the period
//! survives exactly. Unknown fields and values are rejected.

use super::MAX_PAYLOAD_BYTES;
use super::{ShareError, ShareOptions, ShareState, SharedFile, View};
use crate::options::{BufferAlgorithm, Hdl};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

/// Deflate level: the best ratio; links are small, so speed does not matter.
const LEVEL: u8 = 9;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    files: Vec<File>,
    options: Options,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: String,
    text: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    buffers: BufferAlgorithm,
    clock_ns: String,
    hdl: Hdl,
    view: View,
}

/// The payload (after `v1.`) of a state.
pub(super) fn encode(state: &ShareState) -> String {
    let doc = to_doc(state);
    // Serializing plain strings and enums into a Vec cannot fail.
    let json = serde_json::to_vec(&doc).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&json, LEVEL))
}

/// The state of a payload (after `v1.`); not yet validated.
pub(super) fn decode(payload: &str) -> Result<ShareState, ShareError> {
    let compressed = URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| ShareError::BadEncoding)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_PAYLOAD_BYTES)
        .map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
        _ => ShareError::BadCompression,
    })?;
    let doc: Doc =
        serde_json::from_slice(&json).map_err(|e| ShareError::BadDocument(e.to_string()))?;
    from_doc(doc)
}

fn to_doc(state: &ShareState) -> Doc {
    let o = &state.options;
    Doc {
        files: state
            .files
            .iter()
            .map(|f| File {
                name: f.name.clone(),
                text: f.text.clone(),
            })
            .collect(),
        options: Options {
            buffers: o.buffer_algorithm,
            clock_ns: o.clock_period_ns.to_string(),
            hdl: o.hdl,
            view: o.view,
        },
    }
}

fn from_doc(doc: Doc) -> Result<ShareState, ShareError> {
    let o = doc.options;
    let clock_period_ns = o.clock_ns.parse::<f64>().map_err(|_| {
        ShareError::Invalid(format!("clock period {:?} is not a number", o.clock_ns))
    })?;
    Ok(ShareState {
        files: doc
            .files
            .into_iter()
            .map(|f| SharedFile {
                name: f.name,
                text: f.text,
            })
            .collect(),
        options: ShareOptions {
            buffer_algorithm: o.buffers,
            clock_period_ns,
            hdl: o.hdl,
            view: o.view,
        },
    })
}
