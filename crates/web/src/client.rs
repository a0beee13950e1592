//! The page side of the compiler protocol: owns the Web Worker, sends requests, tracks status.
//!
//! Invariants: at most one compilation is in flight (a simulation is only asked for once the
//! latest compilation is done); a running simulation is cancelled by a message the worker reads
//! between slices (the worker and its compilation stay); the page holds one window of replayed
//! cycles ([`Compiler::frames`]) and asks for another when the shown cycle leaves it; a request
//! sent before the worker said
//! `Ready` waits in `pending`; cancelling terminates the worker (the only way to stop a
//! running wasm computation) and starts a fresh one lazily on the next request. Responses
//! carrying an id other than the current request's are ignored (they belong to a cancelled
//! request).

use crate::protocol::{
    CompileOutcome, Request, Response, SimProgress, WireFile, WireOptions, WireSimulation,
    WireSynthesisJob,
};
use leptos::prelude::*;
use rivulet_core::view::{GraphView, SimFrames, ViewOptions};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// Cycles asked for at a time for replay.
pub const FRAME_WINDOW: u32 = 512;

/// The worker script trunk emits for the `rivulet-worker` binary (`data-loader-shim`).
pub const WORKER_URL: &str = "./rivulet-worker_loader.js";

/// Where the current compilation stands.
#[derive(Clone, Debug, PartialEq)]
pub enum CompileStatus {
    /// Nothing requested yet.
    Idle,
    /// Waiting for the worker to load.
    Starting,
    /// The worker reported this stage.
    Running(String),
    /// Finished; the outcome is in [`Compiler::outcome`].
    Done,
    /// Cancelled by the user.
    Cancelled,
    /// The worker failed (failed to load or crashed).
    Failed(String),
}

impl CompileStatus {
    /// True while a request is in flight.
    pub fn is_busy(&self) -> bool {
        matches!(self, CompileStatus::Starting | CompileStatus::Running(_))
    }
}

/// Handle on the compiler worker; cheap to copy, provided by context.
#[derive(Clone, Copy)]
pub struct Compiler {
    /// Status of the latest request.
    pub status: RwSignal<CompileStatus>,
    /// Stages the worker reported for the latest request, in order.
    pub progress: RwSignal<Vec<String>>,
    /// Outcome of the latest finished request.
    pub outcome: RwSignal<Option<CompileOutcome>>,
    /// The latest simulation of the compiled circuit (cleared by the next compilation).
    pub simulation: RwSignal<Option<WireSimulation>>,
    /// True while a simulation runs in the worker.
    pub simulating: RwSignal<bool>,
    /// Where the running simulation stands.
    pub sim_progress: RwSignal<Option<SimProgress>>,
    /// The window of replayed cycles of the latest simulation.
    pub frames: RwSignal<Option<SimFrames>>,
    /// The replayed cycle shown (0 for a new simulation).
    pub shown_cycle: RwSignal<u64>,
    /// The answer to the latest [`Compiler::seek`]: the cycle found.
    pub sought: RwSignal<Option<u64>>,
    /// Why the last VCD download failed, if it did.
    pub vcd_error: RwSignal<Option<String>>,
    /// The answer to the latest [`Compiler::request_synthesis_job`] (cleared by compiling).
    pub synthesis_job: RwSignal<Option<SynthesisJobAnswer>>,
    /// The latest graph view drawn with other options ([`Compiler::request_view`]; cleared by
    /// compiling).
    pub viewed: RwSignal<Option<Viewed>>,
    inner: StoredValue<Rc<RefCell<Inner>>, LocalStorage>,
}

/// A graph view of the latest circuit drawn with `options`, and the worker's time for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Viewed {
    /// How it is drawn.
    pub options: ViewOptions,
    /// The view.
    pub graph: Arc<GraphView>,
    /// Milliseconds to build and lay it out.
    pub millis: f64,
}

/// The latest circuit's synthesis job, or why there is none.
pub type SynthesisJobAnswer = Result<Box<WireSynthesisJob>, Vec<String>>;

