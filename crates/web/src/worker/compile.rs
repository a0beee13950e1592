//! THE boundary between the web app and the compiler: the one function the worker calls.
//!
//! It runs the core's driver (`rivulet_core::driver::compile_files`) with everything the page
//! shows — golden run, Synth phases, RTL in the chosen language and its zip — forwards each
//! stage's name to `progress` as it starts, times the stages with the caller's clock (the
//! core reads none), builds the graph view of the buffered circuit, and maps the core's
//! results to the wire types of `protocol`; it also hands out the latest circuit's synthesis
//! job (its Verilog and Yosys script). A [`TIMING_FILE`] tab is the unit timing
//! characterisation, not a header: parsed here, it replaces the built-in one.

use crate::protocol::{
    CompileOutcome, StageOutcome, WireBuffers, WireDiagnostic, WireFile, WireInterface, WireLoop,
    WireMilp, WireOptions, WirePath, WireRtl, WireStep, WireSynthesisJob, TIMING_FILE,
};
use base64::Engine;
use rivulet_core::diag::SourceMap;
use rivulet_core::driver::{
    self, compile_files, BufferOptions, BufferReport, Compiled, CriticalPath, DriverOptions,
    RtlOptions, RtlOutput, StageGroup,
};
use rivulet_core::options::Hdl;
use rivulet_core::timing::{parse_timing_model, TimingModel};

/// Compiles `files` (kernel first) with `options`, calling `progress` with the name of each
/// stage as it starts; `now` is a clock in milliseconds. Never panics on user input.
pub fn compile(
    files: &[WireFile],
    options: &WireOptions,
    progress: &mut dyn FnMut(&str),
    now: &dyn Fn() -> f64,
) -> CompileOutcome {
    compile_keeping(files, options, progress, now).0
}

/// [`compile`], also returning the core's result (which the worker keeps to simulate).
pub fn compile_keeping(
    files: &[WireFile],
    options: &WireOptions,
    progress: &mut dyn FnMut(&str),
    now: &dyn Fn() -> f64,
) -> (CompileOutcome, Compiled) {
    let started = now();
    let (timing, timing_errors) = custom_timing(files);
    if !timing_errors.is_empty() {
        let outcome = CompileOutcome {
            compiler: rivulet_core::banner(),
            diagnostics: timing_errors,
            millis: now() - started,
            ..CompileOutcome::default()
        };
        return (outcome, Compiled::default());
    }
    let timing_name = if timing.is_some() {
        TIMING_FILE
    } else {
        "built-in"
    };
    let kernel = files.first().map_or("kernel.c", |f| f.name.as_str());
    let mut rtl = RtlOptions::new(options.hdl, kernel);
    rtl.zip = true;
    let driver_options = DriverOptions {
        buffers: BufferOptions {
            algorithm: options.buffer_algorithm,
            clock_period_ns: options.clock_period_ns,
        },
        timing,
        memory: options.memory,
        lsq_depth: options.lsq_depth,
        golden: true,
        synth: true,
        rtl: Some(rtl),
        ..DriverOptions::default()
    };
    let pairs: Vec<(String, String)> = files
        .iter()
        .filter(|f| f.name != TIMING_FILE)
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect();
    let mut starts = Vec::new();
    let (out, sources) = compile_files(&pairs, &driver_options, &mut |stage| {
        starts.push(now());
        progress(stage);
    });
    let ended = now();
    let stages: Vec<StageOutcome> = out
        .stages
        .iter()
        .enumerate()
        .map(|(k, s)| StageOutcome {
            name: s.name.clone(),
            group: s.group,
            millis: starts.get(k + 1).copied().unwrap_or(ended)
                - starts.get(k).copied().unwrap_or(ended),
            ir: s.ir.clone(),
        })
        .collect();
    let mut diagnostics: Vec<WireDiagnostic> = out
        .diagnostics
        .iter()
        .map(|d| WireDiagnostic::from_core(&sources, d))
        .collect();
    if let Some(r) = &out.rtl {
        diagnostics.extend(
            r.diagnostics
                .iter()
                .map(|d| WireDiagnostic::from_core(&r.config_sources, d)),
        );
    }
    let view_started = now();
    let graph = out
        .kernel()
        .map(|f| rivulet_core::view::graph_view(f, out.synth.as_ref()));
    let graph_millis = now() - view_started;
    let buffers_millis = stages
        .iter()
        .find(|s| s.group == StageGroup::Buffers)
        .map_or(0.0, |s| s.millis);
    let outcome = CompileOutcome {
        compiler: rivulet_core::banner(),
        buffers: out
            .buffers
            .as_ref()
            .map(|b| wire_buffers(b, buffers_millis, timing_name)),
        rtl: out
            .rtl
            .as_ref()
            .filter(|r| !r.files.is_empty())
            .map(|r| wire_rtl(r, options.hdl)),
        stages,
        diagnostics,
        graph,
        graph_millis,
        interfaces: out
            .interfaces
            .iter()
            .map(|m| WireInterface {
                memory: m.memory.clone(),
                describe: m.describe(),
                queue: m.lsq_cost().is_some(),
            })
            .collect(),
        millis: now() - started,
    };
    (outcome, out)
}

