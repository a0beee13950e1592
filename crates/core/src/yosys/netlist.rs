//! Reading a Yosys JSON netlist (`write_json` after `synth_xilinx`, the cell library deleted):
//! the leaf cells of each module sorted into the resource classes of a 7-series part, summed
//! through the hierarchy, for the whole design and per instance of the top module.
//!
//! A cell whose type is a module of the netlist is an instance and counts that module's cells;
//! any other cell is a leaf of the Xilinx library. I/O and clock buffers count in no class.

use serde_json::Value;
use std::collections::HashMap;

/// Cells per resource class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Area {
    /// Look-up tables (`LUT1`…`LUT6`, `INV`).
    pub luts: u64,
    /// Flip-flops (`FDRE`, `FDSE`, `FDCE`, `FDPE`).
    pub ffs: u64,
    /// Distributed RAM and shift-register LUTs (`RAM32M`, `RAM64X1D`, `SRL16E`, …).
    pub lutram: u64,
    /// Carry chains (`CARRY4`).
    pub carry: u64,
    /// Wide multiplexers (`MUXF7`, `MUXF8`).
    pub muxf: u64,
    /// DSP slices (`DSP48E1`).
    pub dsps: u64,
    /// Block RAMs (`RAMB18E1`, `RAMB36E1`).
    pub brams: u64,
    /// Latch cells (`LDCE`, `LDPE`): broken hardware in a synchronous design.
    pub latches: u64,
    /// Any other cell.
    pub other: u64,
}

impl Area {
    /// The cells of both.
    pub fn plus(&self, o: &Area) -> Area {
        Area {
            luts: self.luts + o.luts,
            ffs: self.ffs + o.ffs,
            lutram: self.lutram + o.lutram,
            carry: self.carry + o.carry,
            muxf: self.muxf + o.muxf,
            dsps: self.dsps + o.dsps,
            brams: self.brams + o.brams,
            latches: self.latches + o.latches,
            other: self.other + o.other,
        }
    }

    /// Counts one leaf cell of the Xilinx library.
    fn count_leaf(&mut self, ty: &str) {
        let slot = match ty {
            "INV" => &mut self.luts,
            "FDRE" | "FDSE" | "FDCE" | "FDPE" => &mut self.ffs,
            "LDCE" | "LDPE" => &mut self.latches,
            "CARRY4" => &mut self.carry,
            "MUXF7" | "MUXF8" => &mut self.muxf,
            "DSP48E1" => &mut self.dsps,
            "IBUF" | "OBUF" | "IOBUF" | "OBUFT" | "BUFG" | "BUFGCTRL" => return,
            t if t.starts_with("LUT") => &mut self.luts,
            t if t.starts_with("RAMB") => &mut self.brams,
            t if t.starts_with("RAM") || t.starts_with("SRL") => &mut self.lutram,
            _ => &mut self.other,
        };
        *slot += 1;
    }
}

/// One instance of the top module with the cells of its whole subtree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstanceArea {
    /// The instance name (the HW IR's unit name).
    pub instance: String,
    /// The template (module name without Yosys's parameter prefix).
    pub template: String,
    /// Its cells.
    pub area: Area,
}

/// A parsed netlist: each module's cell types.
#[derive(Clone, Debug, Default)]
pub struct Netlist {
    /// `module -> [(cell name, cell type)]`.
    modules: HashMap<String, Vec<(String, String)>>,
}

/// `$paramod$<hash>\muli` or `$paramod\addi\DATA_WIDTH=…` → `muli` / `addi`.
fn template_name(module: &str) -> String {
    match module.strip_prefix("$paramod") {
        Some(rest) => rest
            .trim_start_matches('$')
            .split('\\')
            .nth(1)
            .unwrap_or(rest)
            .to_string(),
        None => module.trim_start_matches('\\').to_string(),
    }
}

impl Netlist {
    /// Parses `write_json`'s text.
    pub fn parse(json: &str) -> Result<Netlist, String> {
        let v: Value = serde_json::from_str(json).map_err(|e| format!("netlist JSON: {e}"))?;
        let modules = v
            .get("modules")
            .and_then(Value::as_object)
            .ok_or("netlist JSON has no `modules` object")?;
        let mut out = Netlist::default();
        for (name, m) in modules {
            let cells = m
                .get("cells")
                .and_then(Value::as_object)
                .map(|cells| {
                    cells
                        .iter()
                        .map(|(c, cell)| {
                            let ty = cell.get("type").and_then(Value::as_str).unwrap_or("");
                            (c.clone(), ty.to_string())
                        })
                        .collect()
                })
                .unwrap_or_default();
            out.modules.insert(name.clone(), cells);
        }
        Ok(out)
    }

