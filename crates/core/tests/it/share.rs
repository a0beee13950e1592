//! Share-link codec: round trips, frozen v1, v2 and v3 test vectors, v3's memory mode, v4's
//! queue depth, every error kind, and
//! robustness against truncated, corrupted and random links (decode must never panic).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use proptest::prelude::*;
use rivulet_core::lower::MAX_LSQ_DEPTH;
use rivulet_core::options::{BufferAlgorithm, Hdl, MemoryMode};
use rivulet_core::share::{
    decode, encode, Scene, ShareError, ShareOptions, ShareState, SharedFile, View, Viewport,
};

fn file(name: &str, text: &str) -> SharedFile {
    SharedFile {
        name: name.into(),
        text: text.into(),
    }
}

/// The state behind [`V1_VECTOR`].
fn vector_state() -> ShareState {
    ShareState {
        files: vec![
            file(
                "gcd.c",
                "#include \"gcd.h\"\nunsigned gcd(unsigned a, unsigned b) {\n  while (b != 0) { unsigned t = a % b; a = b; b = t; }\n  return a;\n}\n",
            ),
            file("gcd.h", "#define N 8 // é ✓\n"),
        ],
        options: ShareOptions {
            buffer_algorithm: BufferAlgorithm::Fpga20,
            clock_period_ns: 5.5,
            hdl: Hdl::Verilog,
            view: View::Graph,
            // Links before version 3 were made when the token was the only memory ordering.
            memory: MemoryMode::Token,
            lsq_depth: None,
        },
        scene: Scene::default(),
    }
}

/// The state behind [`V2_VECTOR`]: the v1 vector's with a scene.
fn scene_state() -> ShareState {
    ShareState {
        scene: Scene {
            unit: Some("cmpi0".into()),
            cycle: Some(42),
            viewport: Some(Viewport {
                x: -16.0,
                y: 120.5,
                w: 832.25,
                h: 0.1,
            }),
            presentation: true,
        },
        ..vector_state()
    }
}

/// A link written by the first version of the codec. It must decode forever.
const V1_VECTOR: &str = "v1.VU9dSsNAEL7KOCJUCG0RCtKQK3gBV2R_ZrOL6yRsN60QcgpfvYDn8CaexFkfqn36fubvmxl9THTA_eOMrF8J99hbt7bYYKG3IvI6sk2TI1C_laBQ8cSH2DM5EGd1FrqBMze3MCsGOAVZDysDVx1sxfvrKNCBhhswrUBXwQiUFpY6l6lMmUG3ikXj0lzEC__iOfKRCR7gHjYb-PqE74_3OvHU4DCWOLA8N6OZvKcsFP3Y67utLLBpsC_PtYy79U6M4JLwI-WYhl70MdKpHsx6DLgsPw";

#[test]
fn the_v1_test_vector_still_decodes() {
    assert_eq!(decode(V1_VECTOR), Ok(vector_state()));
    assert_eq!(decode(&format!("#{V1_VECTOR}")), Ok(vector_state()));
}

/// A link written by the second version of the codec. It must decode forever.
const V2_VECTOR: &str = "v2.VU9RToRADL1KrTFZE2RZFLOBcAUvIMYMQ4GJbCHDsKshnMJfL-A5vIknsbMmq_vVvte-19cZa9PRiOnjjKx2hCk2ugo1Bujo1Qm8NKy7qSIojpO2wIInHk3DVIEwqxNQAZz68hrmggEOrdjDqoSLHCLh_jYc5KDgCspMSu5LKcVlsHidJTdZBpUVLBiX4Cxe-y9eRbVhggfYwnoNX5_w_fHuFU8B9oMzPctzM5ZTXZOVFuuhUXEkBrrr9cuzH2MSJkK0VSf9nqzp-kbw3tDBH7RqaCUBjpqYvNnExp_Wu8Ecjd50J_xd_CsZeuunN5t72MRRmMD2Ng7jBKJwI8uDpZHYKZ8MU2cnWpYf";

#[test]
fn the_v2_test_vector_still_decodes() {
    assert_eq!(decode(V2_VECTOR), Ok(scene_state()));
}

