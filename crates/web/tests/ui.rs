//! UI tests in headless Chromium (wasm-bindgen-test): each test mounts the app (or the
//! workbench with a session it controls) in a fresh container and checks the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use rivulet_core::diag::Severity;
use rivulet_core::diag::{Diagnostic, SourceMap, Span};
use rivulet_core::driver::Compiled;
use rivulet_core::driver::StageGroup;
use rivulet_core::options::{BufferAlgorithm, Hdl};
use rivulet_core::share::{self, Scene, ShareOptions, ShareState, SharedFile, View, Viewport};
use rivulet_web::client::CompileStatus;
use rivulet_web::examples::{default_example, find, EXAMPLES};
use rivulet_web::protocol::{
    CompileOutcome, WireDiagnostic, WireFile, WireOptions, WireSimulation,
};
use rivulet_web::share_link::restore_from_fragment;
use rivulet_web::state::{provide_session, Session};
use rivulet_web::worker::compile::compile_keeping;
use rivulet_web::worker::simulate::simulate;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A mounted workbench: its container and the session driving it.
struct Mounted {
    root: web_sys::HtmlElement,
    session: Session,
    _handle: leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>,
}

impl Mounted {
    fn get(&self, id: &str) -> web_sys::Element {
        self.root
            .query_selector(&format!("[data-testid='{id}']"))
            .unwrap()
            .unwrap_or_else(|| panic!("no element with data-testid={id}"))
    }

    fn all(&self, selector: &str) -> u32 {
        self.root.query_selector_all(selector).unwrap().length()
    }

    fn text(&self, id: &str) -> String {
        self.get(id).text_content().unwrap_or_default()
    }

    fn click(&self, id: &str) {
        self.get(id)
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
    }

    fn editor(&self) -> String {
        self.get("editor")
            .unchecked_into::<web_sys::HtmlTextAreaElement>()
            .value()
    }
}

/// Lets the reactive system and the DOM catch up (effects run in later tasks).
async fn settle() {
    let wait = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(wait).await.unwrap();
}

async fn mount() -> Mounted {
    let document = web_sys::window().unwrap().document().unwrap();
    let root: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let slot = Rc::new(Cell::new(None));
    let out = slot.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        out.set(Some(provide_session(default_example())));
        view! { <rivulet_web::Workbench /> }.into_any()
    });
    settle().await;
    Mounted {
        root,
        session: slot.take().unwrap(),
        _handle: handle,
    }
}

#[wasm_bindgen_test]
async fn the_default_example_is_highlighted_with_line_numbers() {
    let app = mount().await;
    assert_eq!(app.text("version"), rivulet_core::banner());
    assert!(app.editor().contains("CALL_KERNEL(fir"));
    assert!(app.all("[data-testid='highlight'] .tok-kw") > 3);
    assert!(app.all("[data-testid='highlight'] .tok-pre") >= 2);
    let lines = app.editor().split('\n').count();
    let gutter = app.text("line-numbers");
    assert_eq!(gutter.lines().count(), lines);
    assert_eq!(app.text("caret"), "Ln 1, Col 1");
}

#[wasm_bindgen_test]
async fn examples_load_their_kernel_and_header_tabs() {
    assert!(EXAMPLES.len() >= 12);
    let app = mount().await;
    app.click("example-gcd");
    settle().await;
    assert!(app.editor().contains("gcd("));
    assert_eq!(app.all(".tab-name"), 1);
    app.click("example-matvec");
    settle().await;
    assert_eq!(app.text("tab-1"), "matvec.h");
    app.click("tab-1");
    settle().await;
    assert_eq!(app.editor(), find("matvec").unwrap().header.unwrap());
}

