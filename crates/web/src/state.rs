//! The session: the app state shared by the panels, provided once by `App` through context.
//!
//! Holds what a share link restores (files and options) plus the compiler and synthesizer
//! handles and the notice shown when a link could not be opened. Everything else stays local to components.
//! Invariant: `files` is never empty and its first entry is the kernel; `active` indexes it.

use crate::client::Compiler;
use crate::examples::Example;
use crate::protocol::{WireFile, WireOptions};
use crate::synthesis::Synthesizer;
use leptos::prelude::*;
use rivulet_core::share::{ShareOptions, ShareState, SharedFile};

/// The state shared by all panels (cheap to copy: signals only).
#[derive(Clone, Copy)]
pub struct Session {
    /// Kernel first, then headers, in tab order.
    pub files: RwSignal<Vec<SharedFile>>,
    /// Index of the tab being edited.
    pub active: RwSignal<usize>,
    /// Options and selected view.
    pub options: RwSignal<ShareOptions>,
    /// A message for the user (e.g. a link that could not be opened), if any.
    pub notice: RwSignal<Option<String>>,
    /// The compiler worker and its latest result.
    pub compiler: Compiler,
    /// The unit selected in the graph view (by name), shown by the hardware view.
    pub selected_unit: RwSignal<Option<String>>,
    /// Logic synthesis of the compiled circuit (Yosys in its own worker, on request).
    pub synthesizer: Synthesizer,
}

impl Session {
    /// A session showing `example` with default options.
    pub fn new(example: &Example) -> Self {
        let compiler = Compiler::new();
        let session = Session {
            files: RwSignal::new(Vec::new()),
            active: RwSignal::new(0),
            options: RwSignal::new(ShareOptions::default()),
            notice: RwSignal::new(None),
            compiler,
            selected_unit: RwSignal::new(None),
            synthesizer: Synthesizer::new(compiler),
        };
        session.load_example(example);
        session
    }

    /// Replaces the sources with an example's (options stay).
    pub fn load_example(&self, example: &Example) {
        let files = example
            .files()
            .into_iter()
            .map(|(name, text)| SharedFile { name, text })
            .collect();
        self.files.set(files);
        self.active.set(0);
        self.compiler.outcome.set(None);
    }

    /// Everything a share link carries.
    pub fn snapshot(&self) -> ShareState {
        ShareState {
            files: self.files.get_untracked(),
            options: self.options.get_untracked(),
        }
    }

    /// Restores a decoded (hence valid) share state.
    pub fn restore(&self, state: ShareState) {
        self.files.set(state.files);
        self.options.set(state.options);
        self.active.set(0);
        self.compiler.outcome.set(None);
    }

    /// Sends the current sources and options to the compiler.
    pub fn compile(&self) {
        let files = self
            .files
            .get_untracked()
            .into_iter()
            .map(|f| WireFile {
                name: f.name,
                text: f.text,
            })
            .collect();
        let o = self.options.get_untracked();
        let options = WireOptions {
            buffer_algorithm: o.buffer_algorithm,
            clock_period_ns: o.clock_period_ns,
            hdl: o.hdl,
        };
        self.compiler.compile(files, options);
    }
}

/// Creates the session and provides it to every component below.
pub fn provide_session(example: &Example) -> Session {
    let session = Session::new(example);
    provide_context(session);
    session
}

/// The session provided by `App`.
pub fn use_session() -> Session {
    expect_context::<Session>()
}
