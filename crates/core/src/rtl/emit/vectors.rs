//! Testbench vectors from the reference interpreter: maps one recorded kernel call onto the
//! ports of the lowered Handshake function (arguments by `argNames`, memories by
//! [`MemoryInfo`]), so that the RTL is checked against the interpreter's golden outputs.
//!
//! Inputs: a scalar argument takes the call's value of the parameter of the same name; control
//! arguments (start tokens) carry no value. Memories: an array parameter starts with the call's
//! input values and must end with its output values; a local or read-only array starts with its
//! initial content (zeros if none) and is not checked. Outputs: the first data result is the
//! return value; control results are only awaited.

use super::testbench::TbVectors;
use crate::bits::mask;
use crate::handshake::{Func, Type};
use crate::interp::{KernelCall, Scalar};
use crate::lower::{MemoryInfo, MemoryOrigin};

fn bits(s: Scalar, width: u32) -> u64 {
    match s {
        Scalar::Int(v) => v as u64 & mask(width),
        Scalar::F32(f) => u64::from(f.to_bits()),
        Scalar::F64(f) => f.to_bits(),
    }
}

/// The vectors of `call` for the lowered kernel `f` with memories `memories`.
pub fn vectors_from_call(
    f: &Func,
    memories: &[MemoryInfo],
    call: &KernelCall,
) -> Result<TbVectors, String> {
    let mut v = TbVectors::default();
    let find = |list: &[crate::interp::ArgValues], name: &str| {
        list.iter().find(|a| a.name == name).cloned()
    };
    for (i, &arg) in f.args.iter().enumerate() {
        let name = f.arg_names.get(i).cloned().unwrap_or_default();
        match f.ty(arg) {
            Some(Type::MemRef { elem, .. }) => {
                let w = elem.bit_width();
                let info = memories.iter().find(|m| m.name == name);
                let (init, fin) = match info.map(|m| &m.origin) {
                    Some(MemoryOrigin::Param) | None => {
                        let input = find(&call.inputs, &name)
                            .ok_or(format!("no recorded values for array `{name}`"))?;
                        let output = find(&call.outputs, &name);
                        let conv = |a: crate::interp::ArgValues| {
                            a.values.into_iter().map(|s| bits(s, w)).collect::<Vec<_>>()
                        };
                        (conv(input), output.map(conv))
                    }
                    Some(MemoryOrigin::Local(init)) => (init.clone().unwrap_or_default(), None),
                    Some(MemoryOrigin::Rom(init)) => (init.clone(), None),
                };
                v.memories.push(init);
                v.final_memories.push(fin);
            }
            Some(t) if t.data_width() > 0 => {
                let a = find(&call.inputs, &name)
                    .ok_or(format!("no recorded value for argument `{name}`"))?;
                let s = a
                    .values
                    .first()
                    .copied()
                    .ok_or(format!("`{name}` has no value"))?;
                v.inputs.push(bits(s, t.data_width()));
            }
            Some(_) => v.inputs.push(0),
            None => return Err(format!("argument {i} has no type")),
        }
    }
    let mut ret = call.ret;
    for t in &f.result_types {
        if t.data_width() > 0 {
            v.outputs.push(ret.take().map(|s| bits(s, t.data_width())));
        } else {
            v.outputs.push(None);
        }
    }
    Ok(v)
}
