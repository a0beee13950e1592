//! Legal, unique HDL identifiers for the glue and the testbench.
//!
//! A [`HdlNamer`] turns IR names into identifiers valid in one language: characters other than
//! letters, digits and `_` become `_`; a name must start with a letter; VHDL also forbids `__`
//! and a trailing `_`; reserved words get a `_s` suffix. Names are unique (case-insensitively in
//! VHDL), and a channel name reserves its `_valid` and `_ready` companions too.

use crate::rtl::config::Hdl;
use std::collections::BTreeSet;

const VHDL_KEYWORDS: &[&str] = &[
    "abs",
    "access",
    "after",
    "alias",
    "all",
    "and",
    "architecture",
    "array",
    "assert",
    "assume",
    "attribute",
    "begin",
    "block",
    "body",
    "buffer",
    "bus",
    "case",
    "component",
    "configuration",
    "constant",
    "context",
    "cover",
    "default",
    "disconnect",
    "downto",
    "else",
    "elsif",
    "end",
    "entity",
    "exit",
    "fairness",
    "file",
    "for",
    "force",
    "function",
    "generate",
    "generic",
    "group",
    "guarded",
    "if",
    "impure",
    "in",
    "inertial",
    "inout",
    "is",
    "label",
    "library",
    "linkage",
    "literal",
    "loop",
    "map",
    "mod",
    "nand",
    "new",
    "next",
    "nor",
    "not",
    "null",
    "of",
    "on",
    "open",
    "or",
    "others",
    "out",
    "package",
    "parameter",
    "port",
    "postponed",
    "procedure",
    "process",
    "property",
    "protected",
    "pure",
    "range",
    "record",
    "register",
    "reject",
    "release",
    "rem",
    "report",
    "restrict",
    "return",
    "rol",
    "ror",
    "select",
    "sequence",
    "severity",
    "shared",
    "signal",
    "sla",
    "sll",
    "sra",
    "srl",
    "strong",
    "subtype",
    "then",
    "to",
    "transport",
    "type",
    "unaffected",
    "units",
    "until",
    "use",
    "variable",
    "vmode",
    "vprop",
    "vunit",
    "wait",
    "when",
    "while",
    "with",
    "xnor",
    "xor",
    // Names the glue itself uses.
    "clk",
    "rst",
    "ieee",
    "std",
    "work",
    "std_logic",
    "std_logic_vector",
    "types",
];

const VERILOG_KEYWORDS: &[&str] = &[
    "always",
    "and",
    "assign",
    "automatic",
    "begin",
    "buf",
    "bufif0",
    "bufif1",
    "case",
    "casex",
    "casez",
    "cell",
    "cmos",
    "config",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "edge",
    "else",
    "end",
    "endcase",
    "endconfig",
    "endfunction",
    "endgenerate",
    "endmodule",
    "endprimitive",
    "endspecify",
    "endtable",
    "endtask",
    "event",
    "for",
    "force",
    "forever",
    "fork",
    "function",
    "generate",
    "genvar",
    "highz0",
    "highz1",
    "if",
    "ifnone",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "instance",
    "integer",
    "join",
    "large",
    "liblist",
    "library",
    "localparam",
    "macromodule",
    "medium",
    "module",
    "nand",
    "negedge",
    "nmos",
    "nor",
    "noshowcancelled",
    "not",
    "notif0",
    "notif1",
    "or",
    "output",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pulsestyle_ondetect",
    "pulsestyle_onevent",
    "rcmos",
    "real",
    "realtime",
    "reg",
    "release",
    "repeat",
    "rnmos",
    "rpmos",
    "rtran",
    "rtranif0",
    "rtranif1",
    "scalared",
    "showcancelled",
    "signed",
    "small",
    "specify",
    "specparam",
    "strong0",
    "strong1",
    "supply0",
    "supply1",
    "table",
    "task",
    "time",
    "tran",
    "tranif0",
    "tranif1",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "unsigned",
    "use",
    "vectored",
    "wait",
    "wand",
    "weak0",
    "weak1",
    "while",
    "wire",
    "wor",
    "xnor",
    "xor",
    // SystemVerilog words (the testbench is compiled as SystemVerilog).
    "bit",
    "logic",
    "byte",
    "int",
    "shortint",
    "longint",
    "shortreal",
    "string",
    "chandle",
    "class",
    "const",
    "enum",
    "export",
    "import",
    "interface",
    "package",
    "program",
    "struct",
    "typedef",
    "union",
    "void",
    "final",
    "unique",
    "priority",
    "return",
    "break",
    "continue",
    "do",
    "foreach",
    "inside",
    "let",
    "ref",
    "static",
    "type",
    "var",
    "virtual",
    "with",
    "clk",
    "rst",
];

