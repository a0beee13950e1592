//! Transformations of Handshake IR: canonicalization and fork/sink materialization.

pub mod canonicalize;
pub mod materialize;