    /// The cells of `module`'s whole subtree (`memo` caches modules already summed).
    fn subtree(&self, module: &str, memo: &mut HashMap<String, Area>, depth: usize) -> Area {
        if let Some(a) = memo.get(module) {
            return *a;
        }
        let mut area = Area::default();
        // A netlist is a tree of finite depth; the bound only guards a malformed file.
        if depth > 64 {
            return area;
        }
        for (_, ty) in self.modules.get(module).into_iter().flatten() {
            if self.modules.contains_key(ty) {
                area = area.plus(&self.subtree(ty, memo, depth + 1));
            } else {
                area.count_leaf(ty);
            }
        }
        memo.insert(module.to_string(), area);
        area
    }

    /// The cells of the whole design under `top`; `None` if there is no such module.
    pub fn total(&self, top: &str) -> Option<Area> {
        self.modules
            .contains_key(top)
            .then(|| self.subtree(top, &mut HashMap::new(), 0))
    }

    /// Each instance of `top` with its subtree's cells, by instance name; the top's own leaf
    /// cells (glue logic), if any, as instance `(top)`.
    pub fn per_instance(&self, top: &str) -> Vec<InstanceArea> {
        let mut memo = HashMap::new();
        let mut out = Vec::new();
        let mut glue = Area::default();
        for (name, ty) in self.modules.get(top).into_iter().flatten() {
            if self.modules.contains_key(ty) {
                out.push(InstanceArea {
                    instance: name.trim_start_matches('\\').to_string(),
                    template: template_name(ty),
                    area: self.subtree(ty, &mut memo, 1),
                });
            } else {
                glue.count_leaf(ty);
            }
        }
        out.sort_by(|a, b| a.instance.cmp(&b.instance));
        if glue != Area::default() {
            out.push(InstanceArea {
                instance: "(top)".into(),
                template: top.to_string(),
                area: glue,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape of Yosys 0.23's `write_json` (ports and nets left out: they are not read).
    const NETLIST: &str = r#"{
  "creator": "Yosys 0.23 (git sha1 7ce5011c24b)",
  "modules": {
    "$paramod$0f47\\muli": {
      "attributes": {},
      "cells": {
        "pipe": { "type": "$paramod$c36d\\shift_reg_break_dv" },
        "$mul$muli.v:25$1": { "type": "DSP48E1" },
        "$abc$1": { "type": "LUT2" }
      }
    },
    "$paramod$c36d\\shift_reg_break_dv": {
      "cells": {
        "$r1": { "type": "FDRE" }, "$r2": { "type": "FDRE" },
        "$s": { "type": "SRL16E" }, "$l": { "type": "LUT3" }
      }
    },
    "$paramod\\addi\\DATA_WIDTH=s32'00000000000000000000000000100000": {
      "cells": { "$c": { "type": "CARRY4" }, "$l": { "type": "LUT2" }, "$m": { "type": "MUXF7" } }
    },
    "fir": {
      "attributes": { "top": "00000000000000000000000000000001" },
      "cells": {
        "muli0": { "type": "$paramod$0f47\\muli" },
        "muli1": { "type": "$paramod$0f47\\muli" },
        "addi0": { "type": "$paramod\\addi\\DATA_WIDTH=s32'00000000000000000000000000100000" },
        "$glue": { "type": "INV" },
        "ram": { "type": "RAMB18E1" },
        "$io": { "type": "IBUF" }
      }
    }
  }
}"#;

    #[test]
    fn totals_sum_through_the_hierarchy() {
        let n = Netlist::parse(NETLIST).unwrap();
        let t = n.total("fir").unwrap();
        // Two muli (1 LUT + 1 DSP + pipe: 2 FF, 1 SRL, 1 LUT each), one addi, glue INV.
        assert_eq!((t.luts, t.ffs, t.lutram, t.dsps), (2 * 2 + 1 + 1, 4, 2, 2));
        assert_eq!(
            (t.carry, t.muxf, t.brams, t.other, t.latches),
            (1, 1, 1, 0, 0)
        );
        assert_eq!(n.total("nope"), None);
    }

    #[test]
    fn instances_name_their_template_and_glue_comes_last() {
        let n = Netlist::parse(NETLIST).unwrap();
        let rows = n.per_instance("fir");
        let names: Vec<_> = rows
            .iter()
            .map(|r| (r.instance.as_str(), r.template.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("addi0", "addi"),
                ("muli0", "muli"),
                ("muli1", "muli"),
                ("(top)", "fir")
            ]
        );
        assert_eq!(rows[1].area.ffs, 2);
        assert_eq!((rows[3].area.luts, rows[3].area.brams), (1, 1));
    }

    #[test]
    fn malformed_json_is_an_error() {
        assert!(Netlist::parse("{").is_err());
        assert!(Netlist::parse("{\"x\": 1}").is_err());
    }
}
