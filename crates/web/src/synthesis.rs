//! The page side of logic synthesis in the browser: owns the synthesis worker
//! (`synth-worker.js`, which runs YoWASP's WebAssembly build of Yosys), asks the compiler
//! worker for the latest circuit's job (its Verilog and the core's area script), hands it to
//! Yosys and reads what comes back with the core's readers (`rivulet_core::yosys`), exactly as
//! the CLI's `--report-area` does.
//!
//! Invariants: the synthesis worker starts only when the user asks for a report (so the page
//! never downloads Yosys otherwise) and is terminated by Cancel, by any new compilation and by
//! a new request (a run cannot be interrupted otherwise); a report always belongs to the
//! latest compilation (it is cleared when a compilation finishes).

use crate::client::{listen, Compiler};
use leptos::prelude::*;
use rivulet_core::yosys::{self, script, AreaReport, Netlist};
use serde::Deserialize;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use web_sys::{Worker, WorkerOptions, WorkerType};

/// The synthesis worker script (copied to the site's root by trunk).
pub const SYNTH_WORKER_URL: &str = "./synth-worker.js";

/// Where the latest synthesis stands.
#[derive(Clone, Debug, PartialEq)]
pub enum SynthStatus {
    /// Nothing asked yet (or the circuit changed since).
    Idle,
    /// Waiting for the compiler worker's Verilog.
    Preparing,
    /// Downloading and compiling Yosys's WebAssembly.
    Loading,
    /// Yosys runs: the step it printed last and how many `synth_xilinx` runs began (of 2).
    Running {
        /// Yosys's last `N. Executing …` line.
        step: String,
        /// `synth_xilinx` runs begun.
        synth_runs: u32,
    },
    /// Finished; the report is in [`Synthesizer::result`].
    Done,
    /// Cancelled by the user.
    Cancelled,
    /// Could not run, or Yosys failed.
    Failed(String),
}

impl SynthStatus {
    /// True while a synthesis is in flight.
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            SynthStatus::Preparing | SynthStatus::Loading | SynthStatus::Running { .. }
        )
    }
}

/// A finished synthesis.
#[derive(Clone, Debug)]
pub struct SynthResult {
    /// The top module.
    pub top: String,
    /// The report (totals, paths, per instance, problems).
    pub report: AreaReport,
    /// Yosys's whole log.
    pub log: String,
    /// Wall time from the request to the report, in seconds.
    pub seconds: f64,
}

/// A message of the synthesis worker (see `assets/synth-worker.js`).
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum WorkerMessage {
    Loading,
    Running {
        step: String,
        synth_runs: u32,
    },
    Done {
        log: String,
        outputs: HashMap<String, String>,
    },
    Failed {
        message: String,
        log: String,
    },
}

/// Handle on the synthesis worker; cheap to copy, part of the session.
#[derive(Clone, Copy)]
pub struct Synthesizer {
    /// Status of the latest request.
    pub status: RwSignal<SynthStatus>,
    /// The latest finished synthesis of the current circuit.
    pub result: RwSignal<Option<Arc<SynthResult>>>,
    inner: StoredValue<Rc<RefCell<Inner>>, LocalStorage>,
}

