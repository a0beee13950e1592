//! RTL port naming: the `io-map`, `io-signals` and `io-kind` options applied to the port names
//! of the HW IR.
//!
//! In the HW IR every port is named following the flat convention: a port that belongs to a
//! logical array is `base_i` (e.g. `ins_0`). The RTL name of one signal of such a port is computed
//! in the order the specification fixes: first the `io-map` remapping of the whole IR name (the
//! first matching rule wins), then the signal suffix from `io-signals`, then the array naming of
//! `io-kind` (hierarchical: the `_i` suffix becomes an index of the array port).

use super::model::IoKind;

/// The three signals of a dataflow channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SignalKind {
    /// The data bus.
    Data,
    /// The valid wire.
    Valid,
    /// The ready wire.
    Ready,
}

/// The suffix each signal kind adds to a channel's port name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoSignals {
    /// Suffix of the data bus (default empty).
    pub data: String,
    /// Suffix of the valid wire (default `_valid`).
    pub valid: String,
    /// Suffix of the ready wire (default `_ready`).
    pub ready: String,
}

impl Default for IoSignals {
    fn default() -> Self {
        IoSignals {
            data: String::new(),
            valid: "_valid".to_string(),
            ready: "_ready".to_string(),
        }
    }
}

impl IoSignals {
    /// The suffix of one signal kind.
    pub fn suffix(&self, kind: SignalKind) -> &str {
        match kind {
            SignalKind::Data => &self.data,
            SignalKind::Valid => &self.valid,
            SignalKind::Ready => &self.ready,
        }
    }
}

/// One `io-map` rule: an IR port name pattern and its RTL replacement, each with at most one `*`
/// (and the replacement only if the pattern has one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoMapRule {
    /// The pattern matched against IR port names.
    pub from: String,
    /// The RTL name; a `*` receives what the pattern's `*` matched.
    pub to: String,
}

impl IoMapRule {
    /// A rule, or why it is malformed.
    pub fn new(from: &str, to: &str) -> Result<IoMapRule, String> {
        let stars = |s: &str| s.matches('*').count();
        if stars(from) > 1 {
            return Err(format!("the pattern {from:?} has more than one `*`"));
        }
        if stars(to) > 1 {
            return Err(format!("the replacement {to:?} has more than one `*`"));
        }
        if stars(to) == 1 && stars(from) == 0 {
            return Err(format!(
                "the replacement {to:?} has a `*` but the pattern {from:?} has none"
            ));
        }
        Ok(IoMapRule {
            from: from.to_string(),
            to: to.to_string(),
        })
    }

    /// The RTL name for `name` if the rule matches it.
    pub fn apply(&self, name: &str) -> Option<String> {
        let Some((prefix, suffix)) = self.from.split_once('*') else {
            return (name == self.from).then(|| self.to.clone());
        };
        if name.len() < prefix.len() + suffix.len()
            || !name.starts_with(prefix)
            || !name.ends_with(suffix)
        {
            return None;
        }
        let matched = &name[prefix.len()..name.len() - suffix.len()];
        Some(self.to.replacen('*', matched, 1))
    }
}

/// The port-naming options of a component.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PortNaming {
    /// How logical port arrays are named.
    pub kind: IoKind,
    /// Signal suffixes.
    pub signals: IoSignals,
    /// Remappings, tried in order.
    pub map: Vec<IoMapRule>,
}

/// The RTL name of one signal of one port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtlPort {
    /// The RTL port (for a hierarchical array element, the array port's name).
    pub name: String,
    /// For a hierarchical array element, the element's index in the array port.
    pub index: Option<u32>,
}

impl RtlPort {
    /// The name as a VHDL port-map formal: `name` or `name(i)`.
    pub fn vhdl(&self) -> String {
        match self.index {
            Some(i) => format!("{}({i})", self.name),
            None => self.name.clone(),
        }
    }
}

impl PortNaming {
    /// The IR name after `io-map` (unchanged when no rule matches).
    pub fn remap(&self, ir_name: &str) -> String {
        self.map
            .iter()
            .find_map(|rule| rule.apply(ir_name))
            .unwrap_or_else(|| ir_name.to_string())
    }

    /// The RTL name of signal `signal` of the IR port `base` (element `index` of a logical port
    /// array when `Some`, whose IR name is then `base_index`).
    pub fn rtl_port(&self, base: &str, index: Option<u32>, signal: SignalKind) -> RtlPort {
        let ir_name = match index {
            Some(i) => format!("{base}_{i}"),
            None => base.to_string(),
        };
        let mapped = self.remap(&ir_name);
        let suffix = self.signals.suffix(signal);
        if let (IoKind::Hierarchical, Some(i)) = (self.kind, index) {
            // The remapped name still ends in the element number: name the array port.
            if let Some(array) = mapped.strip_suffix(&format!("_{i}")) {
                return RtlPort {
                    name: format!("{array}{suffix}"),
                    index: Some(i),
                };
            }
        }
        RtlPort {
            name: format!("{mapped}{suffix}"),
            index: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naming(kind: IoKind, map: &[(&str, &str)]) -> PortNaming {
        PortNaming {
            kind,
            signals: IoSignals::default(),
            map: map
                .iter()
                .map(|(f, t)| IoMapRule::new(f, t).unwrap())
                .collect(),
        }
    }

    #[test]
    fn rules_match_exactly_or_with_one_wildcard() {
        let r = IoMapRule::new("in*_x", "a_*").unwrap();
        assert_eq!(r.apply("in3_x").as_deref(), Some("a_3"));
        assert_eq!(r.apply("in_x").as_deref(), Some("a_"));
        assert_eq!(r.apply("in_"), None);
        assert_eq!(
            IoMapRule::new("index", "sel").unwrap().apply("index2"),
            None
        );
        assert_eq!(
            IoMapRule::new("*", "fixed").unwrap().apply("q").as_deref(),
            Some("fixed")
        );
        assert!(IoMapRule::new("a*b*", "x").is_err());
        assert!(IoMapRule::new("a*", "x**").is_err());
        assert!(IoMapRule::new("a", "x*").is_err());
    }

    #[test]
    fn map_then_suffix_then_array_naming() {
        let n = naming(
            IoKind::Hierarchical,
            &[("index", "io_select"), ("*", "io_*")],
        );
        let p = n.rtl_port("ins", Some(1), SignalKind::Valid);
        assert_eq!(p.vhdl(), "io_ins_valid(1)");
        assert_eq!(
            n.rtl_port("index", None, SignalKind::Data).vhdl(),
            "io_select"
        );
        let flat = naming(IoKind::Flat, &[("*", "io_*")]);
        assert_eq!(
            flat.rtl_port("ins", Some(1), SignalKind::Ready).vhdl(),
            "io_ins_1_ready"
        );
    }

    #[test]
    fn a_rule_that_drops_the_element_number_names_a_plain_port() {
        let n = naming(IoKind::Hierarchical, &[("ins_0", "first")]);
        let p = n.rtl_port("ins", Some(0), SignalKind::Data);
        assert_eq!(
            p,
            RtlPort {
                name: "first".into(),
                index: None
            }
        );
    }

    #[test]
    fn io_signals_change_suffixes() {
        let mut n = naming(IoKind::Hierarchical, &[]);
        n.signals.data = "_bits".into();
        assert_eq!(
            n.rtl_port("outs", Some(0), SignalKind::Data).vhdl(),
            "outs_bits(0)"
        );
        assert_eq!(
            n.rtl_port("outs", None, SignalKind::Ready).vhdl(),
            "outs_ready"
        );
    }
}
