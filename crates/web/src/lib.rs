//! Rivulet's web app: a thin Leptos shell over `rivulet-core`.
pub fn placeholder() {}