#[derive(Default)]
struct Inner {
    worker: Option<Worker>,
    /// The top module of the job in flight.
    top: String,
    /// The timing model's critical path of the job in flight.
    model_path_ns: Option<f64>,
    /// `performance.now()` when the request was made.
    started: f64,
    // Keep the callbacks alive as long as their worker.
    callbacks: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Synthesizer {
    /// A synthesizer fed by `compiler`'s jobs; must be created under a reactive owner (its
    /// effects follow the compiler).
    pub fn new(compiler: Compiler) -> Self {
        let s = Synthesizer {
            status: RwSignal::new(SynthStatus::Idle),
            result: RwSignal::new(None),
            inner: StoredValue::new_local(Rc::new(RefCell::new(Inner::default()))),
        };
        // A new compilation replaces the circuit: drop the report and any run in flight.
        Effect::new(move |_| {
            compiler.outcome.track();
            s.stop_worker();
            s.result.set(None);
            s.status.set(SynthStatus::Idle);
        });
        // The compiler worker's answer to `start`.
        Effect::new(move |_| {
            let answer = compiler.synthesis_job.get();
            if s.status.get_untracked() != SynthStatus::Preparing {
                return;
            }
            match answer {
                None => {}
                Some(Err(errors)) => s.status.set(SynthStatus::Failed(errors.join("; "))),
                Some(Ok(job)) => s.run(&job),
            }
        });
        s
    }

    /// Synthesizes the latest compilation's circuit (replacing any run in flight).
    pub fn start(self, compiler: Compiler) {
        self.stop_worker();
        self.result.set(None);
        self.inner.get_value().borrow_mut().started = now();
        self.status.set(SynthStatus::Preparing);
        if !compiler.request_synthesis_job() {
            self.status
                .set(SynthStatus::Failed("compile the kernel first".into()));
        }
    }

    /// Stops the run in flight, if any.
    pub fn cancel(self) {
        if self.status.get_untracked().is_busy() {
            self.stop_worker();
            self.status.set(SynthStatus::Cancelled);
        }
    }

    fn run(self, job: &crate::protocol::WireSynthesisJob) {
        let files: Vec<serde_json::Value> = job
            .files
            .iter()
            .map(|f| serde_json::json!({ "name": f.name, "text": f.text }))
            .collect();
        let message = serde_json::json!({ "files": files, "script": job.script }).to_string();
        let worker = match self.start_worker() {
            Ok(w) => w,
            Err(why) => {
                self.status.set(SynthStatus::Failed(why));
                return;
            }
        };
        {
            let inner = self.inner.get_value();
            let mut inner = inner.borrow_mut();
            inner.top = job.top.clone();
            inner.model_path_ns = job.model_path_ns;
        }
        if worker.post_message(&JsValue::from_str(&message)).is_err() {
            self.stop_worker();
            self.status.set(SynthStatus::Failed(
                "the synthesis worker refused the job".into(),
            ));
            return;
        }
        self.status.set(SynthStatus::Loading);
    }

    fn start_worker(self) -> Result<Worker, String> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(SYNTH_WORKER_URL, &options)
            .map_err(|e| format!("the synthesis worker could not start: {e:?}"))?;
        let callbacks = listen(
            &worker,
            move |text| match serde_json::from_str::<WorkerMessage>(&text) {
                Ok(message) => self.receive(message),
                Err(e) => {
                    self.stop_worker();
                    self.status.set(SynthStatus::Failed(format!(
                        "unreadable message from the synthesis worker: {e}"
                    )));
                }
            },
            move |detail| {
                let detail = detail.unwrap_or_else(|| "Yosys failed to load".into());
                self.stop_worker();
                self.status.set(SynthStatus::Failed(format!(
                    "the synthesis worker stopped: {detail}"
                )));
            },
        );
        let inner = self.inner.get_value();
        let mut inner = inner.borrow_mut();
        inner.worker = Some(worker.clone());
        inner.callbacks = callbacks;
        Ok(worker)
    }

    fn stop_worker(self) {
        let inner = self.inner.get_value();
        let mut inner = inner.borrow_mut();
        if let Some(worker) = inner.worker.take() {
            worker.terminate();
        }
        inner.callbacks.clear();
    }

    fn receive(self, message: WorkerMessage) {
        match message {
            WorkerMessage::Loading => self.status.set(SynthStatus::Loading),
            WorkerMessage::Running { step, synth_runs } => {
                self.status.set(SynthStatus::Running { step, synth_runs })
            }
            WorkerMessage::Failed { message, log } => {
                self.stop_worker();
                // The first finding, else Yosys's last error line, else the worker's message.
                let why = yosys::problems(&log)
                    .into_iter()
                    .map(|p| format!("{}: {}", p.kind.name(), p.message))
                    .next()
                    .or_else(|| {
                        let error = log.lines().rev().find(|l| l.contains("ERROR"))?;
                        Some(error.trim().to_string())
                    })
                    .unwrap_or(message);
                self.status
                    .set(SynthStatus::Failed(format!("Yosys failed: {why}")));
            }
            WorkerMessage::Done { log, outputs } => {
                self.stop_worker();
                let (top, started, model_path_ns) = {
                    let inner = self.inner.get_value();
                    let inner = inner.borrow();
                    (inner.top.clone(), inner.started, inner.model_path_ns)
                };
                match read_report(&top, &log, &outputs, model_path_ns) {
                    Ok(report) => {
                        self.result.set(Some(Arc::new(SynthResult {
                            top,
                            report,
                            log,
                            seconds: (now() - started) / 1000.0,
                        })));
                        self.status.set(SynthStatus::Done);
                    }
                    Err(why) => self.status.set(SynthStatus::Failed(why)),
                }
            }
        }
    }
}

/// Reads Yosys's netlists and log into the report the CLI prints.
fn read_report(
    top: &str,
    log: &str,
    outputs: &HashMap<String, String>,
    model_path_ns: Option<f64>,
) -> Result<AreaReport, String> {
    let netlist = |name: &str| -> Result<Netlist, String> {
        let text = outputs
            .get(name)
            .ok_or_else(|| format!("Yosys wrote no {name}"))?;
        Netlist::parse(text).map_err(|e| e.to_string())
    };
    let total = netlist(script::FLAT_JSON)?
        .total(top)
        .ok_or_else(|| format!("the netlist has no module `{top}`"))?;
    Ok(AreaReport {
        total,
        yosys_path_ns: yosys::longest_path_ns(log),
        model_path_ns,
        instances: netlist(script::HIER_JSON)?.per_instance(top),
        problems: yosys::problems(log),
    })
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
