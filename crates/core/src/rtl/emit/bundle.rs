//! The downloadable bundle: a zip archive (deflate) of named text files — RTL sources,
//! testbench, `run-sim.sh`, the IR of every stage, the DOT graph, the configuration and a
//! report. Built in memory, so it works in the browser.

use std::io::{Cursor, Write};
use zip::write::SimpleFileOptions;

/// Zips `files` (`(path inside the archive, text)`, in the given order) under the folder
/// `root`; `run-sim.sh` is marked executable.
pub fn zip_bundle(root: &str, files: &[(String, String)]) -> Result<Vec<u8>, String> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (path, text) in files {
        let mode = if path.ends_with(".sh") { 0o755 } else { 0o644 };
        let options = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(mode);
        writer
            .start_file(format!("{root}/{path}"), options)
            .map_err(|e| e.to_string())?;
        writer
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    let cursor = writer.finish().map_err(|e| e.to_string())?;
    Ok(cursor.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn round_trip() {
        let files = vec![
            ("a.vhd".to_string(), "entity a is end;".repeat(50)),
            ("run-sim.sh".to_string(), "#!/bin/sh\n".to_string()),
        ];
        let bytes = zip_bundle("k", &files).unwrap();
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        assert_eq!(archive.len(), 2);
        let mut text = String::new();
        archive
            .by_name("k/a.vhd")
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, files[0].1);
        assert_eq!(
            archive.by_name("k/run-sim.sh").unwrap().unix_mode(),
            Some(0o100755)
        );
    }
}
