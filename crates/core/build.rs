//! Embeds every file under `rtl-templates/` and `configs/` (the RTL templates and the RTL
//! configurations) into the library: writes `$OUT_DIR/embedded_files.rs`, a table of
//! `(path relative to the repository root, include_str!(absolute path))`, sorted by path.

use std::path::{Path, PathBuf};

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            let rel = rel.to_string_lossy().replace('\\', "/");
            if std::fs::read_to_string(&path).is_ok() {
                out.push((rel, path.clone()));
            }
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest.join("../..").canonicalize().unwrap();
    let mut files = Vec::new();
    for dir in ["rtl-templates", "configs"] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
        collect(&root, &root.join(dir), &mut files);
    }
    files.sort();
    let mut code =
        String::from("/// Every embedded file: (path from the repository root, text).\n");
    code.push_str("pub static EMBEDDED_FILES: &[(&str, &str)] = &[\n");
    for (rel, path) in &files {
        code.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded_files.rs");
    std::fs::write(out, code).unwrap();
}
