//! Transformations of Handshake IR: canonicalization, bitwidth optimization and fork/sink
//! materialization.

pub mod bitwidth;
pub mod canonicalize;
pub mod materialize;
