//! Opening `.c` and `.h` files from the computer: the Open button (a file picker) and files
//! dropped on the editor. A `.c` file becomes the kernel, with the `.h` files opened with it
//! as its headers (the code it replaces can be brought back from the notice); `.h` files
//! alone are added as headers, replacing tabs of the same name.
//!
//! Files over [`MAX_FILE_BYTES`], other extensions and more than one `.c` are refused with a
//! notice saying which; nothing already open is lost then.

use crate::state::{use_session, Session};
use leptos::prelude::*;
use rivulet_core::share::{SharedFile, MAX_FILES};
use wasm_bindgen::JsCast;

/// The largest file opened, in bytes.
pub const MAX_FILE_BYTES: f64 = 1024.0 * 1024.0;

/// The Open button.
#[component]
pub fn OpenFiles() -> impl IntoView {
    let session = use_session();
    let input = NodeRef::<leptos::html::Input>::new();
    view! {
        <button
            class="button"
            data-testid="open-files"
            title="Open .c and .h files (or drop them on the code)"
            on:click=move |_| {
                if let Some(i) = input.get_untracked() {
                    i.click();
                }
            }
        >
            "Open…"
        </button>
        <input
            class="hidden-input"
            type="file"
            accept=".c,.h"
            multiple
            node_ref=input
            data-testid="open-files-input"
            on:change=move |ev| {
                let target = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
                if let Some(list) = target.as_ref().and_then(|i| i.files()) {
                    open_list(session, &list);
                }
                if let Some(i) = target {
                    // The same file can be picked again.
                    i.set_value("");
                }
            }
        />
    }
}

/// Opens every file of `list` (from the picker or a drop) into the session.
pub fn open_list(session: Session, list: &web_sys::FileList) {
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    if files.is_empty() {
        return;
    }
    if let Some(why) = refusal(&files) {
        session
            .notice
            .set(Some(format!("Nothing was opened: {why}.")));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let mut read = Vec::new();
        for file in files {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(text) => read.push(SharedFile {
                    name: file.name(),
                    text: text.as_string().unwrap_or_default(),
                }),
                Err(_) => {
                    session.notice.set(Some(format!(
                        "Nothing was opened: {} could not be read.",
                        file.name()
                    )));
                    return;
                }
            }
        }
        apply(session, read);
    });
}

/// Why `files` cannot be opened, if they cannot.
fn refusal(files: &[web_sys::File]) -> Option<String> {
    if let Some(f) = files
        .iter()
        .find(|f| !(f.name().ends_with(".c") || f.name().ends_with(".h")))
    {
        return Some(format!("{} is neither a .c nor a .h file", f.name()));
    }
    if let Some(f) = files.iter().find(|f| f.size() > MAX_FILE_BYTES) {
        return Some(format!("{} is larger than 1 MiB", f.name()));
    }
    let kernels = files.iter().filter(|f| f.name().ends_with(".c")).count();
    if kernels > 1 {
        return Some(format!("{kernels} .c files: open one kernel at a time"));
    }
    None
}

/// Puts the read files into the session (see the module doc).
pub fn apply(session: Session, mut read: Vec<SharedFile>) {
    // Two files of one name (dropped from two folders): the first is kept.
    let mut seen = std::collections::HashSet::new();
    read.retain(|f| seen.insert(f.name.clone()));
    let names = read
        .iter()
        .map(|f| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    if let Some(k) = read.iter().position(|f| f.name.ends_with(".c")) {
        let kernel = read.remove(k);
        let mut files = vec![kernel];
        files.extend(read.into_iter().take(MAX_FILES - 1));
        let before = session.files.get_untracked();
        session.set_sources(files);
        session.replaced.set(Some(before));
        session.notice.set(Some(format!("Opened {names}.")));
        return;
    }
    let mut refused = false;
    session.files.update(|files| {
        for header in read {
            if let Some(tab) = files.iter_mut().skip(1).find(|f| f.name == header.name) {
                tab.text = header.text;
            } else if files.len() < MAX_FILES && files[0].name != header.name {
                files.push(header);
            } else {
                refused = true;
            }
        }
    });
    session.notice.set(Some(if refused {
        format!("Opened {names} (some did not fit: at most {MAX_FILES} files).")
    } else {
        format!("Opened {names}.")
    }));
}
