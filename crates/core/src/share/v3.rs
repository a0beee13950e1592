//! Version 3 of the share-link payload, read only (Rivulet now writes version 4): version 2's
//! document with the memory mode among the options. FROZEN like versions 1 and 2: change it
//! only by adding a new version.
//!
//! Payload = the envelope ([`super::envelope`]) of UTF-8 JSON:
//! ```json
//! {"files":[…],
//!  "options":{"buffers":"on-merges","clock_ns":"4","hdl":"vhdl","view":"graph","memory":"lsq"},
//!  "scene":{…}}
//! ```
//! `files` and `scene` are exactly version 2's, the options version 1's plus `memory` ∈
//! auto | lsq | token (the names of [`MemoryMode`], frozen too). Unknown fields are rejected.

use super::{envelope, v1, v2, ShareError, ShareState};
use crate::options::MemoryMode;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    files: Vec<v1::File>,
    options: Options,
    scene: v2::SceneDoc,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    buffers: crate::options::BufferAlgorithm,
    clock_ns: String,
    hdl: crate::options::Hdl,
    view: super::View,
    memory: MemoryMode,
}

/// The state of a payload (after `v3.`); not yet validated.
pub(super) fn decode(payload: &str) -> Result<ShareState, ShareError> {
    let json = envelope::unpack(payload)?;
    let doc: Doc =
        serde_json::from_slice(&json).map_err(|e| ShareError::BadDocument(e.to_string()))?;
    let o = doc.options;
    let options = options_from_doc(o.buffers, o.clock_ns, o.hdl, o.view, o.memory)?;
    Ok(ShareState {
        files: v1::files_from_doc(doc.files),
        options,
        scene: v2::scene_from_doc(doc.scene)?,
    })
}

/// The options of version 3's fields (version 4 adds the queue depth to them).
pub(super) fn options_from_doc(
    buffers: crate::options::BufferAlgorithm,
    clock_ns: String,
    hdl: crate::options::Hdl,
    view: super::View,
    memory: MemoryMode,
) -> Result<super::ShareOptions, ShareError> {
    let base = v1::Options {
        buffers,
        clock_ns,
        hdl,
        view,
    };
    let mut options = v1::options_from_doc(base)?;
    options.memory = memory;
    Ok(options)
}
