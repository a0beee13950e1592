//! The worker side of the compiler protocol: receives [`Request`]s, posts [`Response`]s.
//!
//! Runs inside a dedicated Web Worker, so a long compilation never blocks the page. The
//! worker posts `Ready` once its handler is installed (messages sent earlier would be lost,
//! so the page waits for it), then `Progress` per stage and `Done` per request. It keeps the
//! latest compilation (and its graph view) to answer `Simulate` with `Simulated`.

pub mod compile;
pub mod simulate;

use crate::protocol::{Request, Response};
use rivulet_core::driver::Compiled;
use rivulet_core::view::GraphView;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    /// The latest compilation and its graph view (the worker's only state).
    static LATEST: RefCell<Option<(Compiled, Option<GraphView>)>> = const { RefCell::new(None) };
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
            LATEST.with(|l| *l.borrow_mut() = Some((compiled, outcome.graph.clone())));
            let outcome = Box::new(outcome);
            post(scope, &Response::Done { id, outcome });
        }
        Request::Simulate { id } => {
            let outcome = LATEST.with(|l| simulate::simulate(l.borrow().as_ref(), &now));
            let outcome = Box::new(outcome);
            post(scope, &Response::Simulated { id, outcome });
        }
    }
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
