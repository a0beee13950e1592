//! Mounts the app in headless Chromium and checks it renders and reacts (wasm-bindgen-test).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn by_testid(id: &str) -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    document
        .query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid={id}"))
}

#[wasm_bindgen_test]
async fn app_mounts_and_shows_the_version() {
    let _handle = leptos::mount::mount_to_body(rivulet_web::App);
    leptos::task::tick().await;
    let version = by_testid("version").text_content().unwrap();
    assert_eq!(version, rivulet_core::banner());
    let editor: web_sys::HtmlTextAreaElement = by_testid("editor").dyn_into().unwrap();
    assert!(editor.value().contains("CALL_KERNEL(fir"));
    assert_eq!(by_testid("caret").text_content().unwrap(), "Ln 1, Col 1");
}
