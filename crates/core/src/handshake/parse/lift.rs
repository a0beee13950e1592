//! Lifting of known attributes into typed fields: `handshake.bb`, `handshake.name`,
//! `hw.parameters`, a constant's `value`, buffer parameters, `connectedBlocks`, `groupSizes`,
//! instance parameters and (generic form) comparison predicates. Everything else stays in the
//! op's generic attribute map.

use super::ops::Parsed;
use super::parser::{PResult, Parser};
use crate::handshake::attr::Attr;
use crate::handshake::ops::{CmpFPred, CmpIPred, OpKind};
use std::collections::BTreeMap;

impl Parser<'_> {
    /// Moves known attributes into typed fields; returns (kind, bb, name, hw params, rest).
    #[allow(clippy::type_complexity)]
    pub(super) fn lift_attrs(
        &mut self,
        p: &mut Parsed,
        start: u32,
    ) -> PResult<(
        OpKind,
        Option<u32>,
        Option<String>,
        BTreeMap<String, Attr>,
        BTreeMap<String, Attr>,
    )> {
        let mut kind = p.kind.clone();
        let mut bb = None;
        let mut name = None;
        let mut hw = BTreeMap::new();
        let mut rest = BTreeMap::new();
        let mut seen = std::collections::BTreeSet::new();
        for (k, v, at) in std::mem::take(&mut p.attrs) {
            let err = |p: &Self, msg: String| p.err_span(at, at + k.len() as u32, msg);
            if !seen.insert(k.clone()) {
                return Err(err(self, format!("duplicate attribute '{k}'")));
            }
            match (k.as_str(), &mut kind) {
                ("handshake.bb", _) => match v {
                    Attr::Int { value, .. } if (0..=u32::MAX as i64).contains(&value) => {
                        bb = Some(value as u32)
                    }
                    _ => {
                        return Err(err(
                            self,
                            "'handshake.bb' must be a non-negative integer".into(),
                        ))
                    }
                },
                ("handshake.name", _) => match v {
                    Attr::Str(s) => name = Some(s),
                    _ => return Err(err(self, "'handshake.name' must be a string".into())),
                },
                ("hw.parameters", _) => match v {
                    Attr::Dict(d) => hw = d,
                    _ => return Err(err(self, "'hw.parameters' must be a dictionary".into())),
                },
                ("value", OpKind::Constant { value }) => match v {
                    Attr::Bool(_) | Attr::Int { .. } | Attr::Float { .. } => *value = v,
                    _ => {
                        return Err(err(
                            self,
                            "a constant's 'value' must be a boolean, integer or float".into(),
                        ))
                    }
                },
                (
                    "connectedBlocks",
                    OpKind::MemController {
                        connected_blocks: list,
                    },
                )
                | (
                    "groupSizes",
                    OpKind::Lsq {
                        group_sizes: list, ..
                    },
                ) => match int_list(&v) {
                    Some(l) => *list = l,
                    None => return Err(err(self, format!("'{k}' must be an array of integers"))),
                },
                ("predicate", OpKind::CmpI(pred)) => match &v {
                    Attr::Str(s) if CmpIPred::from_text(s).is_some() => {
                        *pred = CmpIPred::from_text(s).unwrap_or(*pred)
                    }
                    _ => return Err(err(self, "'predicate' must name a cmpi predicate".into())),
                },
                ("predicate", OpKind::CmpF(pred)) => match &v {
                    Attr::Str(s) if CmpFPred::from_text(s).is_some() => {
                        *pred = CmpFPred::from_text(s).unwrap_or(*pred)
                    }
                    _ => return Err(err(self, "'predicate' must name a cmpf predicate".into())),
                },
                (key, OpKind::Instance { params, .. }) if !key.contains('.') => {
                    params.insert(k, v);
                }
                _ => {
                    rest.insert(k, v);
                }
            }
        }
        if let OpKind::Constant { value: Attr::Unit } = kind {
            return Err(self.err_span(
                start,
                self.last_end,
                "'constant' needs a 'value' attribute",
            ));
        }
        if let OpKind::Buffer(params) = &mut kind {
            let (type_given, mut slots_given) = p.inline_buffer;
            let (at, end) = (start, self.last_end);
            let twice = |p: &Self, key: &str| {
                p.err_span(at, end, format!("buffer parameter {key} is given twice"))
            };
            if let Some(v) = hw.remove("BUFFER_TYPE") {
                if type_given {
                    return Err(twice(self, "BUFFER_TYPE"));
                }
                let Attr::Str(s) = v else {
                    return Err(self.err_span(at, end, "BUFFER_TYPE must be a string"));
                };
                params.buffer_type = Some(self.buffer_type_at(&s, at)?);
            }
            if let Some(v) = hw.remove("NUM_SLOTS") {
                if slots_given {
                    return Err(twice(self, "NUM_SLOTS"));
                }
                match v {
                    Attr::Int { value, .. } if (0..=u32::MAX as i64).contains(&value) => {
                        params.num_slots = value as u32
                    }
                    _ => {
                        return Err(self.err_span(
                            at,
                            at,
                            "NUM_SLOTS must be a non-negative integer",
                        ))
                    }
                }
                slots_given = true;
            }
            if let Some(v) = hw.remove("TIMING") {
                let Attr::Timing(t) = v else {
                    return Err(self.err_span(
                        at,
                        at,
                        "TIMING must be written #handshake<timing {D: 1, V: 1, R: 0}>",
                    ));
                };
                params.timing = Some(t);
            }
            if !slots_given {
                return Err(self.err_span(
                    at,
                    at,
                    "'buffer' needs NUM_SLOTS (in hw.parameters or as numSlots = N)",
                ));
            }
        }
        Ok((kind, bb, name, hw, rest))
    }
}

fn int_list(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::Array(items) => items.iter().map(Attr::as_i64).collect(),
        _ => None,
    }
}
