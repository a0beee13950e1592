//! Version 4 of the share-link payload: version 3's document with the load-store queues'
//! depth among the options. FROZEN like versions 1 to 3: change it only by adding a new
//! version.
//!
//! Payload = the envelope ([`super::envelope`]) of UTF-8 JSON:
//! ```json
//! {"files":[…],
//!  "options":{"buffers":"fpga20","clock_ns":"4","hdl":"vhdl","view":"graph","memory":"lsq",
//!             "lsq_depth":8},
//!  "scene":{…}}
//! ```
//! `files` and `scene` are exactly version 2's, the options version 3's plus `lsq_depth`:
//! every queue's depth as the user set it (the CLI's `--lsq-depth`), or `null` for depths
//! sized on the kernel's run. Unknown fields are rejected.

use super::{envelope, v1, v2, v3, ShareError, ShareState};
use crate::options::MemoryMode;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    files: Vec<v1::File>,
    options: Options,
    scene: v2::SceneDoc,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    buffers: crate::options::BufferAlgorithm,
    clock_ns: String,
    hdl: crate::options::Hdl,
    view: super::View,
    memory: MemoryMode,
    lsq_depth: Option<usize>,
}

/// The payload (after `v4.`) of a state.
pub(super) fn encode(state: &ShareState) -> String {
    let o = v1::options_doc(&state.options);
    let doc = Doc {
        files: v1::files_doc(&state.files),
        options: Options {
            buffers: o.buffers,
            clock_ns: o.clock_ns,
            hdl: o.hdl,
            view: o.view,
            memory: state.options.memory,
            lsq_depth: state.options.lsq_depth,
        },
        scene: v2::scene_doc(&state.scene),
    };
    // Serializing plain strings, numbers and enums into a Vec cannot fail.
    envelope::pack(&serde_json::to_vec(&doc).unwrap_or_default())
}

/// The state of a payload (after `v4.`); not yet validated.
pub(super) fn decode(payload: &str) -> Result<ShareState, ShareError> {
    let json = envelope::unpack(payload)?;
    let doc: Doc =
        serde_json::from_slice(&json).map_err(|e| ShareError::BadDocument(e.to_string()))?;
    let o = doc.options;
    let mut options = v3::options_from_doc(o.buffers, o.clock_ns, o.hdl, o.view, o.memory)?;
    options.lsq_depth = o.lsq_depth;
    Ok(ShareState {
        files: v1::files_from_doc(doc.files),
        options,
        scene: v2::scene_from_doc(doc.scene)?,
    })
}
