//! Rivulet's web app: a thin Leptos (client-side rendered) shell over `rivulet-core`.
//!
//! Everything the compiler does lives in the core and runs in a Web Worker (`worker`, entered
//! from `src/bin/worker.rs`); the page (`App`) renders results and turns user actions into
//! requests (`client`, `protocol`); an area report runs Yosys in a second worker on request
//! (`synthesis`). Components live one per file under `panels/`.

mod app;
pub mod client;
pub mod download;
pub mod examples;
pub mod highlight;
pub mod lab;
mod panels;
pub mod panic_banner;
pub mod protocol;
pub mod saved_work;
pub mod share_link;
pub mod source_link;
pub mod state;
pub mod synthesis;
pub mod theme;
pub mod view_choice;
pub mod worker;

pub use app::{App, Workbench};
