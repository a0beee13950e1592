//! Makes a panic visible: logs it to the console and shows a banner over the page.
//!
//! In the browser a panic aborts the wasm instance, so the page would silently stop reacting.
//! The hook runs before the abort and inserts a fixed banner (plain DOM, no framework, since
//! the framework is what just died) telling the user to reload; their input stays in the URL
//! and editor state is not lost by the banner itself.

use wasm_bindgen::JsCast;

/// The element id of the banner, for tests.
pub const BANNER_ID: &str = "panic-banner";

/// Installs the panic hook. Call once, before mounting the app.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_banner(&info.to_string());
    }));
}

/// Installs the panic hook of the compiler's worker: there is no page to draw on, so the panic
/// goes to the console and the page learns of it through the worker's `error` event.
pub fn install_in_worker() {
    console_error_panic_hook::set_once();
}

fn show_banner(detail: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if document.get_element_by_id(BANNER_ID).is_some() {
        return;
    }
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_id(BANNER_ID);
    banner.set_attribute("role", "alert").ok();
    banner.set_attribute("data-testid", BANNER_ID).ok();
    // Text only: the panic message may quote user input.
    banner.set_text_content(Some(&format!(
        "Rivulet hit an internal error and stopped. Please reload the page. Details: {detail}"
    )));
    if let Some(body) = document.body() {
        body.append_child(banner.unchecked_ref()).ok();
    }
}
