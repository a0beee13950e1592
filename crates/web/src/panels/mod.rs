//! The panels of the app, one component per file.

pub mod editor;
pub mod header;
pub mod output;
