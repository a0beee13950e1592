//! Load and store ports (two independent wires each) and the memory controller
//! (`rtl-templates/README.md` §5.3, §5.4) with its synchronous-read memory (§6): `loadData`
//! holds the addressed word in the cycle after `loadEn`; a store is written at the edge ending
//! its cycle; a load and a store of the same address in one cycle read the old word.
//! Out-of-range reads give 0 and out-of-range writes are dropped, as in `tb_memory`.

use super::buffer::Fifo;
use super::{Comb, Edge, UnitModel};

/// Load or store port: `ins[k]` is wired to `outs[k]` for k = 0, 1.
#[derive(Clone)]
pub struct Ports {
    pub ins: Vec<usize>,
    pub outs: Vec<usize>,
}

impl UnitModel for Ports {
    fn eval(&self, c: &mut Comb<'_>) {
        for (&i, &o) in self.ins.iter().zip(&self.outs) {
            c.out(o, c.valid(i), c.data(i));
            c.set_ready(i, c.ready(o));
        }
    }
}

/// The memory controller of one memory.
#[derive(Clone)]
pub struct Controller {
    memory: usize,
    mem_start: usize,
    ctrl: Vec<usize>,
    ld_addr: Vec<usize>,
    st_addr: Vec<usize>,
    st_data: Vec<usize>,
    ctrl_end: usize,
    ld_data: Vec<usize>,
    mem_end: usize,
    /// A load was issued in the previous cycle, for port `rd_port`.
    rd_valid: bool,
    rd_port: usize,
    /// The memory's read register (`loadData`).
    load_data: u64,
    /// Loads issued and not yet delivered, per port.
    ld_cnt: Vec<u8>,
    /// Return buffers (FIFO_BREAK_NONE, 2 slots), per port.
    rb: Vec<Fifo>,
    /// Stores announced by ctrl tokens and not yet done (wraps).
    pending: u32,
}

impl Controller {
    pub fn new(
        memory: usize,
        controls: usize,
        loads: usize,
        stores: usize,
        ins: Vec<usize>,
        outs: Vec<usize>,
    ) -> Self {
        let a = 1 + controls;
        let b = a + loads;
        let s = b + stores;
        Self {
            memory,
            mem_start: ins[0],
            ctrl: ins[1..a].to_vec(),
            ld_addr: ins[a..b].to_vec(),
            st_addr: ins[b..s].to_vec(),
            st_data: ins[s..s + stores].to_vec(),
            ctrl_end: ins[s + stores],
            ld_data: outs[..loads].to_vec(),
            mem_end: outs[loads],
            rd_valid: false,
            rd_port: 0,
            load_data: 0,
            ld_cnt: vec![0; loads],
            rb: vec![Fifo::new(2); loads],
            pending: 0,
        }
    }

    /// The load port granted this cycle.
    #[inline]
    fn load_grant(&self, valid: impl Fn(usize) -> bool) -> Option<usize> {
        (0..self.ld_addr.len()).find(|&i| valid(self.ld_addr[i]) && self.ld_cnt[i] < 2)
    }

    /// The store port granted this cycle.
    #[inline]
    fn store_grant(&self, valid: impl Fn(usize) -> bool) -> Option<usize> {
        (0..self.st_addr.len()).find(|&j| valid(self.st_addr[j]) && valid(self.st_data[j]))
    }

    /// Return buffer input valid of port `i`.
    #[inline]
    fn rb_in(&self, i: usize) -> bool {
        self.rd_valid && self.rd_port == i
    }
}

impl UnitModel for Controller {
    fn eval(&self, c: &mut Comb<'_>) {
        c.set_ready(self.mem_start, true);
        for &k in &self.ctrl {
            c.set_ready(k, true);
        }
        let g = self.load_grant(|ch| c.valid(ch));
        for (i, &ch) in self.ld_addr.iter().enumerate() {
            c.set_ready(ch, g == Some(i));
        }
        for (i, &ch) in self.ld_data.iter().enumerate() {
            let (v, d) = self.rb[i].bypass_out(self.rb_in(i), self.load_data);
            c.out(ch, v, d);
        }
        let s = self.store_grant(|ch| c.valid(ch));
        for j in 0..self.st_addr.len() {
            c.set_ready(self.st_addr[j], s == Some(j));
            c.set_ready(self.st_data[j], s == Some(j));
        }
        let busy = [&self.ctrl, &self.st_addr, &self.st_data]
            .iter()
            .any(|chs| chs.iter().any(|&ch| c.valid(ch)));
        let done = self.pending == 0 && !busy;
        c.out(self.mem_end, c.valid(self.ctrl_end) && done, 0);
        c.set_ready(self.ctrl_end, c.ready(self.mem_end) && done);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let sig = e.sig;
        let g = self.load_grant(|ch| sig.valid[ch]);
        let s = self.store_grant(|ch| sig.valid[ch]);
        let mut changed = self.rd_valid || g.is_some() || s.is_some();
        for i in 0..self.ld_data.len() {
            let delivered = e.fires(self.ld_data[i]);
            let iv = self.rb_in(i);
            changed |= self.rb[i].bypass_clock(iv, self.load_data, sig.ready[self.ld_data[i]]);
            self.ld_cnt[i] = self.ld_cnt[i] + u8::from(g == Some(i)) - u8::from(delivered);
        }
        let words = &mut e.memories[self.memory];
        if let Some(g) = g {
            self.load_data = words
                .get(sig.data[self.ld_addr[g]] as usize)
                .copied()
                .unwrap_or(0);
            self.rd_port = g;
        }
        self.rd_valid = g.is_some();
        if let Some(s) = s {
            if let Some(w) = words.get_mut(sig.data[self.st_addr[s]] as usize) {
                *w = sig.data[self.st_data[s]];
            }
        }
        for &k in &self.ctrl {
            if sig.valid[k] {
                self.pending = self.pending.wrapping_add(sig.data[k] as u32);
                changed = true;
            }
        }
        self.pending = self.pending.wrapping_sub(u32::from(s.is_some()));
        changed
    }

    fn has_state(&self) -> bool {
        true
    }
}
