//! Version 2 of the share-link payload, read only (Rivulet now writes version 4, which keeps
//! this document's scene): version 1's document plus the scene (what the viewer was looking
//! at). FROZEN like version 1: change it only by adding a new version.
//!
//! Payload = the envelope ([`super::envelope`]) of UTF-8 JSON:
//! ```json
//! {"files":[…], "options":{…},
//!  "scene":{"unit":"addi3","cycle":42,"viewport":"-16 -16 832 632","presentation":true}}
//! ```
//! `files` and `options` are exactly version 1's. Every field of `scene` may be left out:
//! `unit` is the selected unit's name, `cycle` the simulation cycle shown, `viewport` the
//! graph's visible rectangle as `x y w h` (each in Rust's shortest round-trip formatting, so
//! it survives exactly), `presentation` the presentation mode (false when absent). Unknown
//! fields are rejected.

use super::v1;
use super::{envelope, Scene, ShareError, ShareState, Viewport};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    files: Vec<v1::File>,
    options: v1::Options,
    scene: SceneDoc,
}

/// The scene of the document (versions 3 and 4 keep this layout).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SceneDoc {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cycle: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    viewport: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    presentation: bool,
}

/// The state of a payload (after `v2.`); not yet validated.
pub(super) fn decode(payload: &str) -> Result<ShareState, ShareError> {
    let json = envelope::unpack(payload)?;
    let doc: Doc =
        serde_json::from_slice(&json).map_err(|e| ShareError::BadDocument(e.to_string()))?;
    Ok(ShareState {
        files: v1::files_from_doc(doc.files),
        options: v1::options_from_doc(doc.options)?,
        scene: scene_from_doc(doc.scene)?,
    })
}

pub(super) fn scene_doc(s: &Scene) -> SceneDoc {
    SceneDoc {
        unit: s.unit.clone(),
        cycle: s.cycle,
        viewport: s
            .viewport
            .map(|v| format!("{} {} {} {}", v.x, v.y, v.w, v.h)),
        presentation: s.presentation,
    }
}

pub(super) fn scene_from_doc(s: SceneDoc) -> Result<Scene, ShareError> {
    Ok(Scene {
        viewport: s.viewport.as_deref().map(parse_viewport).transpose()?,
        unit: s.unit,
        cycle: s.cycle,
        presentation: s.presentation,
    })
}

fn parse_viewport(text: &str) -> Result<Viewport, ShareError> {
    let bad = || ShareError::Invalid(format!("viewport {text:?} is not four numbers"));
    let numbers = text
        .split(' ')
        .map(|n| n.parse::<f64>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    match numbers[..] {
        [x, y, w, h] => Ok(Viewport { x, y, w, h }),
        _ => Err(bad()),
    }
}