/// The state behind [`V3_VECTOR`]: the v2 vector's with queues.
fn lsq_state() -> ShareState {
    ShareState {
        options: ShareOptions {
            memory: MemoryMode::Lsq,
            ..scene_state().options
        },
        ..scene_state()
    }
}

/// A link written by the third version of the codec. It must decode forever.
const V3_VECTOR: &str = "v3.VU_RTcNADF3FGCEVKaRpIKhq1RVYgCB0uTjJiYsTLpeWKsoU_LIAc7AJk-ADqcDX83u2n58nrIylATf3E7JqCTdY6zLWGKGnFy_03LC2Y0mQf3eaHHMeeTA1UwmiLE5ERXCqi0uYcgY4NGIPiwLOdpCI9jvhYQcKLqDYCuwCFAJ-C3PYc-RHx6C2OQvHOfoXr_kTr6TKMMEdrGG5hI93-Hx7DRsPEXa9Nx3LcxMWY1WRkxKrvlZpIgbadvrpMbQxizMRmtJKvSdnbFcL3xs6hINO9eFgS23njiLY4VkC4aCJKXiPbEIS3fbm2_eoreg36Y9D37nQvVrdwipN4gzW12mcZpDEKxnuHQ3EXoWguPFupHn-Ag";

#[test]
fn the_v3_test_vector_still_decodes() {
    assert_eq!(decode(V3_VECTOR), Ok(lsq_state()));
}