#[wasm_bindgen_test]
async fn an_example_picked_over_edited_code_can_be_undone() {
    let app = mount().await;
    app.click("example-gcd");
    settle().await;
    // Unedited: no notice, nothing to undo.
    app.click("example-median3");
    settle().await;
    assert_eq!(app.all("[data-testid='undo-example']"), 0);
    app.session
        .files
        .update(|f| f[0].text.push_str("// mine\n"));
    app.click("example-gcd");
    settle().await;
    assert!(app
        .text("load-message")
        .contains("edited code was replaced"));
    assert!(app.editor().contains("gcd("));
    app.click("undo-example");
    settle().await;
    assert!(app.editor().ends_with("// mine\n"));
    assert_eq!(app.text("tab-0"), "median3.c");
    assert_eq!(app.all("[data-testid='load-message']"), 0);
    // The blank kernel is in the menu and loads as kernel.c.
    app.click("example-kernel");
    settle().await;
    assert_eq!(app.text("tab-0"), "kernel.c");
    assert!(app.editor().contains("CALL_KERNEL(kernel"));
}

#[wasm_bindgen_test]
async fn pasted_code_calling_another_kernel_offers_to_rename_the_tabs() {
    let app = mount().await;
    app.click("example-fir");
    settle().await;
    assert_eq!(app.all("[data-testid='kernel-name-check']"), 0);
    app.session.files.update(|f| {
        f[0].text = "#include \"dot.h\"\nint dot(int a) { return a; }\nint main(void) { CALL_KERNEL(dot, 1); return 0; }\n".into()
    });
    settle().await;
    assert!(app
        .text("kernel-name-check")
        .contains("main calls the kernel dot"));
    app.click("rename-kernel");
    settle().await;
    assert_eq!(app.text("tab-0"), "dot.c");
    assert_eq!(app.text("tab-1"), "dot.h");
    assert_eq!(app.all("[data-testid='kernel-name-check']"), 0);
}

#[wasm_bindgen_test]
async fn results_of_changed_code_are_marked_stale_and_option_changes_recompile() {
    let app = mount().await;
    app.session.options.update(|o| o.view = View::Pipeline);
    assert_eq!(app.all("[data-testid='stale']"), 0);
    // Without a compilation an option change compiles nothing.
    app.session.change_options(|o| o.clock_period_ns = 7.0);
    assert_eq!(
        app.session.compiler.status.get_untracked(),
        CompileStatus::Idle
    );
    let (outcome, _) = compile_here(
        app.session
            .files
            .get_untracked()
            .into_iter()
            .map(|f| (f.name, f.text))
            .collect(),
        Hdl::Vhdl,
    );
    app.session.compile();
    app.session.compiler.outcome.set(Some(outcome));
    app.session.compiler.status.set(CompileStatus::Done);
    settle().await;
    assert_eq!(app.all("[data-testid='stale']"), 0);
    app.session.files.update(|f| f[0].text.push(' '));
    settle().await;
    assert!(app.text("stale").contains("Compile (Ctrl+Enter)"));
    assert!(app.get("view-body").class_list().contains("stale"));
    // A new compilation of the changed code is current again.
    app.session.compile();
    settle().await;
    assert_eq!(app.all("[data-testid='stale']"), 0);
    // Changing the view does not recompile; changing an option does.
    app.session.compiler.status.set(CompileStatus::Done);
    app.session.change_options(|o| o.view = View::Graph);
    assert_eq!(
        app.session.compiler.status.get_untracked(),
        CompileStatus::Done
    );
    app.session
        .change_options(|o| o.buffer_algorithm = BufferAlgorithm::Fpga20);
    assert_ne!(
        app.session.compiler.status.get_untracked(),
        CompileStatus::Done
    );
}

#[wasm_bindgen_test]
async fn header_tabs_can_be_added_renamed_and_deleted() {
    let app = mount().await;
    let before = app.session.files.get_untracked().len();
    app.click("add-header");
    settle().await;
    assert_eq!(app.session.files.get_untracked().len(), before + 1);
    assert_eq!(app.session.active.get_untracked(), before);
    app.click(&format!("rename-tab-{before}"));
    settle().await;
    let input: web_sys::HtmlInputElement = app.get("rename-input").unchecked_into();
    input.set_value("sizes.h");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    input.focus().unwrap();
    input.blur().unwrap();
    settle().await;
    assert_eq!(app.text(&format!("tab-{before}")), "sizes.h");
    app.click(&format!("delete-tab-{before}"));
    settle().await;
    assert_eq!(app.session.files.get_untracked().len(), before);
}

