//! VCD export of a run's [`Frame`]s, from a [`super::Trace`] or a [`super::CompactTrace`]
//! (IEEE 1364 value change dump, as GTKWave and Surfer read it). Timescale 1 ns, clock period 10 ns: cycle c spans [10c, 10c + 10), the clock rises at
//! 10c + 5 (the edge that registers the cycle's transfers). Per channel
//! `<name>_valid`, `<name>_ready` and, for a data channel, `<name>` (`width` bits, `x` while not
//! valid), in a scope named after the netlist's top; names are sanitized to `[A-Za-z0-9_]`.

use super::netlist::Netlist;
use super::trace::Frame;
use std::fmt::Write;

/// The short identifier of signal number `n` (printable ASCII 33..=126, base 94).
fn ident(mut n: usize) -> String {
    let mut s = String::new();
    loop {
        s.push(char::from(33 + (n % 94) as u8));
        n /= 94;
        if n == 0 {
            return s;
        }
        n -= 1;
    }
}

fn sanitize(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() {
        "_".into()
    } else {
        s
    }
}

/// The VCD text of a run's `frames` (cycles 0, 1, … in order), recorded from `netlist`, with
/// the top scope named `top`.
pub fn to_vcd(netlist: &Netlist, frames: impl IntoIterator<Item = Frame>, top: &str) -> String {
    let mut out = String::new();
    writeln!(out, "$date Rivulet simulation $end").ok();
    writeln!(out, "$version Rivulet {} $end", crate::version()).ok();
    writeln!(out, "$timescale 1ns $end").ok();
    writeln!(out, "$scope module {} $end", sanitize(top)).ok();
    writeln!(out, "$var wire 1 {} clk $end", ident(0)).ok();
    let ids: Vec<(String, String, String)> = (0..netlist.channels.len())
        .map(|c| (ident(1 + 3 * c), ident(2 + 3 * c), ident(3 + 3 * c)))
        .collect();
    for (c, ch) in netlist.channels.iter().enumerate() {
        let name = sanitize(&ch.name);
        let (v, r, d) = &ids[c];
        writeln!(out, "$var wire 1 {v} {name}_valid $end").ok();
        writeln!(out, "$var wire 1 {r} {name}_ready $end").ok();
        if ch.width > 0 {
            writeln!(
                out,
                "$var wire {} {d} {name} [{}:0] $end",
                ch.width,
                ch.width - 1
            )
            .ok();
        }
    }
    writeln!(out, "$upscope $end").ok();
    writeln!(out, "$enddefinitions $end").ok();
    let n = netlist.channels.len();
    // Last dumped (valid, ready, data) per channel; None = not dumped yet.
    let mut last: Vec<Option<(bool, bool, Option<u64>)>> = vec![None; n];
    let mut cycles = 0;
    for (cycle, frame) in (0u64..).zip(frames) {
        writeln!(out, "#{}", cycle * 10).ok();
        if cycle == 0 {
            writeln!(out, "$dumpvars").ok();
        }
        writeln!(out, "0{}", ident(0)).ok();
        for c in 0..n {
            let st = frame.state(c);
            let now = (st.valid(), st.ready(), frame.data(c));
            let prev = last[c];
            let (v, r, d) = &ids[c];
            if prev.map(|p| p.0) != Some(now.0) {
                writeln!(out, "{}{v}", u8::from(now.0)).ok();
            }
            if prev.map(|p| p.1) != Some(now.1) {
                writeln!(out, "{}{r}", u8::from(now.1)).ok();
            }
            let width = netlist.channels[c].width;
            if width > 0 && prev.map(|p| p.2) != Some(now.2) {
                match now.2 {
                    Some(x) => writeln!(out, "b{x:b} {d}").ok(),
                    None => writeln!(out, "bx {d}").ok(),
                };
            }
            last[c] = Some(now);
        }
        if cycle == 0 {
            writeln!(out, "$end").ok();
        }
        writeln!(out, "#{}", cycle * 10 + 5).ok();
        writeln!(out, "1{}", ident(0)).ok();
        cycles = cycle + 1;
    }
    writeln!(out, "#{}", cycles * 10).ok();
    out
}
