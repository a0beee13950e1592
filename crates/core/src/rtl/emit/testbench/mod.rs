//! Self-checking testbenches (one per kernel, in each HDL) and `run-sim.sh`.
//!
//! Cycle-count convention (docs/cycle-count.md): reset is held for three rising edges; cycle 0 is
//! the first clock period with `rst = 0`. Every input channel (scalar arguments, start tokens,
//! memory start tokens) offers its token from cycle 0 until it is taken; every output channel
//! is always ready. `cycles` = 1 + the index of the cycle in which the last output token
//! transfers. Memories are `tb_memory` models initialised from `<memory>.init` (words it does
//! not list are 0); after the last output, they are dumped to `<memory>.dump` and compared, in a
//! loop, with `<memory>.expect` (integers exactly, floats within a relative 1e-5 (f32) or 1e-12
//! (f64)), as are the first token of every data output. Memories of any depth therefore cost a
//! data file, not testbench code. The testbench prints one line per mismatch, then `cycles: N`,
//! and fails (VHDL `std.env.stop(1)`, Verilog `$fatal(1)`) exactly when something mismatched or
//! it timed out; a run that reached `MAX_CYCLES` prints `cycle limit reached` and
//! `cycles: limit`, never a count.

mod verilog;
mod vhdl;

use super::{RtlDesign, RtlFile};
use crate::bits::mask;
use crate::hw::lower::MEMORY_SIGNALS;
use crate::hw::{Design, HwType, PortDir};
use crate::rtl::config::Hdl;

/// Golden values of one run, in the order of the top module's ports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TbVectors {
    /// One value (bit pattern) per input channel port, in port order (ignored for control).
    pub inputs: Vec<u64>,
    /// Initial contents of each memory, in argument order (missing words are 0).
    pub memories: Vec<Vec<u64>>,
    /// Expected first token of each output channel port, in port order (`None`: only wait for
    /// the token, as for control outputs).
    pub outputs: Vec<Option<u64>>,
    /// Expected final contents of each memory (`None`: not checked).
    pub final_memories: Vec<Option<Vec<u64>>>,
}

/// The float format of a value, if it is a float.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Num {
    Int,
    F32,
    F64,
}

fn num_of(float: bool, width: u32) -> Num {
    match (float, width) {
        (true, 32) => Num::F32,
        (true, 64) => Num::F64,
        _ => Num::Int,
    }
}

/// What the HDL writers need, resolved from the design, the plan and the vectors.
pub(crate) struct TbSpec<'a> {
    pub top: &'a str,
    pub tb: &'a str,
    /// Input channels: legal name, type, value.
    pub inputs: Vec<(&'a str, &'a HwType, u64)>,
    /// Output channels: legal name, type, expected value and number format.
    pub outputs: Vec<(&'a str, &'a HwType, Option<u64>, Num)>,
    /// Memories: port prefix (legal names of the six ports), geometry, expected contents.
    pub memories: Vec<TbMemory<'a>>,
    /// All top ports (legal name, IR direction, type), for the port map.
    pub ports: Vec<(&'a str, PortDir, &'a HwType)>,
    pub max_cycles: u64,
}

/// One memory of the testbench.
pub(crate) struct TbMemory<'a> {
    pub label: String,
    /// Legal names of loadEn, loadAddr, loadData, storeEn, storeAddr, storeData.
    pub signals: Vec<&'a str>,
    pub data_width: u32,
    pub addr_width: u32,
    pub depth: u64,
    pub init_file: String,
    pub dump_file: String,
    /// `<memory>.expect`, the expected final words, when they are checked.
    pub expect_file: Option<String>,
    pub num: Num,
}

/// Hex digits of a `width`-bit word, as `tb_memory` reads and writes them.
pub(crate) fn hex_word(v: u64, width: u32) -> String {
    let digits = width.div_ceil(4) as usize;
    let masked = v & mask(width);
    format!("{masked:0digits$x}")
}

fn float_of(ty: &HwType) -> bool {
    matches!(ty, HwType::Channel(t) if t.data().is_some_and(|d| d.is_float()))
}