#[wasm_bindgen_test]
async fn injected_diagnostics_show_in_the_list_gutter_and_code() {
    let app = mount().await;
    let files = app.session.files.get_untracked();
    let mut sources = SourceMap::new();
    let kernel = sources.add(files[0].name.as_str(), files[0].text.as_str());
    let offset = files[0].text.find("CALL_KERNEL").unwrap() as u32;
    let d = Diagnostic::error("CALL_KERNEL needs <named> arguments")
        .with_span(Span::new(kernel, offset, offset + 11))
        .with_note("see the corpus README");
    let wire = WireDiagnostic::from_core(&sources, &d);
    let expected = sources.line_col(kernel, offset);
    app.session.compiler.outcome.set(Some(CompileOutcome {
        compiler: "test".into(),
        diagnostics: vec![wire],
        ..CompileOutcome::default()
    }));
    settle().await;
    let list = app.text("diagnostics");
    assert!(
        list.contains(&format!("fir.c:{}:{}", expected.line, expected.col)),
        "{list}"
    );
    assert!(
        list.contains("CALL_KERNEL needs <named> arguments"),
        "{list}"
    );
    let marks = app.root.query_selector(".mark-error").unwrap().unwrap();
    assert_eq!(marks.text_content().unwrap(), "CALL_KERNEL");
    assert_eq!(app.all(".ln-error"), 1);
    let flagged = app.root.query_selector(".ln-error").unwrap().unwrap();
    assert_eq!(flagged.text_content().unwrap(), expected.line.to_string());
}

#[wasm_bindgen_test]
async fn a_share_link_restores_sources_options_view_and_scene_and_compiles() {
    let app = mount().await;
    assert_eq!(
        app.session.compiler.status.get_untracked(),
        CompileStatus::Idle
    );
    let state = ShareState {
        files: vec![
            SharedFile {
                name: "k.c".into(),
                text: "int k(int a) { return a + 1; }\n".into(),
            },
            SharedFile {
                name: "k.h".into(),
                text: "#define N 4\n".into(),
            },
        ],
        options: ShareOptions {
            view: View::Rtl,
            clock_period_ns: 6.25,
            ..ShareOptions::default()
        },
        scene: Scene {
            unit: Some("addi0".into()),
            cycle: None,
            viewport: Some(Viewport {
                x: 10.0,
                y: -4.5,
                w: 300.0,
                h: 200.0,
            }),
            presentation: true,
        },
    };
    restore_from_fragment(&app.session, &format!("#{}", share::encode(&state)));
    settle().await;
    assert_eq!(app.session.snapshot(), state);
    let root = document_root();
    assert!(root.has_attribute("data-presenting"));
    app.session.presentation.set(false);
    settle().await;
    assert!(!root.has_attribute("data-presenting"));
    // The link asked for a compilation at once (this page has no worker script to run it).
    assert_ne!(
        app.session.compiler.status.get_untracked(),
        CompileStatus::Idle
    );
    assert!(app.editor().starts_with("int k("));
    assert_eq!(
        app.get("view-rtl").get_attribute("aria-selected").unwrap(),
        "true"
    );
    assert!(app
        .text("view-body")
        .contains("Compile to generate the RTL"));
}

#[wasm_bindgen_test]
async fn a_malformed_link_shows_a_message_and_the_default_example() {
    let app = mount().await;
    app.session.files.update(|f| f[0].text = "garbage".into());
    restore_from_fragment(&app.session, "#v1.AAAA-not-a-link");
    settle().await;
    assert!(app.text("load-message").contains("could not be opened"));
    assert_eq!(app.editor(), default_example().kernel);
}