#[test]
fn encode_writes_v4_and_round_trips_the_vector_states() {
    let deep = ShareState {
        options: ShareOptions {
            lsq_depth: Some(12),
            ..lsq_state().options
        },
        ..lsq_state()
    };
    for state in [vector_state(), scene_state(), lsq_state(), deep] {
        let link = encode(&state);
        assert!(link.starts_with("v4."), "{link}");
        assert!(link[3..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(decode(&link), Ok(state));
    }
}

#[test]
fn a_v2_scene_may_leave_out_every_field() {
    let json = br#"{"files":[{"name":"a.c","text":""}],"options":{"buffers":"fpga20","clock_ns":"4","hdl":"vhdl","view":"graph"},"scene":{}}"#;
    let state = decode(&payload_v(2, json)).expect("decodes");
    assert_eq!(state.scene, Scene::default());
}

#[test]
fn v3_options_carry_the_memory_mode_and_reject_unknown_ones() {
    let doc = |memory: &str| {
        format!(
            r#"{{"files":[{{"name":"a.c","text":""}}],"options":{{"buffers":"fpga20","clock_ns":"4","hdl":"vhdl","view":"graph","memory":"{memory}"}},"scene":{{}}}}"#
        )
    };
    let state = decode(&payload_v(3, doc("auto").as_bytes())).expect("decodes");
    assert_eq!(state.options.memory, MemoryMode::Auto);
    assert!(matches!(
        decode(&payload_v(3, doc("fifo").as_bytes())),
        Err(ShareError::BadDocument(_))
    ));
}

#[test]
fn v4_options_carry_the_queue_depth_and_reject_depths_out_of_range() {
    let doc = |depth: &str| {
        format!(
            r#"{{"files":[{{"name":"a.c","text":""}}],"options":{{"buffers":"fpga20","clock_ns":"4","hdl":"vhdl","view":"graph","memory":"auto","lsq_depth":{depth}}},"scene":{{}}}}"#
        )
    };
    let state = decode(&payload_v(4, doc("16").as_bytes())).expect("decodes");
    assert_eq!(state.options.lsq_depth, Some(16));
    let state = decode(&payload_v(4, doc("null").as_bytes())).expect("decodes");
    assert_eq!(state.options.lsq_depth, None);
    for bad in ["0", "65"] {
        assert!(
            matches!(
                decode(&payload_v(4, doc(bad).as_bytes())),
                Err(ShareError::Invalid(ref why)) if why.contains("queue depth")
            ),
            "{bad}"
        );
    }
    for malformed in ["-1", "\"deep\""] {
        assert!(
            matches!(
                decode(&payload_v(4, doc(malformed).as_bytes())),
                Err(ShareError::BadDocument(_))
            ),
            "{malformed}"
        );
    }
}

#[test]
fn every_error_kind_is_reported() {
    assert_eq!(decode(""), Err(ShareError::MissingVersion));
    assert_eq!(decode("#hello"), Err(ShareError::MissingVersion));
    assert_eq!(decode("vx1"), Err(ShareError::MissingVersion));
    assert_eq!(decode("v1abc"), Err(ShareError::MissingVersion));
    assert_eq!(
        decode("v99.abc"),
        Err(ShareError::UnknownVersion("99".into()))
    );
    assert_eq!(decode("v1.<script>"), Err(ShareError::BadEncoding));
    assert_eq!(decode("v2.<script>"), Err(ShareError::BadEncoding));
    assert_eq!(decode("v1.AAAA"), Err(ShareError::BadCompression));
    assert!(matches!(
        decode(&payload(b"not json")),
        Err(ShareError::BadDocument(_))
    ));
    assert!(matches!(
        decode(&payload(br#"{"files":[],"options":{"buffers":"on-merges","clock_ns":"4","hdl":"vhdl","view":"rtl"},"extra":1}"#)),
        Err(ShareError::BadDocument(_))
    ));
    assert!(matches!(
        decode(&payload(br#"{"files":[],"options":{"buffers":"magic","clock_ns":"4","hdl":"vhdl","view":"rtl"}}"#)),
        Err(ShareError::BadDocument(_))
    ));
    let invalid = |state: ShareState| match decode(&encode(&state)) {
        Err(ShareError::Invalid(why)) => why,
        other => panic!("expected Invalid, got {other:?}"),
    };
    let mut s = vector_state();
    s.files.clear();
    assert!(invalid(s).contains("no source file"));
    let mut s = vector_state();
    s.files[1].name = "gcd.c".into();
    assert!(invalid(s).contains("two files"));
    let mut s = vector_state();
    s.files[0].name = " ".into();
    assert!(invalid(s).contains("no name"));
    let mut s = vector_state();
    s.options.clock_period_ns = -1.0;
    assert!(invalid(s).contains("clock period"));
    assert!(matches!(
        decode(&payload(br#"{"files":[{"name":"a.c","text":""}],"options":{"buffers":"on-merges","clock_ns":"fast","hdl":"vhdl","view":"rtl"}}"#)),
        Err(ShareError::Invalid(_))
    ));
    let mut s = scene_state();
    s.scene.unit = Some(String::new());
    assert!(invalid(s).contains("selected unit"));
    let mut s = scene_state();
    s.scene.unit = Some("u".repeat(rivulet_core::share::MAX_UNIT_NAME + 1));
    assert!(invalid(s).contains("selected unit"));
    for bad in [f64::NAN, f64::INFINITY, 0.0, -3.0] {
        let mut s = scene_state();
        s.scene.viewport.as_mut().unwrap().w = bad;
        assert!(invalid(s).contains("viewport"), "width {bad}");
    }
    let scene = |viewport: &str| {
        format!(
            r#"{{"files":[{{"name":"a.c","text":""}}],"options":{{"buffers":"fpga20","clock_ns":"4","hdl":"vhdl","view":"graph"}},"scene":{{"viewport":"{viewport}"}}}}"#
        )
    };
    for bad in ["1 2 3", "1 2 3 4 5", "a b c d", "1  2 3 4", ""] {
        assert!(
            matches!(
                decode(&payload_v(2, scene(bad).as_bytes())),
                Err(ShareError::Invalid(_))
            ),
            "viewport {bad:?}"
        );
    }
    assert!(matches!(
        decode(&payload_v(2, br#"{"files":[{"name":"a.c","text":""}],"options":{"buffers":"fpga20","clock_ns":"4","hdl":"vhdl","view":"graph"},"scene":{"zoom":2}}"#)),
        Err(ShareError::BadDocument(_))
    ));
}

#[test]
fn a_compression_bomb_is_refused() {
    let big = vec![b' '; rivulet_core::share::MAX_PAYLOAD_BYTES + 1];
    assert_eq!(decode(&payload(&big)), Err(ShareError::TooLarge));
}

#[test]
fn every_truncation_of_a_link_is_an_error() {
    let link = encode(&vector_state());
    for cut in 0..link.len() {
        assert!(
            decode(&link[..cut]).is_err(),
            "prefix of length {cut} decoded"
        );
    }
}

#[test]
fn errors_read_as_sentences() {
    let text = ShareError::BadCompression.to_string();
    assert!(text.contains("truncated or corrupted"), "{text}");
    assert!(ShareError::UnknownVersion("7".into())
        .to_string()
        .contains("version 7"));
}

/// A v1 link whose inflated payload is `json`.
fn payload(json: &[u8]) -> String {
    payload_v(1, json)
}

/// A link of `version` whose inflated payload is `json`.
fn payload_v(version: u32, json: &[u8]) -> String {
    format!(
        "v{version}.{}",
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(json, 6))
    )
}

fn any_state() -> impl Strategy<Value = ShareState> {
    let files = prop::collection::vec(("[a-z_]{1,8}\\.[ch]", any::<String>()), 1..5);
    let options = (
        prop::sample::select(BufferAlgorithm::ALL),
        prop_oneof![
            0.01f64..1000.0,
            any::<f64>().prop_filter("positive", |p| p.is_finite() && *p > 0.0)
        ],
        prop::sample::select(Hdl::ALL),
        prop::sample::select(View::ALL),
        prop::sample::select(MemoryMode::ALL),
        prop::option::of(1..=MAX_LSQ_DEPTH),
    );
    let viewport = (
        -1e6f64..1e6,
        -1e6f64..1e6,
        prop_oneof![1e-3f64..1e6, Just(f64::MIN_POSITIVE)],
        1e-3f64..1e6,
    )
        .prop_map(|(x, y, w, h)| Viewport { x, y, w, h });
    let scene = (
        prop::option::of("[a-z_0-9]{1,12}"),
        prop::option::of(any::<u64>()),
        prop::option::of(viewport),
        any::<bool>(),
    )
        .prop_map(|(unit, cycle, viewport, presentation)| Scene {
            unit,
            cycle,
            viewport,
            presentation,
        });
    (files, options, scene).prop_map(|(files, (b, clock, hdl, view, memory, lsq_depth), scene)| {
        ShareState {
            // Distinct names: prefix each with its position.
            files: files
                .into_iter()
                .enumerate()
                .map(|(i, (name, text))| file(&format!("{i}{name}"), &text))
                .collect(),
            options: ShareOptions {
                buffer_algorithm: b,
                clock_period_ns: clock,
                hdl,
                view,
                memory,
                lsq_depth,
            },
            scene,
        }
    })
}

proptest! {
    #[test]
    fn valid_states_round_trip(state in any_state()) {
        prop_assert_eq!(decode(&encode(&state)), Ok(state));
    }

    #[test]
    fn random_text_never_panics(text in ".{0,300}") {
        let _ = decode(&text);
        let _ = decode(&format!("v1.{text}"));
        let _ = decode(&format!("v2.{text}"));
        let _ = decode(&format!("v3.{text}"));
        let _ = decode(&format!("v4.{text}"));
    }

    #[test]
    fn random_base64_never_panics(text in "[A-Za-z0-9_-]{0,400}") {
        let _ = decode(&format!("v1.{text}"));
        let _ = decode(&format!("v2.{text}"));
        let _ = decode(&format!("v3.{text}"));
        let _ = decode(&format!("v4.{text}"));
    }

    #[test]
    fn corrupted_links_never_panic(state in any_state(), at in any::<prop::sample::Index>(), with in "[A-Za-z0-9_-]") {
        let mut link = encode(&state);
        let i = 3 + at.index(link.len() - 3);
        link.replace_range(i..i + 1, &with);
        if let Ok(back) = decode(&link) {
            prop_assert!(back.validate().is_ok());
        }
    }
}
