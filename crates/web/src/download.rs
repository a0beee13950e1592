//! Saving generated files: a Blob, an object URL and a temporary `<a download>` clicked once.
//! Works offline and needs no server; the object URL is revoked shortly after the click.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Offers `bytes` for download as `name` with MIME type `mime`.
pub fn download_bytes(name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
    let err = |e: JsValue| format!("download failed: {e:?}");
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(err)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(err)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a").map_err(err)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.set_hidden(true);
    let body = document.body().ok_or("no body")?;
    body.append_child(&a).map_err(err)?;
    a.click();
    a.remove();
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(w) = web_sys::window() {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
    }
    Ok(())
}

/// Offers `text` for download as `name` (UTF-8 plain text).
pub fn download_text(name: &str, text: &str) -> Result<(), String> {
    download_bytes(name, text.as_bytes(), "text/plain;charset=utf-8")
}
