//! Fuzzes share-link decoding: any fragment must decode to a state or a `ShareError`, never
//! panic. The input is tried as a fragment as is, and wrapped in a well-formed version-1
//! and version-2 envelope (raw deflate, base64url) so the fuzzer reaches the JSON layer too. Whatever decodes
//! must pass `validate` and survive an encode/decode round trip unchanged.

#![no_main]

use base64::Engine;
use libfuzzer_sys::fuzz_target;
use rivulet_core::share::{decode, encode};

fuzz_target!(|data: &[u8]| {
    let raw = String::from_utf8_lossy(data);
    let deflated = miniz_oxide::deflate::compress_to_vec(data, 6);
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflated);
    let (v1, v2) = (format!("v1.{payload}"), format!("v2.{payload}"));
    for fragment in [raw.as_ref(), v1.as_str(), v2.as_str()] {
        if let Ok(state) = decode(fragment) {
            assert!(state.validate().is_ok());
            assert_eq!(decode(&encode(&state)).as_ref(), Ok(&state));
        }
    }
});
