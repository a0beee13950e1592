//! What the test modules share: the kernel corpus and its loaders ([`corpus`]), golden files
//! ([`golden`]), one `#[test]` per corpus kernel (`kernel_tests!`, [`kernels`]) and seeded
//! generators of random inputs.

pub mod corpus;
pub mod golden;
pub mod handshake_gen;
pub mod kernel_gen;
#[macro_use]
pub mod kernels;
pub mod layout_support;
pub mod milp_common;
