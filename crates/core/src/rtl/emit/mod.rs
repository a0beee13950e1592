//! RTL emission: the HW IR [`Design`] to VHDL or Verilog sources.
//!
//! [`emit_rtl`] matches every extern against the RTL configuration (by default the embedded
//! `configs/rtl-config-<hdl>.json`), concretizes the units (templates from the embedded table of
//! [`embedded`]), and writes the top-level glue: one entity/module instantiating every unit with
//! named port maps and one signal triple per channel. [`testbench`] adds a self-checking
//! testbench and `run-sim.sh`; [`bundle`] packs everything into a zip.
//!
//! Identifiers in the glue are legalized per language by [`namer::HdlNamer`]; the units' module
//! names are reserved first so that no glue name can clash with them.

pub mod bundle;
pub mod embedded;
pub mod namer;
mod plan;
pub mod testbench;
pub mod vectors;
mod verilog;
mod vhdl;

use crate::diag::{Diagnostic, SourceMap};
use crate::hw::Design;
use crate::rtl::config::{
    ConcretizeOptions, Concretizer, ExternalCommand, GeneratorFn, Hdl, ModuleBody, RtlConfig,
    RtlRequest,
};
pub use plan::{Plan, TopPort};
use std::collections::BTreeMap;

/// How to emit.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// The language of the glue (every unit must be concretized in it too).
    pub hdl: Hdl,
    /// RTL configuration files `(name, JSON text)`, in evaluation order; empty = the embedded
    /// default configuration of `hdl`.
    pub configs: Vec<(String, String)>,
    /// Let configurations name external generator commands (handed back, never run here).
    pub allow_external_generators: bool,
}

impl EmitOptions {
    /// The default configuration for `hdl`, no external generators.
    pub fn new(hdl: Hdl) -> EmitOptions {
        EmitOptions {
            hdl,
            configs: Vec::new(),
            allow_external_generators: false,
        }
    }

    /// The configuration files actually used.
    pub fn config_files(&self) -> Vec<(String, String)> {
        if !self.configs.is_empty() {
            return self.configs.clone();
        }
        let name = format!("configs/rtl-config-{}.json", self.hdl.name());
        let text = embedded::embedded_file(&name).unwrap_or("[]");
        vec![(name, text.to_string())]
    }
}

/// One output file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtlFile {
    /// Its path relative to the output directory.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// The emitted RTL of a kernel.
#[derive(Clone, Debug)]
pub struct RtlDesign {
    /// The language.
    pub hdl: Hdl,
    /// Unit sources (dependencies first) and, last, the glue; in compilation order.
    pub files: Vec<RtlFile>,
    /// External generator commands the caller must run (in the output directory) before
    /// compiling; only when external generators were allowed. Their outputs come before the
    /// glue in compilation order.
    pub external: Vec<ExternalCommand>,
    /// The glue's names (top module, ports).
    pub plan: Plan,
}

/// Emits the RTL of `design`. Reports every unmatched extern; warnings accompany a result.
pub fn emit_rtl(
    design: &Design,
    options: &EmitOptions,
) -> (Option<RtlDesign>, Vec<Diagnostic>, SourceMap) {
    let mut sources = SourceMap::new();
    let files = options.config_files();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let (config, mut diags) = RtlConfig::from_files(&mut sources, &refs);
    let Some(config) = config else {
        return (None, diags, sources);
    };
    let generators: BTreeMap<&str, GeneratorFn> =
        BTreeMap::from([(crate::rtl::lsq::GENERATOR, crate::rtl::lsq::GENERATE)]);
    let templates = embedded::EmbeddedTemplates;
    let mut concretizer = Concretizer::new(
        &config,
        &templates,
        &generators,
        ConcretizeOptions {
            root: embedded::EMBEDDED_ROOT.into(),
            output_dir: ".".into(),
            allow_external_generators: options.allow_external_generators,
        },
    );
    let mut resolved = BTreeMap::new();
    let mut failed = false;
    for ext in &design.externs {
        let request = RtlRequest::new(ext.hw_name.clone(), ext.params.clone());
        match concretizer.resolve(&request) {
            Ok(r) if r.hdl != options.hdl => {
                failed = true;
                diags.push(Diagnostic::error(format!(
                    "`{}` ({}) is concretized in {} but the design is emitted in {}",
                    ext.sym,
                    ext.hw_name,
                    r.hdl.name(),
                    options.hdl.name()
                )));
            }
            Ok(r) => {
                resolved.insert(ext.sym.clone(), r);
            }
            Err(ds) => {
                failed = true;
                diags.extend(ds);
            }
        }
    }
    let (modules, warnings) = concretizer.finish();
    diags.extend(warnings);
    if failed {
        return (None, diags, sources);
    }
    let mut out_files = Vec::new();
    let mut external = Vec::new();
    for m in &modules {
        let path = format!("{}.{}", m.module_name, m.hdl.extension());
        match &m.body {
            ModuleBody::Template { text, .. } | ModuleBody::Generated { text, .. } => out_files
                .push(RtlFile {
                    path,
                    text: text.clone(),
                }),
            ModuleBody::External(cmd) => external.push(cmd.clone()),
        }
        if let Some(j) = &m.json_config {
            out_files.push(RtlFile {
                path: j.path.trim_start_matches("./").to_string(),
                text: j.contents.clone(),
            });
        }
    }
    let module_names: Vec<&str> = modules.iter().map(|m| m.module_name.as_str()).collect();
    let plan = plan::build(design, &resolved, options.hdl, &module_names);
    let glue = match options.hdl {
        Hdl::Vhdl => vhdl::glue(&plan),
        Hdl::Verilog => verilog::glue(&plan),
    };
    out_files.push(RtlFile {
        path: format!("{}.{}", plan.top, options.hdl.extension()),
        text: glue,
    });
    let rtl = RtlDesign {
        hdl: options.hdl,
        files: out_files,
        external,
        plan,
    };
    (Some(rtl), diags, sources)
}
