//! The worker side of the compiler protocol: receives [`Request`]s, posts [`Response`]s.
//!
//! Runs inside a dedicated Web Worker, so a long compilation never blocks the page. The
//! worker posts `Ready` once its handler is installed (messages sent earlier would be lost,
//! so the page waits for it), then `Progress` per stage and `Done` per request. It keeps the
//! latest compilation (and its graph view) to answer `Simulate`: the run goes in slices, with
//! `SimProgress` and a turn of the event loop between them, so `CancelSimulation` (or any new
//! request, which cancels it too) is read while it runs; then `Simulated`. It keeps the last
//! finished run's replay to answer `Frames`, `Seek` and `Vcd`, and answers `SynthesisJob` and
//! `View` (the graph drawn simplified or with blocks collapsed) from the latest compilation.
//!
//! Invariant: at most one simulation runs; `ACTIVE` names it, and a run that finds another
//! name there after a slice stops.

pub mod compile;
pub mod simulate;

use crate::protocol::{Request, Response};
use rivulet_core::driver::Compiled;
use rivulet_core::view::{GraphView, SimReplay};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The latest compilation and its graph view.
type Latest = Rc<(Compiled, Option<GraphView>)>;

thread_local! {
    /// The latest compilation and its graph view.
    static LATEST: RefCell<Option<Latest>> = const { RefCell::new(None) };
    /// The id of the simulation allowed to run (0: none).
    static ACTIVE: Cell<u32> = const { Cell::new(0) };
    /// The last finished simulation and its replay.
    static REPLAY: RefCell<Option<(u32, SimReplay)>> = const { RefCell::new(None) };
}

/// Installs the message handler and announces readiness. Call once from the worker's `main`.
pub fn serve() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let text = ev.data().as_string().unwrap_or_default();
        match serde_json::from_str::<Request>(&text) {
            Ok(request) => handle(&reply, request),
            Err(e) => post(
                &reply,
                &Response::Rejected {
                    reason: e.to_string(),
                },
            ),
        }
    });
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
    post(&scope, &Response::Ready);
}

fn handle(scope: &DedicatedWorkerGlobalScope, request: Request) {
    match request {
        Request::Compile { id, files, options } => {
            ACTIVE.set(0);
            REPLAY.with(|r| *r.borrow_mut() = None);
            let mut progress = |stage: &str| {
                post(
                    scope,
                    &Response::Progress {
                        id,
                        stage: stage.to_string(),
                    },
                )
            };
            let (outcome, compiled) =
                compile::compile_keeping(&files, &options, &mut progress, &now);
            let latest = Rc::new((compiled, outcome.graph.clone()));
            LATEST.with(|l| *l.borrow_mut() = Some(latest));
            let outcome = Box::new(outcome);
            post(scope, &Response::Done { id, outcome });
        }
        Request::View { id, options } => {
            let started = now();
            let graph = LATEST.with(|l| {
                let latest = l.borrow();
                let compiled = &latest.as_ref()?.0;
                let kernel = compiled.kernel()?;
                Some(rivulet_core::view::graph_view_with(
                    kernel,
                    compiled.synth.as_ref(),
                    &options,
                ))
            });
            if let Some(graph) = graph {
                let millis = now() - started;
                let graph = Box::new(graph);
                post(
                    scope,
                    &Response::Viewed {
                        id,
                        options,
                        graph,
                        millis,
                    },
                );
            }
        }
        Request::Simulate { id } => {
            ACTIVE.set(id);
            REPLAY.with(|r| *r.borrow_mut() = None);
            let latest = LATEST.with(|l| l.borrow().clone());
            wasm_bindgen_futures::spawn_local(run_simulation(scope.clone(), id, latest));
        }
        Request::CancelSimulation { id } => {
            if ACTIVE.get() == id {
                ACTIVE.set(0);
            }
        }
        Request::Frames { id, from, count } => {
            let frames = REPLAY.with(|r| match &*r.borrow() {
                Some((rid, replay)) if *rid == id => Some(replay.frames(from, count as usize)),
                _ => None,
            });
            if let Some(frames) = frames {
                let frames = Box::new(frames);
                post(scope, &Response::Frames { id, frames });
            }
        }
        Request::Seek {
            id,
            from,
            transfers,
        } => {
            let cycle = REPLAY.with(|r| match &*r.borrow() {
                Some((rid, replay)) if *rid == id => {
                    Some(replay.cycle_after_transfers(from, transfers))
                }
                _ => None,
            });
            if let Some(cycle) = cycle {
                post(scope, &Response::Sought { id, cycle });
            }
        }
        Request::Vcd { id } => {
            let vcd = REPLAY.with(|r| match &*r.borrow() {
                Some((rid, replay)) if *rid == id => Some((replay.top().to_string(), replay.vcd())),
                _ => None,
            });
            if let Some((top, text)) = vcd {
                let name = format!("{top}.vcd");
                post(scope, &Response::Vcd { id, name, text });
            }
        }
        Request::SynthesisJob { id } => {
            let latest = LATEST.with(|l| l.borrow().clone());
            let job = compile::synthesis_job(latest.as_ref().map(|l| &l.0));
            post(scope, &Response::SynthesisJob { id, job });
        }
    }
}

/// Runs simulation `id` on `latest` slice by slice, posting its progress, until it ends or is
/// no longer the active one.
async fn run_simulation(scope: DedicatedWorkerGlobalScope, id: u32, latest: Option<Latest>) {
    let between = |progress| {
        post(&scope, &Response::SimProgress { id, progress });
        let scope = scope.clone();
        async move {
            next_turn(&scope).await;
            ACTIVE.get() == id
        }
    };
    let (outcome, replay) = simulate::simulate(latest.as_deref(), &now, between).await;
    if ACTIVE.get() == id {
        ACTIVE.set(0);
        if let Some(replay) = replay {
            REPLAY.with(|r| *r.borrow_mut() = Some((id, replay)));
        }
    }
    let outcome = Box::new(outcome);
    post(&scope, &Response::Simulated { id, outcome });
}

/// Resolves in a later turn of the worker's event loop (after the messages already queued).
async fn next_turn(scope: &DedicatedWorkerGlobalScope) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The worker's clock in milliseconds (`performance.now()`, sub-millisecond resolution).
fn now() -> f64 {
    js_sys::global()
        .unchecked_into::<web_sys::WorkerGlobalScope>()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

fn post(scope: &DedicatedWorkerGlobalScope, response: &Response) {
    if let Ok(text) = serde_json::to_string(response) {
        // Posting a string cannot fail with a DataCloneError.
        let _ = scope.post_message(&JsValue::from_str(&text));
    }
}
