//! Rivulet's web app: a thin Leptos (client-side rendered) shell over `rivulet-core`.
//!
//! Everything the compiler does lives in the core; this crate only renders its results and
//! turns user actions into calls. Components live one per file under `panels/`.

mod app;
mod panels;
pub mod panic_banner;

pub use app::App;