#[derive(Default)]
struct Inner {
    worker: Option<Worker>,
    ready: bool,
    pending: Option<String>,
    current: u32,
    /// The first cycle of the window asked for and not yet received.
    frames_pending: Option<u64>,
    /// The id of the synthesis job asked for (bumped by every compilation, so a job of an
    /// older circuit is ignored).
    synthesis_id: u32,
    // Keep the callbacks alive as long as their worker.
    callbacks: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Compiler {
    /// A compiler with no worker yet (it starts on the first request).
    pub fn new() -> Self {
        Compiler {
            status: RwSignal::new(CompileStatus::Idle),
            progress: RwSignal::new(Vec::new()),
            outcome: RwSignal::new(None),
            simulation: RwSignal::new(None),
            simulating: RwSignal::new(false),
            sim_progress: RwSignal::new(None),
            frames: RwSignal::new(None),
            shown_cycle: RwSignal::new(0),
            sought: RwSignal::new(None),
            vcd_error: RwSignal::new(None),
            synthesis_job: RwSignal::new(None),
            viewed: RwSignal::new(None),
            inner: StoredValue::new_local(Rc::new(RefCell::new(Inner::default()))),
        }
    }

    /// Sends a compile request, replacing (and cancelling) any request in flight.
    pub fn compile(self, files: Vec<WireFile>, options: WireOptions) {
        if self.status.get_untracked().is_busy() {
            self.stop_worker();
        }
        let inner = self.inner.get_value();
        let id = {
            let mut inner = inner.borrow_mut();
            inner.current += 1;
            inner.synthesis_id += 1;
            inner.current
        };
        self.synthesis_job.set(None);
        let request = Request::Compile { id, files, options };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        self.progress.set(Vec::new());
        self.clear_simulation();
        if inner.borrow().worker.is_none() {
            if let Err(why) = self.start_worker() {
                self.status.set(CompileStatus::Failed(why));
                return;
            }
        }
        let mut state = inner.borrow_mut();
        if state.ready {
            if let Some(worker) = &state.worker {
                let _ = worker.post_message(&JsValue::from_str(&text));
            }
            self.status.set(CompileStatus::Running("sent".into()));
        } else {
            state.pending = Some(text);
            self.status.set(CompileStatus::Starting);
        }
    }

    /// Asks the worker to simulate the latest compilation. Does nothing while a compilation
    /// runs or before the worker is ready (there is nothing to simulate then).
    pub fn simulate(self) {
        if self.status.get_untracked() != CompileStatus::Done {
            return;
        }
        let id = {
            let inner = self.inner.get_value();
            let mut state = inner.borrow_mut();
            state.current += 1;
            state.current
        };
        self.clear_simulation();
        if self.send(&Request::Simulate { id }) {
            self.simulating.set(true);
        }
    }

    /// True when the latest compilation produced a circuit (a graph to simulate).
    pub fn has_circuit(self) -> bool {
        self.outcome
            .with_untracked(|o| o.as_ref().is_some_and(|o| o.graph.is_some()))
    }

    /// Simulates the circuit once it is compiled, if it has no simulation yet and `wanted`
    /// says so (an effect living as long as the calling component).
    pub fn simulate_when_compiled(self, wanted: impl Fn() -> bool + 'static) {
        Effect::new(move |_| {
            if self.status.get() != CompileStatus::Done || !wanted() {
                return;
            }
            let idle =
                self.simulation.with_untracked(Option::is_none) && !self.simulating.get_untracked();
            if self.has_circuit() && idle {
                self.simulate();
            }
        });
    }

    /// Stops the running simulation (the worker answers with the cycle it reached).
    pub fn cancel_simulation(self) {
        if self.simulating.get_untracked() {
            self.send(&Request::CancelSimulation { id: self.current() });
        }
    }

    /// Asks for the window of replayed cycles from `from` on (unless it is already asked for).
    pub fn request_frames(self, from: u64) {
        let inner = self.inner.get_value();
        if inner.borrow().frames_pending == Some(from) {
            return;
        }
        let request = Request::Frames {
            id: self.current(),
            from,
            count: FRAME_WINDOW,
        };
        if self.send(&request) {
            inner.borrow_mut().frames_pending = Some(from);
        }
    }

    /// Asks for the cycle by which `transfers` more handshakes have happened after `from`; the
    /// answer lands in [`Compiler::sought`].
    pub fn seek(self, from: u64, transfers: u64) {
        self.sought.set(None);
        self.send(&Request::Seek {
            id: self.current(),
            from,
            transfers,
        });
    }

    /// Asks for the latest simulation as VCD; the page downloads it when it arrives.
    pub fn request_vcd(self) {
        self.vcd_error.set(None);
        self.send(&Request::Vcd { id: self.current() });
    }

    /// Asks for the latest circuit's synthesis job; the answer lands in
    /// [`Compiler::synthesis_job`]. False if there is no finished compilation to ask about.
    pub fn request_synthesis_job(self) -> bool {
        if self.status.get_untracked() != CompileStatus::Done {
            return false;
        }
        let inner = self.inner.get_value();
        let id = {
            let mut state = inner.borrow_mut();
            state.synthesis_id += 1;
            state.synthesis_id
        };
        self.synthesis_job.set(None);
        self.send(&Request::SynthesisJob { id })
    }

    fn current(self) -> u32 {
        self.inner.get_value().borrow().current
    }

    fn clear_simulation(self) {
        self.simulation.set(None);
        self.simulating.set(false);
        self.sim_progress.set(None);
        self.frames.set(None);
        self.shown_cycle.set(0);
        self.inner.get_value().borrow_mut().frames_pending = None;
    }

    /// Asks for the latest circuit's graph drawn with `options` (answered in `viewed`).
    pub fn request_view(self, options: ViewOptions) {
        let id = self.inner.get_value().borrow().current;
        self.send(&Request::View { id, options });
    }

    /// Forgets the latest compilation (stopping it if it runs): back to "nothing compiled".
    pub fn reset(self) {
        if self.status.get_untracked().is_busy() {
            self.stop_worker();
        }
        self.status.set(CompileStatus::Idle);
        self.progress.set(Vec::new());
        self.outcome.set(None);
        self.synthesis_job.set(None);
        self.viewed.set(None);
        self.clear_simulation();
    }

    /// Posts `request` to a ready worker; false if there is none.
    fn send(self, request: &Request) -> bool {
        let inner = self.inner.get_value();
        let state = inner.borrow();
        match (state.ready, &state.worker, serde_json::to_string(request)) {
            (true, Some(worker), Ok(text)) => {
                worker.post_message(&JsValue::from_str(&text)).is_ok()
            }
            _ => false,
        }
    }

    /// Stops the request in flight, if any.
    pub fn cancel(self) {
        if self.status.get_untracked().is_busy() {
            self.stop_worker();
            self.status.set(CompileStatus::Cancelled);
        }
    }

    fn stop_worker(self) {
        let inner = self.inner.get_value();
        let mut inner = inner.borrow_mut();
        if let Some(worker) = inner.worker.take() {
            worker.terminate();
        }
        inner.ready = false;
        inner.pending = None;
        inner.frames_pending = None;
        inner.callbacks.clear();
        self.simulating.set(false);
        self.sim_progress.set(None);
    }

    fn start_worker(self) -> Result<(), String> {
        let worker = Worker::new(WORKER_URL)
            .map_err(|e| format!("the compiler worker could not start: {e:?}"))?;
        let callbacks = listen(
            &worker,
            move |text| {
                if let Ok(response) = serde_json::from_str::<Response>(&text) {
                    self.receive(response);
                }
            },
            move |detail| {
                let detail = detail.unwrap_or_else(|| "it failed to load".into());
                self.stop_worker();
                self.status.set(CompileStatus::Failed(format!(
                    "the compiler stopped: {detail}"
                )));
            },
        );
        let inner = self.inner.get_value();
        let mut inner = inner.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner.callbacks = callbacks;
        Ok(())
    }

    fn receive(self, response: Response) {
        let inner = self.inner.get_value();
        let current = inner.borrow().current;
        match response {
            Response::Ready => {
                let mut inner = inner.borrow_mut();
                inner.ready = true;
                if let (Some(text), Some(worker)) = (inner.pending.take(), &inner.worker) {
                    let _ = worker.post_message(&JsValue::from_str(&text));
                    self.status.set(CompileStatus::Running("sent".into()));
                }
            }
            Response::Progress { id, stage } if id == current => {
                self.progress.update(|p| p.push(stage.clone()));
                self.status.set(CompileStatus::Running(stage));
            }
            Response::Done { id, outcome } if id == current => {
                self.viewed.set(None);
                self.outcome.set(Some(*outcome));
                self.status.set(CompileStatus::Done);
            }
            Response::SimProgress { id, progress } if id == current => {
                self.sim_progress.set(Some(progress));
            }
            Response::Simulated { id, outcome } if id == current => {
                let replayable = outcome.view.as_ref().is_some_and(|v| v.recorded > 0);
                self.simulation.set(Some(*outcome));
                self.simulating.set(false);
                self.sim_progress.set(None);
                if replayable {
                    self.request_frames(0);
                }
            }
            Response::Frames { id, frames } if id == current => {
                inner.borrow_mut().frames_pending = None;
                self.frames.set(Some(*frames));
            }
            Response::Sought { id, cycle } if id == current => {
                self.sought.set(Some(cycle));
            }
            Response::Vcd { id, name, text } if id == current => {
                self.vcd_error
                    .set(crate::download::download_text(&name, &text).err());
            }
            Response::SynthesisJob { id, job } => {
                if id == inner.borrow().synthesis_id {
                    self.synthesis_job.set(Some(job));
                }
            }
            Response::Viewed {
                id,
                options,
                graph,
                millis,
            } if id == current => {
                self.viewed.set(Some(Viewed {
                    options,
                    graph: Arc::new(*graph),
                    millis,
                }));
            }
            Response::Rejected { reason } => {
                self.status
                    .set(CompileStatus::Failed(format!("request rejected: {reason}")));
            }
            Response::Progress { .. }
            | Response::Done { .. }
            | Response::SimProgress { .. }
            | Response::Simulated { .. }
            | Response::Frames { .. }
            | Response::Sought { .. }
            | Response::Vcd { .. }
            | Response::Viewed { .. } => {}
        }
    }
}

/// Installs `on_text` for `worker`'s text messages and `on_error` for its errors (with the
/// error's message, when it has one); returns the closures, which must live as long as the
/// worker.
pub(crate) fn listen(
    worker: &Worker,
    mut on_text: impl FnMut(String) + 'static,
    mut on_error: impl FnMut(Option<String>) + 'static,
) -> Vec<Closure<dyn FnMut(JsValue)>> {
    let on_message = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
        let text = ev
            .unchecked_into::<MessageEvent>()
            .data()
            .as_string()
            .unwrap_or_default();
        on_text(text);
    });
    let on_failure = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
        let detail = ev
            .dyn_ref::<ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty());
        on_error(detail);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_failure.as_ref().unchecked_ref()));
    vec![on_message, on_failure]
}

impl Default for Compiler {
    fn default() -> Self {
        Self::new()
    }
}
