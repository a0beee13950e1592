//! The session: the app state shared by the panels, provided once by `App` through context.
//!
//! Holds what a share link restores (files, options and the scene: selected unit, simulation
//! cycle, graph viewport, presentation mode), the layout, the compiler and synthesizer handles
//! and the notice above the workspace. Everything else stays local to components.
//! Invariants: `files` is never empty and its first entry is the kernel; `active` indexes it;
//! changing a compilation option recompiles when there is a compilation to replace (results
//! never show other options than the ones selected); edited sources mark the results stale
//! ([`Session::stale`]) until the next compilation.

use crate::client::Compiler;
use crate::examples::{Example, BLANK, EXAMPLES};
use crate::lab::Lab;
use crate::protocol::{WireFile, WireOptions, WirePath};
use crate::synthesis::Synthesizer;
use leptos::prelude::*;
use rivulet_core::share::{Scene, ShareOptions, ShareState, SharedFile, Viewport};

/// Which panes the workspace shows. On a narrow screen only one fits: `Both` then shows the
/// code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panes {
    /// Code and circuit side by side (wide screens).
    Both,
    /// The editor only.
    Code,
    /// The circuit (options, views) only.
    Circuit,
}

impl Panes {
    /// The workspace's `data-panes` attribute.
    pub fn name(self) -> &'static str {
        match self {
            Panes::Both => "both",
            Panes::Code => "code",
            Panes::Circuit => "circuit",
        }
    }
}

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
    /// The C line the user put the editor's caret on (its units are highlighted).
    pub cursor_line: RwSignal<Option<crate::source_link::Line>>,
    /// How the graph is drawn (simplified, collapsed blocks).
    pub view_choice: RwSignal<crate::view_choice::ViewChoice>,
    /// The critical path marked on the graph ("Show on graph" in the buffers view), until
    /// cleared.
    pub marked_path: RwSignal<Option<WirePath>>,
    /// Logic synthesis of the compiled circuit (Yosys in its own worker, on request).
    pub synthesizer: Synthesizer,
    /// The graph's visible rectangle, kept across view switches and recompilations (None:
    /// the graph opens at its default zoom).
    pub viewport: RwSignal<Option<Viewport>>,
    /// Presentation mode: larger type for a projector.
    pub presentation: RwSignal<bool>,
    /// The panes shown.
    pub panes: RwSignal<Panes>,
    /// A simulation cycle to show once a simulation arrives (from a link): the compilation it
    /// waits for is followed by a simulation.
    pub awaited_cycle: RwSignal<Option<u64>>,
    /// The sources replaced by the last example picked over edited code (for Undo).
    pub replaced: RwSignal<Option<Vec<SharedFile>>>,
    /// The buffers lab: a second configuration compiled for comparison.
    pub lab: Lab,
    /// The sources of the latest compilation request.
    compiled_files: RwSignal<Option<Vec<SharedFile>>>,
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
            cursor_line: RwSignal::new(None),
            view_choice: RwSignal::new(Default::default()),
            marked_path: RwSignal::new(None),
            synthesizer: Synthesizer::new(compiler),
            viewport: RwSignal::new(None),
            presentation: RwSignal::new(false),
            panes: RwSignal::new(Panes::Both),
            awaited_cycle: RwSignal::new(None),
            replaced: RwSignal::new(None),
            lab: Lab::new(),
            compiled_files: RwSignal::new(None),
        };
        session.load_example(example);
        session
    }

    /// Replaces the sources with an example's (options stay). Edited sources are kept for
    /// [`Session::undo_example`]; the notice says so.
    pub fn pick_example(&self, example: &Example) {
        let edited = self.files.with_untracked(|f| !is_an_example(f));
        let before = self.files.get_untracked();
        self.load_example(example);
        if edited {
            self.replaced.set(Some(before));
            self.notice.set(Some(format!(
                "Opened the example {}: your edited code was replaced.",
                example.name
            )));
        } else {
            self.replaced.set(None);
            self.notice.set(None);
        }
    }

    /// Brings back the sources the last example replaced.
    pub fn undo_example(&self) {
        if let Some(files) = self.replaced.get_untracked() {
            self.set_sources(files);
        }
        self.replaced.set(None);
        self.notice.set(None);
    }

    /// Replaces the sources with `example`'s (options stay), without keeping the old ones.
    pub fn load_example(&self, example: &Example) {
        let files = example
            .files()
            .into_iter()
            .map(|(name, text)| SharedFile { name, text })
            .collect();
        self.set_sources(files);
    }

    /// Replaces the sources (a new kernel: results, selection and viewport go).
    pub fn set_sources(&self, files: Vec<SharedFile>) {
        self.files.set(files);
        self.active.set(0);
        self.compiler.reset();
        self.selected_unit.set(None);
        self.cursor_line.set(None);
        self.view_choice.set(Default::default());
        self.viewport.set(None);
        self.awaited_cycle.set(None);
        self.compiled_files.set(None);
    }

    /// Everything a share link carries.
    pub fn snapshot(&self) -> ShareState {
        let simulated = self
            .compiler
            .simulation
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.view.is_some()));
        ShareState {
            files: self.files.get_untracked(),
            options: self.options.get_untracked(),
            scene: Scene {
                unit: self.selected_unit.get_untracked(),
                cycle: simulated.then(|| self.compiler.shown_cycle.get_untracked()),
                viewport: self.viewport.get_untracked(),
                presentation: self.presentation.get_untracked(),
            },
        }
    }

    /// Restores a decoded (hence valid) share state.
    pub fn restore(&self, state: ShareState) {
        self.set_sources(state.files);
        self.options.set(state.options);
        self.selected_unit.set(state.scene.unit);
        self.viewport.set(state.scene.viewport);
        self.presentation.set(state.scene.presentation);
        self.awaited_cycle.set(state.scene.cycle);
        self.replaced.set(None);
    }

    /// Applies `change` to the options; a change of a compilation option (not of the view)
    /// recompiles when there is a compilation to replace.
    pub fn change_options(&self, change: impl FnOnce(&mut ShareOptions)) {
        let before = self.options.get_untracked();
        let mut after = before.clone();
        change(&mut after);
        if after == before {
            return;
        }
        let compiled = |o: &ShareOptions| {
            (
                o.buffer_algorithm,
                o.clock_period_ns,
                o.hdl,
                o.memory,
                o.lsq_depth,
            )
        };
        let recompile = compiled(&after) != compiled(&before)
            && self.compiler.status.get_untracked() != crate::client::CompileStatus::Idle;
        self.options.set(after);
        if recompile {
            self.compile();
        }
    }

    /// True when the sources changed since the shown results were compiled.
    pub fn stale(&self) -> bool {
        self.compiled_files.with(|compiled| {
            compiled
                .as_ref()
                .is_some_and(|c| self.files.with(|f| f != c))
        })
    }

    /// True when the shown results were compiled from `files` (tracked).
    pub fn compiled_from(&self, files: &[SharedFile]) -> bool {
        self.compiled_files
            .with(|c| c.as_deref().is_some_and(|c| c == files))
    }

    /// Sends the current sources and options to the compiler.
    pub fn compile(&self) {
        self.compiled_files.set(Some(self.files.get_untracked()));
        let files = self
            .files
            .get_untracked()
            .into_iter()
            .map(WireFile::from)
            .collect();
        let o = self.options.get_untracked();
        let options = WireOptions {
            buffer_algorithm: o.buffer_algorithm,
            clock_period_ns: o.clock_period_ns,
            hdl: o.hdl,
            memory: o.memory,
            lsq_depth: o.lsq_depth,
        };
        self.compiler.compile(files, options);
    }
}

/// True when `files` are exactly one example's (or the blank kernel's).
fn is_an_example(files: &[SharedFile]) -> bool {
    EXAMPLES.iter().chain([&BLANK]).any(|e| {
        let theirs = e.files();
        theirs.len() == files.len()
            && theirs
                .iter()
                .zip(files)
                .all(|((name, text), f)| *name == f.name && *text == f.text)
    })
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
