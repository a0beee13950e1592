//! Transformations of Handshake IR: canonicalization, bitwidth optimization, fork/sink
//! materialization, and origins for the ops they create.

pub mod bitwidth;
pub mod canonicalize;
pub mod materialize;
pub mod origins;
