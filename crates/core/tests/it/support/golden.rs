//! Golden files: reviewed expected outputs kept beside the tests' inputs. A test compares what
//! it produced with its golden file; with `RIVULET_BLESS=1` in the environment it rewrites the
//! file instead (review the diff before committing). The one place that reads the variable.

use std::path::Path;

/// Compares `got` with the golden file at `path`, or rewrites the file under
/// `RIVULET_BLESS=1`; `Err` says where they first differ (or why the file is unreadable).
pub fn compare(path: &Path, got: &str) -> Result<(), String> {
    let shown = path.display();
    if std::env::var_os("RIVULET_BLESS").is_some() {
        return std::fs::write(path, got).map_err(|e| format!("{shown}: {e}"));
    }
    let want = std::fs::read_to_string(path)
        .map_err(|e| format!("{shown}: {e} (RIVULET_BLESS=1 writes it)"))?;
    if want == got {
        return Ok(());
    }
    let line = want
        .lines()
        .zip(got.lines())
        .take_while(|(w, g)| w == g)
        .count();
    let difference = match (want.lines().nth(line), got.lines().nth(line)) {
        (None, None) => "only the line endings differ".to_string(),
        (w, g) => format!(
            "first difference at line {}:\nexpected: {}\n     got: {}",
            line + 1,
            w.unwrap_or("<end of file>"),
            g.unwrap_or("<end of output>")
        ),
    };
    Err(format!(
        "{shown} differs from the output (RIVULET_BLESS=1 rewrites it; review the diff), \
         {difference}"
    ))
}

/// [`compare`], panicking with its message when the output differs from the golden file.
#[track_caller]
pub fn check(path: &Path, got: &str) {
    if let Err(e) = compare(path, got) {
        panic!("{e}");
    }
}