#[wasm_bindgen_test]
async fn script_payloads_in_a_link_stay_text() {
    let app = mount().await;
    let payload =
        "<script>window.__pwned = 1</script>\n<img src=x onerror=\"window.__pwned = 2\">\n";
    let state = ShareState {
        files: vec![SharedFile {
            name: "<b>x</b>.c".into(),
            text: payload.into(),
        }],
        options: ShareOptions::default(),
        scene: Scene::default(),
    };
    restore_from_fragment(&app.session, &share::encode(&state));
    settle().await;
    assert_eq!(app.all("script, img"), 0);
    assert_eq!(app.all(".tabs b, .code b"), 0);
    let shown = app.text("highlight");
    assert_eq!(shown, format!("{payload}\n"));
    assert_eq!(app.text("tab-0"), "<b>x</b>.c");
    let pwned = js_sys::Reflect::get(&js_sys::global(), &"__pwned".into()).unwrap();
    assert!(pwned.is_undefined());
}

/// Runs the worker's compile boundary in this page (same code as in the worker) with a
/// clock that advances 1 ms per reading.
fn compile_here(files: Vec<(String, String)>, hdl: Hdl) -> (CompileOutcome, Vec<String>) {
    let (outcome, _, progress) = compile_keeping_here(files, hdl);
    (outcome, progress)
}

/// The worker's compile, also returning the core's result (which simulations start from).
fn compile_keeping_here(
    files: Vec<(String, String)>,
    hdl: Hdl,
) -> (CompileOutcome, Compiled, Vec<String>) {
    let wire: Vec<WireFile> = files
        .into_iter()
        .map(|(name, text)| WireFile { name, text })
        .collect();
    let options = WireOptions {
        buffer_algorithm: BufferAlgorithm::OnMerges,
        clock_period_ns: 4.0,
        hdl,
        memory: Default::default(),
        lsq_depth: None,
    };
    let mut progress = Vec::new();
    let (outcome, compiled) = compile_keeping(
        &wire,
        &options,
        &mut |s| progress.push(s.to_string()),
        &ticks(),
    );
    (outcome, compiled, progress)
}

/// A clock that advances by one millisecond per reading.
fn ticks() -> impl Fn() -> f64 {
    let clock = Cell::new(0.0);
    move || {
        clock.set(clock.get() + 1.0);
        clock.get()
    }
}

#[wasm_bindgen_test]
fn the_worker_boundary_compiles_an_example_through_every_stage() {
    let (out, progress) = compile_here(find("fir").unwrap().files(), Hdl::Vhdl);
    assert!(
        out.diagnostics
            .iter()
            .all(|d| d.severity != Severity::Error),
        "{:?}",
        out.diagnostics
    );
    assert_eq!(progress.len(), out.stages.len());
    // Each reading of the fake clock is 1 ms: one per stage start, plus the final one.
    assert!(
        out.stages.iter().all(|s| s.millis >= 1.0),
        "{:?}",
        out.stages
    );
    let groups: Vec<StageGroup> = out.stages.iter().map(|s| s.group).collect();
    for group in StageGroup::ALL {
        assert!(groups.contains(group), "{group} did not run");
    }
    let b = out.buffers.expect("buffers");
    assert_eq!(b.algorithm, BufferAlgorithm::OnMerges);
    assert!(b.buffers > 0);
    let rtl = out.rtl.expect("rtl");
    assert!(rtl.files.iter().any(|f| f.name == "fir.vhd"));
    assert!(rtl.files.iter().any(|f| f.name == "tb_fir.vhd"));
    let zip = rtl.zip_bytes().expect("zip");
    assert_eq!(&zip[..2], b"PK");
}

