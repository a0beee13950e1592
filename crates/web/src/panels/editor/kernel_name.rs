//! The kernel-name check: Dynamatic's format names the kernel three times — the file
//! (`fir.c`), its header (`fir.h`, included by the kernel) and the `CALL_KERNEL(fir, …)` in
//! `main`. Code pasted from another kernel breaks this; instead of a page of diagnostics the
//! editor says so and offers to rename the tabs.

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::share::SharedFile;

/// The kernel `main` calls: the identifier after the first `CALL_KERNEL(` outside comments.
pub fn called_kernel(source: &str) -> Option<&str> {
    let mut rest = source;
    loop {
        let at = rest.find("CALL_KERNEL")?;
        let line_start = rest[..at].rfind('\n').map_or(0, |i| i + 1);
        let commented = rest[line_start..at].contains("//");
        rest = &rest[at + "CALL_KERNEL".len()..];
        if commented {
            continue;
        }
        let Some(args) = rest.trim_start().strip_prefix('(') else {
            continue;
        };
        let args = args.trim_start();
        let len = args
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(args.len());
        let name = &args[..len];
        if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) {
            return Some(name);
        }
    }
}

/// The files with the kernel renamed `<kernel>.c` and its header (`<old>.h`), when the
/// kernel includes `"<kernel>.h"` and no tab has that name, renamed `<kernel>.h`.
pub fn renamed(files: &[SharedFile], kernel: &str) -> Vec<SharedFile> {
    let mut files = files.to_vec();
    let Some(old_stem) = files[0].name.strip_suffix(".c").map(str::to_string) else {
        files[0].name = format!("{kernel}.c");
        return files;
    };
    let new_header = format!("{kernel}.h");
    let includes_new = files[0].text.contains(&format!("\"{new_header}\""));
    let free = !files.iter().any(|f| f.name == new_header);
    if includes_new && free {
        if let Some(h) = files.iter_mut().find(|f| f.name == format!("{old_stem}.h")) {
            h.name = new_header;
        }
    }
    files[0].name = format!("{kernel}.c");
    files
}

/// The bar shown when `main` calls a kernel other than the kernel tab's name.
#[component]
pub fn KernelNameCheck() -> impl IntoView {
    let session = use_session();
    let mismatch = Memo::new(move |_| {
        session.files.with(|files| {
            let kernel = files.first()?;
            let called = called_kernel(&kernel.text)?;
            let stem = kernel.name.strip_suffix(".c").unwrap_or(&kernel.name);
            let clash = files
                .iter()
                .skip(1)
                .any(|f| f.name == format!("{called}.c"));
            (called != stem && !clash).then(|| (called.to_string(), kernel.name.clone()))
        })
    });
    move || {
        mismatch.get().map(|(called, tab)| {
            let fix = called.clone();
            view! {
                <div class="kernel-check" role="status" data-testid="kernel-name-check">
                    <span>
                        {format!("main calls the kernel {called}, but this tab is {tab}: the tab must be named {called}.c.")}
                    </span>
                    <button
                        class="button small"
                        data-testid="rename-kernel"
                        on:click=move |_| {
                            let files = session.files.with_untracked(|f| renamed(f, &fix));
                            session.files.set(files);
                        }
                    >
                        {format!("Rename to {called}.c")}
                    </button>
                </div>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> SharedFile {
        SharedFile {
            name: name.into(),
            text: text.into(),
        }
    }

    #[test]
    fn finds_the_called_kernel_outside_comments() {
        let src = "// CALL_KERNEL(old, a)\nint main() {\n  CALL_KERNEL( gemm , a, b);\n}";
        assert_eq!(called_kernel(src), Some("gemm"));
        assert_eq!(called_kernel("CALL_KERNEL(1x)"), None);
        assert_eq!(called_kernel("no call"), None);
        assert_eq!(called_kernel("CALL_KERNEL"), None);
    }

    #[test]
    fn renames_the_kernel_and_the_header_it_includes() {
        let files = vec![
            file("fir.c", "#include \"gemm.h\"\n"),
            file("fir.h", "#define N 4\n"),
            file("util.h", ""),
        ];
        let names: Vec<String> = renamed(&files, "gemm")
            .into_iter()
            .map(|f| f.name)
            .collect();
        assert_eq!(names, ["gemm.c", "gemm.h", "util.h"]);
    }

    #[test]
    fn keeps_the_header_name_when_the_kernel_does_not_include_the_new_one() {
        let files = vec![file("fir.c", "#include \"fir.h\"\n"), file("fir.h", "")];
        let names: Vec<String> = renamed(&files, "gemm")
            .into_iter()
            .map(|f| f.name)
            .collect();
        assert_eq!(names, ["gemm.c", "fir.h"]);
    }
}