/// Generates the testbench and its data files for an emitted design: `tb_<top>.vhd` or
/// `tb_<top>.v`, one `<memory>.init` per memory (and `<memory>.expect` per checked one), and
/// `run-sim.sh`. Errors name a vector count
/// that does not match the design.
pub fn testbench(
    design: &Design,
    rtl: &RtlDesign,
    vectors: &TbVectors,
    max_cycles: u64,
) -> Result<Vec<RtlFile>, String> {
    let plan = &rtl.plan;
    let ins: Vec<_> = plan
        .ports
        .iter()
        .filter(|p| p.dir == PortDir::In && p.ty.is_channel())
        .collect();
    let outs: Vec<_> = plan
        .ports
        .iter()
        .filter(|p| p.dir == PortDir::Out && p.ty.is_channel())
        .collect();
    let check = |what: &str, got: usize, want: usize| {
        if got == want {
            Ok(())
        } else {
            Err(format!("{got} {what} given, the design has {want}"))
        }
    };
    check("input values", vectors.inputs.len(), ins.len())?;
    check("output values", vectors.outputs.len(), outs.len())?;
    check(
        "initial memories",
        vectors.memories.len(),
        design.memories.len(),
    )?;
    check(
        "final memories",
        vectors.final_memories.len(),
        design.memories.len(),
    )?;
    let mut files = Vec::new();
    let model = match rtl.hdl {
        Hdl::Vhdl => "tb_memory.vhd",
        Hdl::Verilog => "tb_memory.v",
    };
    let lang = rtl.hdl.name();
    let model_text = super::embedded::embedded_file(&format!("rtl-templates/{lang}/{model}"))
        .ok_or("the tb_memory model is not embedded")?;
    files.push(RtlFile {
        path: model.into(),
        text: model_text.into(),
    });
    let mut memories = Vec::new();
    for (i, m) in design.memories.iter().enumerate() {
        let signals: Vec<&str> = MEMORY_SIGNALS
            .iter()
            .map(|(s, _)| {
                plan.port(&format!("{}_{s}", m.name))
                    .map_or("", |p| p.name.as_str())
            })
            .collect();
        let init = &vectors.memories[i];
        if init.len() as u64 > m.depth {
            return Err(format!(
                "memory `{}` has {} words, not {}",
                m.name,
                m.depth,
                init.len()
            ));
        }
        let init_file = format!("mem{i}_{}.init", signals[0].trim_end_matches("_loadEn"));
        let dump_file = init_file.replace(".init", ".dump");
        let expect_file = match &vectors.final_memories[i] {
            Some(words) => {
                let path = init_file.replace(".init", ".expect");
                let text: String = (0..m.depth as usize)
                    .map(|k| hex_word(words.get(k).copied().unwrap_or(0), m.data_width) + "\n")
                    .collect();
                files.push(RtlFile {
                    path: path.clone(),
                    text,
                });
                Some(path)
            }
            None => None,
        };
        let text: String = init
            .iter()
            .map(|&w| hex_word(w, m.data_width) + "\n")
            .collect();
        files.push(RtlFile {
            path: init_file.clone(),
            text,
        });
        memories.push(TbMemory {
            label: format!("memory{i}"),
            signals,
            data_width: m.data_width,
            addr_width: m.addr_width.max(1),
            depth: m.depth,
            init_file,
            dump_file,
            expect_file,
            num: num_of(m.float, m.data_width),
        });
    }
    let spec = TbSpec {
        top: &plan.top,
        tb: &plan.tb,
        inputs: ins
            .iter()
            .zip(&vectors.inputs)
            .map(|(p, &v)| (p.name.as_str(), &p.ty, v))
            .collect(),
        outputs: outs
            .iter()
            .zip(&vectors.outputs)
            .map(|(p, &v)| {
                let num = num_of(float_of(&p.ty), p.ty.data_width());
                (p.name.as_str(), &p.ty, v, num)
            })
            .collect(),
        memories,
        ports: plan
            .ports
            .iter()
            .map(|p| (p.name.as_str(), p.dir, &p.ty))
            .collect(),
        // The testbenches count cycles in a 32-bit `integer`.
        max_cycles: max_cycles.min(i32::MAX as u64),
    };
    let (tb_path, tb_text) = match rtl.hdl {
        Hdl::Vhdl => (format!("{}.vhd", plan.tb), vhdl::testbench(&spec)),
        Hdl::Verilog => (format!("{}.v", plan.tb), verilog::testbench(&spec)),
    };
    files.push(RtlFile {
        path: tb_path.clone(),
        text: tb_text,
    });
    files.push(RtlFile {
        path: "run-sim.sh".into(),
        text: run_sim(rtl, &tb_path),
    });
    Ok(files)
}

/// The simulation script: compiles every source in order, runs the testbench, prints its
/// output with the `cycles:` line last, and exits 0 exactly when the testbench passed.
fn run_sim(rtl: &RtlDesign, tb_path: &str) -> String {
    let mut sources: Vec<String> = vec![match rtl.hdl {
        Hdl::Vhdl => "tb_memory.vhd".to_string(),
        Hdl::Verilog => "tb_memory.v".to_string(),
    }];
    sources.extend(
        rtl.files
            .iter()
            .filter(|f| f.path.ends_with(rtl.hdl.extension()))
            .map(|f| f.path.clone()),
    );
    sources.push(tb_path.to_string());
    let list = sources.join(" ");
    let tb = &rtl.plan.tb;
    let (compile, run) = match rtl.hdl {
        Hdl::Vhdl => (
            format!("ghdl -a --std=08 {list} && ghdl -e --std=08 {tb}"),
            format!("ghdl -r --std=08 {tb} --ieee-asserts=disable-at-0"),
        ),
        Hdl::Verilog => (
            format!("iverilog -g2012 -o {tb}.vvp -s {tb} {list}"),
            format!("vvp -n {tb}.vvp"),
        ),
    };
    format!(
        r#"#!/bin/sh
# Generated by Rivulet: simulates the kernel's self-checking testbench.
# Prints the testbench's messages, then `cycles: N` as the last line; exits 0 exactly when every
# output matched the golden values.
cd "$(dirname "$0")" || exit 2
{{ {compile}; }} > compile.log 2>&1 || {{ cat compile.log; echo "cycles: 0"; exit 2; }}
{run} > sim.log 2>&1
status=$?
grep -v '^cycles: ' sim.log
line=$(grep '^cycles: ' sim.log | tail -n 1)
if [ -z "$line" ]; then echo "cycles: 0"; exit 1; fi
if [ $status -eq 0 ] && ! grep -q '^PASS$' sim.log; then status=1; fi
echo "$line"
exit $status
"#
    )
}
