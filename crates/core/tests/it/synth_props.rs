//! Property tests of the Synth lowering on random well-typed functions (the shared generator
//! of `handshake_gen`): once materialized (a fork before every value with several consumers, a
//! sink after every unused one) they always lower and verify; unmaterialized, the lowering
//! never panics and either succeeds or reports errors.

use crate::support::handshake_gen;
use handshake_gen::{build, steps};
use proptest::prelude::*;
use rivulet_core::diag::has_errors;
use rivulet_core::handshake::{verify_module, Func, Module, OpKind, VerifyOptions};
use rivulet_core::synth::{self, SynthModule};

/// Gives every dataflow value exactly one consumer: forks for several, a sink for none.
fn materialize(f: &mut Func) {
    let uses = f.use_lists();
    let values: Vec<_> = f
        .values()
        .filter(|(v, value)| value.ty.is_dataflow() && f.is_live_value(*v))
        .map(|(v, value)| (v, value.ty.clone()))
        .collect();
    for (v, ty) in values {
        let users = uses.get(v.0 as usize).cloned().unwrap_or_default();
        match users.len() {
            0 => {
                f.add_op(OpKind::Sink, vec![v], vec![]);
            }
            1 => {}
            n => {
                let fork = f.add_op(OpKind::Fork, vec![v], vec![ty; n]);
                for (i, (op, idx)) in users.into_iter().enumerate() {
                    let r = f.result(fork, i).expect("fork result");
                    f.set_operand(op, idx, r);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn materialized_functions_lower_and_verify(steps in steps()) {
        let mut f = build(&steps);
        materialize(&mut f);
        let module = Module { funcs: vec![f] };
        let opts = VerifyOptions { materialized: true };
        let pre = verify_module(&module, &opts);
        prop_assert!(!has_errors(&pre), "{pre:#?}");
        let lowered = synth::lower_module(&module);
        prop_assert!(lowered.is_ok(), "{:#?}", lowered.err());
        let lowered = lowered.unwrap();
        prop_assert!(matches!(lowered, SynthModule::Lowered(_)));
        let v = synth::verify(&lowered);
        prop_assert!(v.is_empty(), "{v:#?}");
        prop_assert!(synth::print(&lowered).contains("hw.output"));
    }

    #[test]
    fn unmaterialized_functions_never_panic(steps in steps()) {
        let module = Module { funcs: vec![build(&steps)] };
        match synth::lower_module(&module) {
            Ok(lowered) => prop_assert!(synth::verify(&lowered).is_empty()),
            Err(errs) => prop_assert!(has_errors(&errs)),
        }
    }
}