#[wasm_bindgen_test]
fn the_synthesis_job_is_verilog_whatever_the_bundle_language() {
    use rivulet_web::worker::compile::synthesis_job;
    let (_, compiled, _) = compile_keeping_here(find("fir").unwrap().files(), Hdl::Vhdl);
    let job = synthesis_job(Some(&compiled)).expect("a job");
    assert_eq!(job.top, "fir");
    assert!(job.files.iter().any(|f| f.name == "fir.v"));
    // Every source is Verilog, read by the script in compilation order, the top last.
    let read = job.script.lines().next().unwrap();
    let names: Vec<&str> = job.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(read, format!("read_verilog {}", names.join(" ")));
    assert!(names.iter().all(|n| n.ends_with(".v")), "{names:?}");
    assert_eq!(names.last(), Some(&"fir.v"));
    assert!(job.script.contains("synth_xilinx -family xc7 -top fir"));
    assert!(job.model_path_ns.is_some_and(|ns| ns > 0.0));
    assert!(synthesis_job(None).is_err());
}

#[wasm_bindgen_test]
fn a_compile_outcome_survives_the_json_wire() {
    use rivulet_web::protocol::Response;
    let (outcome, _) = compile_here(find("matvec").unwrap().files(), Hdl::Verilog);
    let done = Response::Done {
        id: 7,
        outcome: Box::new(outcome),
    };
    let text = serde_json::to_string(&done).unwrap();
    let back: Response = serde_json::from_str(&text).unwrap();
    assert_eq!(back, done);
    let Response::Done { outcome, .. } = back else {
        unreachable!()
    };
    let zip = outcome.rtl.unwrap().zip_bytes().unwrap();
    assert_eq!(&zip[..4], b"PK\x03\x04");
}

#[wasm_bindgen_test]
fn a_request_with_an_unknown_option_is_rejected_not_mapped() {
    use rivulet_web::protocol::Request;
    let request = |hdl: &str, algorithm: &str| {
        format!(
            r#"{{"kind":"compile","id":1,"files":[],"options":{{"buffer_algorithm":"{algorithm}","clock_period_ns":4.0,"hdl":"{hdl}"}}}}"#
        )
    };
    let ok = serde_json::from_str::<Request>(&request("verilog", "fpl22")).unwrap();
    let Request::Compile { options, .. } = ok else {
        panic!("not a compile request")
    };
    assert_eq!(
        (options.hdl, options.buffer_algorithm),
        (Hdl::Verilog, BufferAlgorithm::Fpl22)
    );
    let bad_hdl = serde_json::from_str::<Request>(&request("systemverilog", "fpl22")).unwrap_err();
    assert!(bad_hdl.to_string().contains("systemverilog"), "{bad_hdl}");
    let bad_algorithm = serde_json::from_str::<Request>(&request("vhdl", "fpga21")).unwrap_err();
    assert!(
        bad_algorithm.to_string().contains("fpga21"),
        "{bad_algorithm}"
    );
}

#[wasm_bindgen_test]
fn a_syntax_error_comes_back_at_its_line() {
    let source = "int k(int a) {\n  return a +;\n}\n";
    let (out, _) = compile_here(vec![("k.c".into(), source.into())], Hdl::Vhdl);
    let error = out
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    let at = error.at.as_ref().expect("located");
    assert_eq!((at.file.as_str(), at.line), ("k.c", 2));
    assert!(out.rtl.is_none() && out.buffers.is_none());
}

#[wasm_bindgen_test]
fn a_timing_tab_replaces_the_builtin_characterisation() {
    use rivulet_core::timing::BUILTIN_JSON;
    let mut files = find("fir").unwrap().files();
    let (plain, _) = compile_here(files.clone(), Hdl::Vhdl);
    assert_eq!(plain.buffers.unwrap().timing, "built-in");
    // A valid tab is used (and is no header of the kernel's).
    files.push(("timing.json".into(), BUILTIN_JSON.into()));
    let (custom, _) = compile_here(files.clone(), Hdl::Vhdl);
    assert!(
        custom
            .diagnostics
            .iter()
            .all(|d| d.severity != Severity::Error),
        "{:?}",
        custom.diagnostics
    );
    assert_eq!(custom.buffers.unwrap().timing, "timing.json");
    // A broken one stops the compile with its errors located in the tab.
    let last = files.len() - 1;
    files[last].1 = BUILTIN_JSON.replacen("\"latency\": 0", "\"latency\": -1", 1);
    let (broken, _) = compile_here(files, Hdl::Vhdl);
    let error = broken
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!(error.at.as_ref().expect("located").file, "timing.json");
    assert!(broken.stages.is_empty() && broken.buffers.is_none());
}

