//! One sentence per unit kind, for the graph's hover text: what the unit does with its tokens
//! and, for buffers, what path it breaks, how many cycles it adds and how many tokens it holds.

use super::class::UnitClass;
use crate::handshake::{BufferType, Op, OpKind};

/// What a kernel argument's unit is.
pub const ARGUMENT: &str =
    "a kernel argument: its value (or the start token) enters the circuit here";

/// What `op` does, in one sentence.
pub fn explain(op: &Op) -> String {
    explain_kind(&op.kind)
}

/// What units of `class` do, in one sentence (the legend's text).
pub fn about_class(class: UnitClass) -> String {
    class
        .sample()
        .map_or_else(|| ARGUMENT.to_string(), |k| explain_kind(&k))
}

/// What an operation of `kind` does, in one sentence.
fn explain_kind(kind: &OpKind) -> String {
    let sentence = match kind {
        OpKind::Fork => "copies each token to every output, each taking it when it can (eager)",
        OpKind::LazyFork => "copies each token to every output at once, when all are ready (lazy)",
        OpKind::Merge => "passes on a token from whichever input has one (inputs never compete)",
        OpKind::Mux => "passes on the data input the select token chooses (e.g. a loop's first or next value)",
        OpKind::ControlMerge => {
            "passes on a token from whichever input has one and outputs which input it was (to steer the block's muxes)"
        }
        OpKind::Br => "passes its token on unchanged (the end of a block)",
        OpKind::CondBr => "sends its data token to the true or the false output, as the condition says",
        OpKind::Sink => "takes and discards every token",
        OpKind::Source => "offers a control token every cycle",
        OpKind::Join => "outputs a control token once every input has one (a synchronisation)",
        OpKind::Blocker => "passes its first input's token once every input has one",
        OpKind::Constant { .. } => "outputs its constant each time its control token arrives",
        OpKind::Buffer(b) => return buffer(b.effective_type(), b.num_slots),
        OpKind::Load => "reads memory: sends the address to the memory interface and passes the data back",
        OpKind::Store => "writes memory: sends the address and the data to the memory interface",
        OpKind::MemController { .. } => {
            "the memory interface of one array: serves the loads and stores connected to it, and counts the stores to tell the end when they are done"
        }
        OpKind::Lsq { .. } => "a load-store queue: orders the loads and stores of one array dynamically",
        OpKind::End => "collects the results and the memory interfaces' done signals: the kernel's end",
        OpKind::Return => "passes the returned value to the end",
        OpKind::Instance { .. } => "an instance of another module",
        OpKind::Bundle | OpKind::Unbundle | OpKind::Compose | OpKind::Decompose => {
            "regroups wires (no logic)"
        }
        OpKind::CmpI(_) | OpKind::CmpF(_) => {
            "compares its two operands once both have arrived and outputs the 1-bit result"
        }
        OpKind::Select => "outputs the true or the false value, as the condition says, once all three have arrived",
        OpKind::Bin(_) => {
            return format!(
                "computes `{}` of its two operands once both have arrived (a join, then the operation)",
                kind.mnemonic()
            )
        }
        OpKind::Un(_) | OpKind::Cast(_) => {
            return format!("computes `{}` of its operand", kind.mnemonic())
        }
    };
    sentence.to_string()
}

/// What a buffer of `ty` with `slots` slots breaks, adds and holds.
fn buffer(ty: BufferType, slots: u32) -> String {
    let tokens = if slots == 1 {
        "1 token".to_string()
    } else {
        format!("{slots} tokens")
    };
    match ty {
        BufferType::OneSlotBreakDV => {
            "a register on data and valid: breaks their combinational path, adds 1 cycle, holds 1 token".to_string()
        }
        BufferType::OneSlotBreakR => {
            "a register on ready: breaks the ready path, adds no cycle, holds 1 token".to_string()
        }
        BufferType::OneSlotBreakDVR => {
            "registers data, valid and ready: breaks both paths, adds 1 cycle, holds 1 token".to_string()
        }
        BufferType::FifoBreakDV => {
            format!("a FIFO: breaks data and valid, adds 1 cycle, holds {tokens}")
        }
        BufferType::FifoBreakNone => format!(
            "a FIFO that passes tokens straight through when empty: breaks no path, adds no cycle, holds {tokens}"
        ),
        BufferType::ShiftRegBreakDV => format!(
            "a shift register: breaks data and valid, adds {slots} cycles, holds {tokens}"
        ),
    }
}
