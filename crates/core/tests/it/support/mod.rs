//! What the test modules share: the kernel corpus and its loaders ([`corpus`]) and seeded
//! generators of random inputs.

pub mod corpus;
pub mod handshake_gen;
pub mod kernel_gen;
pub mod layout_support;
pub mod milp_common;
