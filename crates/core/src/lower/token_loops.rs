//! Loops whose iterations share their memory's token instead of passing it on
//! (docs/memory-ordering.md, "Loops whose iterations need no ordering").
//!
//! For a memory ordered by its token and a loop that carries no dependence on it, where
//! sharing pays ([`super::depend`]'s `shared_token_loops`), the loop's header takes the token the loop was entered with
//! ([`Flow::LoopStart`], passed unchanged around the back edges) as every iteration's token,
//! and collects the iterations' final tokens in [`Flow::LoopDone`] (entered as the token the
//! loop was entered with, then `join(done, token)` on every back edge). An edge leaving the
//! loop carries `join(done, token)` as the memory's token, so what follows the loop waits for
//! all its iterations' accesses, as it waited for the last one before.
//!
//! Invariant: a loop is listed for a memory only when it contains an ordered access of it,
//! is entered only through its header, and the memory is not served by a load-store queue.

use super::liveness::Flow;
use crate::cfg::analysis::Cfg;
use crate::cfg::ir::Block;
use std::collections::{BTreeMap, BTreeSet};

/// One such loop and the memories whose tokens it shares.
struct TokenLoop {
    header: Block,
    blocks: BTreeSet<Block>,
    mems: BTreeSet<u32>,
}

/// Every such loop of the function, innermost first.
#[derive(Default)]
pub struct TokenLoops(Vec<TokenLoop>);

impl TokenLoops {
    /// The loops of `shared` (per memory, loop headers) for the memories not in `lsq`.
    pub fn new(
        cfg: &Cfg,
        shared: &BTreeMap<u32, BTreeSet<Block>>,
        lsq: &BTreeSet<u32>,
    ) -> TokenLoops {
        let mut loops: Vec<TokenLoop> = cfg
            .loops()
            .into_iter()
            .map(|l| TokenLoop {
                mems: shared
                    .iter()
                    .filter(|(m, hs)| !lsq.contains(m) && hs.contains(&l.header))
                    .map(|(&m, _)| m)
                    .collect(),
                header: l.header,
                blocks: l.blocks,
            })
            .filter(|t| !t.mems.is_empty())
            .collect();
        loops.sort_by_key(|t| t.blocks.len());
        TokenLoops(loops)
    }

    /// The memories whose token the loop headed by `b` shares (none when `b` heads none).
    pub fn headed_by(&self, b: Block) -> impl Iterator<Item = u32> + '_ {
        self.0
            .iter()
            .filter(move |t| t.header == b)
            .flat_map(|t| t.mems.iter().copied())
    }

    /// True when block `b` is inside the loop headed by `h`.
    pub fn contains(&self, h: Block, b: Block) -> bool {
        self.0
            .iter()
            .any(|t| t.header == h && t.blocks.contains(&b))
    }

    /// The headers of the loops sharing memory `m`'s token that the edge `from → to` leaves,
    /// innermost first.
    pub fn left(&self, m: u32, from: Block, to: Block) -> Vec<Block> {
        self.0
            .iter()
            .filter(|t| t.mems.contains(&m) && t.blocks.contains(&from) && !t.blocks.contains(&to))
            .map(|t| t.header)
            .collect()
    }

    /// The flows block `from` must hold for its edge to `to` to carry the flow `x` that
    /// enters `to`.
    pub fn edge_needs(&self, from: Block, to: Block, x: Flow) -> Vec<Flow> {
        let token = |m: u32| {
            let mut v = vec![Flow::Tok(m)];
            v.extend(
                self.left(m, from, to)
                    .into_iter()
                    .map(|h| Flow::LoopDone(m, h)),
            );
            v
        };
        match x {
            Flow::Tok(m) => token(m),
            Flow::LoopStart(_, h) if self.contains(h, from) => vec![x],
            Flow::LoopDone(m, h) if self.contains(h, from) => {
                let mut v = vec![x];
                v.extend(token(m));
                v
            }
            Flow::LoopStart(m, _) | Flow::LoopDone(m, _) => token(m),
            Flow::Val(_) => vec![x],
        }
    }
}
