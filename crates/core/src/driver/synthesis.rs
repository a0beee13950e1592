//! What a front end needs to run logic synthesis on a compiled circuit itself (the web app
//! runs Yosys's WebAssembly build in a worker): the Verilog sources in compilation order,
//! whatever language the bundle was asked in, and the area script of
//! [`crate::yosys::script::area_script`]. The result is read back with
//! [`crate::yosys::Netlist`] and the log readers, as the CLI's `--report-area` does.

use super::Compiled;
use crate::diag::Diagnostic;
use crate::rtl::config::Hdl;
use crate::rtl::emit::{emit_rtl, EmitOptions};
use crate::yosys::script;

/// Everything one area synthesis reads.
#[derive(Clone, Debug, PartialEq)]
pub struct SynthesisJob {
    /// The top module.
    pub top: String,
    /// The Verilog sources `(file name, text)`, in compilation order.
    pub files: Vec<(String, String)>,
    /// The Yosys script (it reads `files` from the directory Yosys runs in).
    pub script: String,
    /// The timing model's critical data/valid path of the placed circuit, in nanoseconds.
    pub model_path_ns: Option<f64>,
}

/// The area synthesis of `compiled`'s HW design with the default Verilog configuration;
/// `flat_only`: the circuit's totals only (no per-unit synthesis). Errors when the compilation
/// stopped before the HW design or the Verilog could not be emitted.
pub fn synthesis_job(
    compiled: &Compiled,
    flat_only: bool,
) -> Result<SynthesisJob, Vec<Diagnostic>> {
    let Some(design) = &compiled.design else {
        return Err(vec![Diagnostic::error(
            "there is no circuit to synthesize: the compilation stopped before the HW design",
        )]);
    };
    let options = EmitOptions {
        hdl: Hdl::Verilog,
        configs: Vec::new(),
        allow_external_generators: false,
    };
    let (rtl, diagnostics, _) = emit_rtl(design, &options);
    let Some(rtl) = rtl else {
        return Err(diagnostics);
    };
    let files: Vec<(String, String)> = rtl
        .files
        .iter()
        .map(|f| (f.path.clone(), f.text.clone()))
        .collect();
    let sources: Vec<String> = files.iter().map(|(name, _)| name.clone()).collect();
    let top = rtl.plan.top.clone();
    Ok(SynthesisJob {
        script: script::area_script(&top, &sources, flat_only),
        top,
        files,
        model_path_ns: compiled.buffers.as_ref().and_then(|b| b.critical_path_ns),
    })
}