#[wasm_bindgen_test]
async fn pipeline_buffers_and_rtl_views_show_a_compilation() {
    let app = mount().await;
    assert!(app.text("stage-cfg").contains("not compiled"));
    let (out, _) = compile_here(find("gcd").unwrap().files(), Hdl::Verilog);
    app.session.compiler.outcome.set(Some(out.clone()));
    settle().await;
    assert!(
        app.text("stage-cfg").contains("passes"),
        "{}",
        app.text("stage-cfg")
    );
    let licm = app
        .root
        .query_selector("[data-testid='pass'][data-name='licm']")
        .unwrap()
        .expect("licm listed");
    assert!(licm.text_content().unwrap().contains("ms"));
    licm.unchecked_into::<web_sys::HtmlElement>().click();
    settle().await;
    let licm_ir = out.stages.iter().find(|s| s.name == "licm").unwrap();
    assert_eq!(&app.text("ir-text"), licm_ir.ir.as_ref().unwrap());
    assert_eq!(app.text("ir-title"), "after licm");

    app.click("view-buffers");
    settle().await;
    assert_eq!(app.text("buffers-algorithm"), "on-merges");
    assert_eq!(
        app.text("buffers-count"),
        out.buffers.as_ref().unwrap().buffers.to_string()
    );
    assert!(app.text("buffers-milp").contains("no MILP"));
    assert!(app.text("buffers-timing").contains("built-in"));
    // "Edit timing model" opens a timing.json tab with the built-in characterisation.
    let tabs = app.session.files.with_untracked(Vec::len);
    app.click("edit-timing");
    settle().await;
    let files = app.session.files.get_untracked();
    assert_eq!(files.len(), tabs + 1);
    assert_eq!(files[tabs].name, "timing.json");
    assert_eq!(files[tabs].text, rivulet_core::timing::BUILTIN_JSON);
    assert_eq!(app.session.active.get_untracked(), tabs);

    app.click("view-rtl");
    settle().await;
    let rtl = out.rtl.as_ref().unwrap();
    assert_eq!(
        app.all("[data-testid='rtl-file']") as usize,
        rtl.files.len()
    );
    assert_eq!(app.text("rtl-file-name"), "gcd.v");
    let tb = app
        .root
        .query_selector("[data-testid='rtl-file'][data-path='tb_gcd.v']")
        .unwrap()
        .expect("testbench listed");
    tb.unchecked_into::<web_sys::HtmlElement>().click();
    settle().await;
    assert!(
        app.text("rtl-text").contains("module tb_gcd"),
        "{}",
        app.text("rtl-text")
    );
}

#[wasm_bindgen_test]
fn the_tokenizer_covers_every_byte_and_classifies_c() {
    use rivulet_web::highlight::{tokenize, Token};
    let src =
        "#include \"a.h\"\n// note\nint f(uint8_t x) { return x * 0x1F + 'a'; } /* é */\n\"open";
    let tokens = tokenize(src);
    let mut at = 0;
    for (_, range) in &tokens {
        assert_eq!(range.start, at);
        at = range.end;
    }
    assert_eq!(at, src.len());
    let kind_of = |text: &str| {
        tokens
            .iter()
            .find(|(_, r)| &src[r.clone()] == text)
            .map(|(k, _)| *k)
    };
    assert_eq!(kind_of("#include \"a.h\""), Some(Token::Preprocessor));
    assert_eq!(kind_of("// note"), Some(Token::Comment));
    assert_eq!(kind_of("int"), Some(Token::Type));
    assert_eq!(kind_of("uint8_t"), Some(Token::Type));
    assert_eq!(kind_of("return"), Some(Token::Keyword));
    assert_eq!(kind_of("f"), Some(Token::Function));
    assert_eq!(kind_of("0x1F"), Some(Token::Number));
    assert_eq!(kind_of("'a'"), Some(Token::String));
    assert_eq!(kind_of("/* é */"), Some(Token::Comment));
    assert_eq!(kind_of("\"open"), Some(Token::String));
}