/// The characterisation of the [`TIMING_FILE`] tab, if there is one (not the kernel's), or
/// the diagnostics that reject it.
fn custom_timing(files: &[WireFile]) -> (Option<TimingModel>, Vec<WireDiagnostic>) {
    let Some(file) = files.iter().skip(1).find(|f| f.name == TIMING_FILE) else {
        return (None, Vec::new());
    };
    let mut sources = SourceMap::new();
    let id = sources.add(TIMING_FILE, file.text.as_str());
    match parse_timing_model(&file.text, id) {
        Ok(model) => (Some(model), Vec::new()),
        Err(ds) => {
            let wire = ds
                .iter()
                .map(|d| WireDiagnostic::from_core(&sources, d))
                .collect();
            (None, wire)
        }
    }
}

fn wire_buffers(b: &BufferReport, millis: f64, timing: &str) -> WireBuffers {
    WireBuffers {
        requested: b.requested,
        algorithm: b.algorithm,
        clock_period_ns: b.clock_period_ns,
        buffers: b.buffers,
        critical_path_ns: b.critical_path_ns,
        data_path_ns: b.data_path_ns,
        ready_path_ns: b.ready_path_ns,
        critical_route: b.critical_route.as_ref().map(wire_path),
        ready_route: b.ready_route.as_ref().map(wire_path),
        timing: timing.to_string(),
        millis,
        milp: b.milp.as_ref().map(|m| WireMilp {
            variables: m.variables,
            constraints: m.constraints,
            status: m.status,
            objective: m.objective,
            integer_variables: m.integer_variables,
            lp_bound: m.lp_bound,
            best_bound: m.best_bound,
            nodes: m.nodes,
            source: m.source.clone(),
            ended: m.ended.clone(),
        }),
        throughput: b
            .throughput
            .iter()
            .map(|t| WireLoop {
                name: t.name.clone(),
                throughput: t.throughput,
                executions: t.executions,
            })
            .collect(),
        lp_files: b
            .lp_files
            .iter()
            .map(|(name, text)| WireFile {
                name: name.clone(),
                text: text.clone(),
            })
            .collect(),
    }
}

/// `p` for the page, its delays rounded to picoseconds (short decimals survive JSON exactly).
fn wire_path(p: &CriticalPath) -> WirePath {
    let ps = |ns: f64| (ns * 1000.0).round() / 1000.0;
    WirePath {
        steps: p
            .steps
            .iter()
            .map(|s| WireStep {
                unit: s.unit.clone(),
                delay_ns: ps(s.delay_ns),
                cumulative_ns: ps(s.cumulative_ns),
            })
            .collect(),
        channels: p.channels.clone(),
        total_ns: ps(p.total_ns),
    }
}

fn wire_rtl(r: &RtlOutput, hdl: Hdl) -> WireRtl {
    WireRtl {
        hdl,
        top: r.top.clone(),
        files: r
            .files
            .iter()
            .map(|(name, text)| WireFile {
                name: name.clone(),
                text: text.clone(),
            })
            .collect(),
        zip_base64: r
            .zip
            .as_ref()
            .map(|z| base64::engine::general_purpose::STANDARD.encode(z))
            .unwrap_or_default(),
    }
}

/// The synthesis job of `compiled` (per-unit breakdown included), or why there is none.
pub fn synthesis_job(compiled: Option<&Compiled>) -> Result<Box<WireSynthesisJob>, Vec<String>> {
    let Some(compiled) = compiled else {
        return Err(vec!["nothing is compiled yet".into()]);
    };
    let job = driver::synthesis_job(compiled, false)
        .map_err(|d| d.into_iter().map(|d| d.message).collect::<Vec<_>>())?;
    Ok(Box::new(WireSynthesisJob {
        top: job.top,
        files: job
            .files
            .into_iter()
            .map(|(name, text)| WireFile { name, text })
            .collect(),
        script: job.script,
        model_path_ns: job.model_path_ns,
    }))
}
