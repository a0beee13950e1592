//! The envelope every share-link version wraps its JSON document in: raw deflate (RFC 1951),
//! then base64url without padding (RFC 4648 §5). Unpacking inflates at most
//! [`MAX_PAYLOAD_BYTES`].

use super::{ShareError, MAX_PAYLOAD_BYTES};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

/// Deflate level: the best ratio; links are small, so speed does not matter.
const LEVEL: u8 = 9;

/// The payload carrying `json`.
pub(super) fn pack(json: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(json, LEVEL))
}

/// The document a payload carries.
pub(super) fn unpack(payload: &str) -> Result<Vec<u8>, ShareError> {
    let compressed = URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| ShareError::BadEncoding)?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_PAYLOAD_BYTES).map_err(
        |e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
            _ => ShareError::BadCompression,
        },
    )
}