/// Allocates legal unique identifiers in one language.
#[derive(Clone, Debug)]
pub struct HdlNamer {
    hdl: Hdl,
    used: BTreeSet<String>,
}

impl HdlNamer {
    /// A namer for `hdl` with nothing reserved but the language's keywords.
    pub fn new(hdl: Hdl) -> HdlNamer {
        HdlNamer {
            hdl,
            used: BTreeSet::new(),
        }
    }

    fn key(&self, name: &str) -> String {
        match self.hdl {
            Hdl::Vhdl => name.to_ascii_lowercase(),
            Hdl::Verilog => name.to_string(),
        }
    }

    fn is_keyword(&self, name: &str) -> bool {
        let lower = name.to_ascii_lowercase();
        match self.hdl {
            Hdl::Vhdl => VHDL_KEYWORDS.contains(&lower.as_str()),
            Hdl::Verilog => VERILOG_KEYWORDS.contains(&name),
        }
    }

    /// Marks `name` (e.g. a unit's module name) as taken, exactly as spelled.
    pub fn reserve(&mut self, name: &str) {
        let k = self.key(name);
        self.used.insert(k);
    }

    /// The legal spelling of `name`, before uniqueness.
    pub fn legalize(&self, name: &str) -> String {
        let mut s: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
            s = format!("n{s}");
        }
        if self.hdl == Hdl::Vhdl {
            while s.contains("__") {
                s = s.replace("__", "_");
            }
            while s.ends_with('_') {
                s.pop();
            }
        }
        if self.is_keyword(&s) {
            s.push_str("_s");
        }
        s
    }

    /// A fresh legal name derived from `name` such that `name`, and `name` + each suffix, are
    /// all unused; all of them become used.
    pub fn fresh(&mut self, name: &str, suffixes: &[&str]) -> String {
        let base = self.legalize(name);
        let mut candidate = base.clone();
        let mut k = 0;
        loop {
            let all: Vec<String> = std::iter::once(candidate.clone())
                .chain(suffixes.iter().map(|s| format!("{candidate}{s}")))
                .collect();
            if all.iter().all(|n| !self.used.contains(&self.key(n))) {
                for n in all {
                    let key = self.key(&n);
                    self.used.insert(key);
                }
                return candidate;
            }
            k += 1;
            candidate = format!("{base}_{k}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_case_and_shapes() {
        let mut v = HdlNamer::new(Hdl::Vhdl);
        assert_eq!(v.fresh("signal", &[]), "signal_s");
        assert_eq!(v.fresh("Signal", &[]), "Signal_s_1");
        assert_eq!(v.fresh("a__b_", &[]), "a_b");
        assert_eq!(v.fresh("0x", &[]), "n0x");
        assert_eq!(v.fresh("x", &["_valid"]), "x");
        assert_eq!(v.fresh("X_VALID", &[]), "X_VALID_1");
        assert_eq!(v.fresh("_t", &[]), "n_t");
        let mut g = HdlNamer::new(Hdl::Verilog);
        assert_eq!(g.fresh("wire", &[]), "wire_s");
        assert_eq!(g.fresh("Wire", &[]), "Wire");
        assert_eq!(g.fresh("a__b", &[]), "a__b");
        g.reserve("mux");
        assert_eq!(g.fresh("mux", &[]), "mux_1");
    }
}