#[wasm_bindgen_test]
fn markers_clamp_and_escape_whatever_the_ranges() {
    use rivulet_web::highlight::{markers, Marker};
    let src = "a<é>\nb";
    let mark = |start, end| Marker {
        start,
        end,
        severity: Severity::Error,
        title: "\"<x>\"".into(),
    };
    // Out of range, inside a UTF-8 sequence, overlapping, empty at a line end.
    let html = markers(src, &[mark(2, 3), mark(1, 99), mark(5, 5), mark(40, 50)]);
    assert!(!html.contains("<x>"), "{html}");
    assert!(html.contains("&lt;"), "{html}");
    let shown: String = {
        let div = web_sys::window()
            .unwrap()
            .document()
            .unwrap()
            .create_element("div")
            .unwrap();
        div.set_inner_html(&html);
        div.text_content().unwrap()
    };
    // Only the empty range at the line end may add a space.
    assert_eq!(shown.replace(' ', ""), format!("{src}\n"));
}

#[wasm_bindgen_test]
async fn graph_hardware_and_simulation_views_show_a_compilation() {
    let app = mount().await;
    let (out, compiled, _) = compile_keeping_here(find("gcd").unwrap().files(), Hdl::Vhdl);
    let graph = out.graph.clone().expect("a graph view");
    app.session.compiler.outcome.set(Some(out));
    app.click("view-graph");
    settle().await;
    assert_eq!(app.all("[data-testid='unit']"), graph.units.len() as u32);
    assert_eq!(
        app.all("[data-testid='channel']"),
        graph.channels.len() as u32
    );
    assert_eq!(app.all("[data-testid='block']"), graph.blocks.len() as u32);
    let fork = graph.units.iter().find(|u| u.mnemonic == "fork").unwrap();
    let drawn = app
        .root
        .query_selector(&format!("[data-testid='unit'][data-name='{}']", fork.name))
        .unwrap()
        .expect("the fork is drawn");
    drawn
        .dispatch_event(&web_sys::Event::new("click").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(
        app.session.selected_unit.get_untracked().as_deref(),
        Some(fork.name.as_str())
    );
    let touching = graph
        .channels
        .iter()
        .filter(|c| {
            graph.units[c.from.0].name == fork.name || graph.units[c.to.0].name == fork.name
        })
        .count();
    assert_eq!(app.all(".channel.hl"), touching as u32);

    app.click("view-hardware");
    settle().await;
    assert!(app.text("hw-head").starts_with(&fork.name));
    assert_eq!(app.all("[data-testid='hw-port']"), fork.ports.len() as u32);
    assert_eq!(app.text("hw-text"), fork.hw);
    // One connection per channel of the fork, each leading to the unit at its other end.
    assert_eq!(app.all("[data-testid='hw-link']"), touching as u32);

    let mut slices = 0;
    let (sim, replay) = simulate(Some(&(compiled, Some(graph.clone()))), &ticks(), |_| {
        slices += 1;
        async { true }
    })
    .await;
    let view = sim.view.clone().expect("the simulation ran");
    assert!(view.passed, "{:?}", view.first_mismatch);
    let frames = replay.expect("a replay").frames(0, usize::MAX);
    assert_eq!(frames.states.len() as u64, view.recorded);
    app.session.compiler.simulation.set(Some(sim));
    app.session.compiler.frames.set(Some(frames.clone()));
    app.click("view-simulation");
    settle().await;
    assert_eq!(
        app.get("sim-check").get_attribute("data-passed").unwrap(),
        "true"
    );
    assert_eq!(
        app.get("sim-cycles").get_attribute("data-cycles").unwrap(),
        view.cycles.to_string()
    );
    app.click("sim-end");
    settle().await;
    let last = view.recorded - 1;
    assert_eq!(
        app.get("sim-cycle").get_attribute("data-cycle").unwrap(),
        last.to_string()
    );
    let transfers = frames.states_of(last).unwrap().matches('3').count();
    assert_eq!(app.all(".channels .channel.st-transfer"), transfers as u32);
    assert_eq!(app.all(".unit.deadlock"), 0);

    // A deadlock marks its units and stalled channels in the last cycle, and fails the check.
    let mut stuck = view.clone();
    stuck.status = rivulet_core::sim::StatusKind::Deadlock;
    stuck.passed = false;
    stuck.deadlock_units = vec![0, 2];
    stuck.deadlock_channels = vec![1];
    app.session.compiler.simulation.set(Some(WireSimulation {
        view: Some(stuck),
        ..WireSimulation::default()
    }));
    settle().await;
    assert_eq!(
        app.get("sim-check").get_attribute("data-passed").unwrap(),
        "false"
    );
    assert_eq!(app.text("sim-check"), "FAIL: deadlock");
    app.click("sim-end");
    settle().await;
    assert_eq!(app.all(".unit.deadlock"), 2);
    assert_eq!(app.all(".channels .channel.deadlock"), 1);
    app.click("sim-start");
    settle().await;
    assert_eq!(app.all(".unit.deadlock"), 0);
}

/// A kernel whose loop runs two million times: far more cycles than one slice.
const LONG_KERNEL: &str = "#include \"dynamatic/Integration.h\"\n\
int long_sum(int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++)\n    s = s + (i ^ (s >> 3));\n  return s;\n}\n\
int main(void) {\n  CALL_KERNEL(long_sum, 2000000);\n  return 0;\n}\n";

#[wasm_bindgen_test]
async fn a_long_simulation_reports_progress_and_stops_when_cancelled() {
    let (out, compiled, _) =
        compile_keeping_here(vec![("long_sum.c".into(), LONG_KERNEL.into())], Hdl::Vhdl);
    let graph = out.graph.clone().expect("a graph view");
    let mut seen = Vec::new();
    let (sim, replay) = simulate(Some(&(compiled, Some(graph))), &ticks(), |p| {
        seen.push(p);
        let go_on = seen.len() < 3;
        async move { go_on }
    })
    .await;
    assert!(replay.is_none() && sim.view.is_none());
    assert_eq!(seen.len(), 3);
    // Progress grows slice by slice and counts against the interpreter's 2,000,001 header
    // tokens (iterations plus the entry).
    assert!(seen
        .windows(2)
        .all(|w| w[0].cycles < w[1].cycles && w[0].iterations < w[1].iterations));
    assert_eq!(seen[0].expected_iterations, Some(2_000_001));
    assert!(seen[2].fraction() > 0.0 && seen[2].fraction() < 0.5);
    let cancelled = sim.cancelled_at.expect("cancelled");
    assert_eq!(cancelled, seen[2].cycles);

    // The page shows the progress with a Cancel button while it runs, then where it stopped.
    let app = mount().await;
    app.session.compiler.outcome.set(Some(out));
    app.click("view-simulation");
    app.session.compiler.simulating.set(true);
    app.session.compiler.sim_progress.set(Some(seen[2].clone()));
    settle().await;
    assert_eq!(
        app.get("sim-progress")
            .get_attribute("data-cycles")
            .unwrap(),
        seen[2].cycles.to_string()
    );
    assert!(app
        .text("sim-progress-text")
        .contains("of 2000001 loop iterations"));
    app.click("sim-cancel");
    app.session.compiler.simulating.set(false);
    app.session.compiler.simulation.set(Some(sim));
    settle().await;
    assert!(app.all("[data-testid='sim-progress']") == 0);
    assert_eq!(
        app.text("sim-cancelled"),
        format!("Cancelled at cycle {cancelled}.")
    );
    assert!(!app.get("sim-run").has_attribute("disabled"));
}

/// The document's `<html>` element.
fn document_root() -> web_sys::Element {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .expect("a document")
}
