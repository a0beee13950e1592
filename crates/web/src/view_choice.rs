//! How the user wants the graph drawn: simplified or not (automatic until chosen: simplified
//! above [`SIMPLIFY_ABOVE_UNITS`] units) and which basic blocks are collapsed. Kept across
//! recompilations of one kernel, forgotten with a new kernel.

use rivulet_core::view::{ViewOptions, SIMPLIFY_ABOVE_UNITS};
use std::collections::BTreeSet;

/// The user's choice of how to draw the graph.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ViewChoice {
    /// Simplified or not; `None`: automatic by the circuit's size.
    pub simplified: Option<bool>,
    /// Collapsed basic blocks (`handshake.bb` numbers).
    pub collapsed: BTreeSet<u32>,
}

impl ViewChoice {
    /// The view options for a circuit of `units` units (its full view's count).
    pub fn options(&self, units: usize) -> ViewOptions {
        ViewOptions {
            simplified: self.simplified.unwrap_or(units > SIMPLIFY_ABOVE_UNITS),
            collapsed: self.collapsed.clone(),
        }
    }

    /// Collapses block `bb` if it is expanded, expands it otherwise.
    pub fn toggle_block(&mut self, bb: u32) {
        if !self.collapsed.remove(&bb) {
            self.collapsed.insert(bb);
        }
    }
}

/// The block number of a block's label or a collapsed block's unit name (`bb3` → 3).
pub fn block_number(label: &str) -> Option<u32> {
    label.strip_prefix("bb")?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_circuits_start_simplified_until_the_user_chooses() {
        let mut c = ViewChoice::default();
        assert!(!c.options(SIMPLIFY_ABOVE_UNITS).simplified);
        assert!(c.options(SIMPLIFY_ABOVE_UNITS + 1).simplified);
        c.simplified = Some(false);
        assert!(!c.options(1000).simplified);
        c.toggle_block(3);
        c.toggle_block(5);
        c.toggle_block(3);
        assert_eq!(c.options(10).collapsed, BTreeSet::from([5]));
        assert_eq!(block_number("bb12"), Some(12));
        assert_eq!(block_number("fork3"), None);
    }
}
