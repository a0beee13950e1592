//! The load-store queue (docs/memory-ordering.md, "Load-store queues"), with its
//! synchronous-read memory, or beside a memory controller that reads and writes for it in
//! the same cycles (its load port 0 and store port 0, which it always grants first: a read
//! requested on `ldAddrToMC` answers on `ldDataFromMC` the next cycle, a write on
//! `stAddrToMC`/`stDataToMC` happens at the end of its cycle). Every decision of a cycle is taken from the registers alone (no
//! input's valid reaches another port's ready or an output's valid: `ctrlEnd` is taken into a
//! register and `memEnd` offered from it); the RTL generator (`rtl::lsq`) implements the same
//! registers and rules.
//!
//! Invariants: an occupied load entry's `older` bits name exactly the occupied store entries
//! that precede it in program order; an occupied store entry's `older` bits name exactly the
//! load entries that precede it and have not read their value yet. Stores leave in order from
//! the head; loads leave in any order (a delivered entry stays as a hole until the head passes).

use super::{Comb, Edge, UnitModel};
use crate::sim::LsqShape;

/// One load-queue entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadEntry {
    /// Not yet delivered (false for a hole left by a delivered entry).
    pub live: bool,
    /// Its load port.
    pub port: usize,
    pub addr_ok: bool,
    pub addr: u64,
    /// Its value was forwarded or requested from memory.
    pub issued: bool,
    pub value_ok: bool,
    pub value: u64,
    /// Store entries older than it (bit per store-queue entry).
    pub older: u64,
}

/// One store-queue entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreEntry {
    /// Its store port.
    pub port: usize,
    pub addr_ok: bool,
    pub addr: u64,
    pub data_ok: bool,
    pub data: u64,
    /// Load entries older than it that have not read yet (bit per load-queue entry).
    pub older: u64,
}

/// A circular queue's head and occupancy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ring {
    pub head: usize,
    pub count: usize,
    pub depth: usize,
}

impl Ring {
    /// The age of entry `i` (0 for the head), if it is occupied.
    #[inline]
    pub fn age(&self, i: usize) -> Option<usize> {
        let a = (i + self.depth - self.head) % self.depth;
        (a < self.count).then_some(a)
    }

    /// The first free entry.
    #[inline]
    fn tail(&self) -> usize {
        (self.head + self.count) % self.depth
    }
}

/// The load-store queue of one memory.
#[derive(Clone)]
pub struct Lsq {
    shape: LsqShape,
    memory: Memory,
    ctrl: Vec<usize>,
    ld_addr: Vec<usize>,
    st_addr: Vec<usize>,
    st_data: Vec<usize>,
    ctrl_end: usize,
    ld_data: Vec<usize>,
    mem_end: usize,
    /// The entries (public for the trace).
    pub loads: Vec<LoadEntry>,
    pub stores: Vec<StoreEntry>,
    pub lq: Ring,
    pub sq: Ring,
    /// A memory read was issued in the previous cycle for load entry `rd_entry`.
    rd_valid: bool,
    rd_entry: usize,
    /// The memory's read register.
    load_data: u64,
    /// `ctrlEnd` was taken; `memEnd` is offered once the queue is settled.
    end_held: bool,
    /// The fewest load and store entries that would have allocated every group in the cycle
    /// it was allocated (see [`Lsq::demand`]).
    demand: (usize, usize),
}

/// Where the queue's memory is.
#[derive(Clone, Copy)]
enum Memory {
    /// Its own, with the `memStart` input.
    Own { memory: usize, mem_start: usize },
    /// Behind a memory controller, through these channels.
    Controller {
        ld_addr: usize,
        st_addr: usize,
        st_data: usize,
        ld_data: usize,
    },
}

/// What a load entry can do this cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resolution {
    /// Waiting (no address, an older store's address or matching data unknown, or done).
    Wait,
    /// Take the value of this older store entry.
    Forward(usize),
    /// No older store matches: read memory.
    Read,
}

impl Lsq {
    /// The queue of `shape` on `memory` (None: beside a memory controller), with the unit's
    /// input and output channels (`UnitKind::Lsq`).
    pub fn new(shape: LsqShape, memory: Option<usize>, ins: Vec<usize>, outs: Vec<usize>) -> Self {
        let (g, nl, ns) = (shape.groups.len(), shape.loads(), shape.stores());
        let first = usize::from(memory.is_some());
        let a = first + g;
        let b = a + nl;
        let s = b + ns;
        let (ldq, stq) = (shape.ldq_depth, shape.stq_depth);
        let memory = match memory {
            Some(memory) => Memory::Own {
                memory,
                mem_start: ins[0],
            },
            None => Memory::Controller {
                ld_addr: outs[nl],
                st_addr: outs[nl + 1],
                st_data: outs[nl + 2],
                ld_data: ins[s + ns],
            },
        };
        Self {
            memory,
            ctrl: ins[first..a].to_vec(),
            ld_addr: ins[a..b].to_vec(),
            st_addr: ins[b..s].to_vec(),
            st_data: ins[s..s + ns].to_vec(),
            ctrl_end: ins[ins.len() - 1],
            ld_data: outs[..nl].to_vec(),
            mem_end: outs[outs.len() - 1],
            loads: vec![LoadEntry::default(); ldq],
            stores: vec![StoreEntry::default(); stq],
            lq: Ring {
                depth: ldq,
                ..Ring::default()
            },
            sq: Ring {
                depth: stq,
                ..Ring::default()
            },
            rd_valid: false,
            rd_entry: 0,
            load_data: 0,
            end_held: false,
            demand: (0, 0),
            shape,
        }
    }

    /// Whether every group fits in the free entries (the allocation rule: all groups that
    /// arrive together are allocated together).
    fn room(&self) -> bool {
        self.lq.depth - self.lq.count >= self.shape.loads()
            && self.sq.depth - self.sq.count >= self.shape.stores()
    }

    /// The oldest occupied load entry of `port` satisfying `want`.
    fn oldest_load(&self, port: usize, want: impl Fn(&LoadEntry) -> bool) -> Option<usize> {
        (0..self.lq.count)
            .map(|a| (self.lq.head + a) % self.lq.depth)
            .find(|&i| self.loads[i].live && self.loads[i].port == port && want(&self.loads[i]))
    }

    /// The oldest occupied store entry of `port` satisfying `want`.
    fn oldest_store(&self, port: usize, want: impl Fn(&StoreEntry) -> bool) -> Option<usize> {
        (0..self.sq.count)
            .map(|a| (self.sq.head + a) % self.sq.depth)
            .find(|&j| self.stores[j].port == port && want(&self.stores[j]))
    }

    fn resolve(&self, i: usize) -> Resolution {
        let e = &self.loads[i];
        if self.lq.age(i).is_none() || !e.live || !e.addr_ok || e.issued {
            return Resolution::Wait;
        }
        let mut youngest: Option<(usize, usize)> = None;
        for (j, s) in self.stores.iter().enumerate() {
            if e.older >> j & 1 == 0 {
                continue;
            }
            if !s.addr_ok {
                return Resolution::Wait;
            }
            let age = self.sq.age(j).unwrap_or(0);
            if s.addr == e.addr && youngest.is_none_or(|(_, a)| age > a) {
                youngest = Some((j, age));
            }
        }
        match youngest {
            None => Resolution::Read,
            Some((j, _)) if self.stores[j].data_ok => Resolution::Forward(j),
            Some(_) => Resolution::Wait,
        }
    }

    /// The load entry reading memory this cycle: the oldest that must read.
    fn read_grant(&self) -> Option<usize> {
        (0..self.lq.count)
            .map(|a| (self.lq.head + a) % self.lq.depth)
            .find(|&i| self.resolve(i) == Resolution::Read)
    }

    /// Whether the head store writes memory this cycle.
    fn commits(&self) -> bool {
        let h = &self.stores[self.sq.head];
        self.sq.count > 0 && h.addr_ok && h.data_ok && h.older == 0
    }

    /// Whether the queue has finished with memory: every store has written and every live
    /// load holds its value (it may still be waiting for its consumer: delivery continues
    /// after `memEnd`, so a consumer that needs `memEnd` first cannot deadlock).
    fn settled(&self) -> bool {
        self.sq.count == 0
            && (0..self.lq.depth)
                .all(|i| self.lq.age(i).is_none() || !self.loads[i].live || self.loads[i].value_ok)
    }

    /// The fewest load and store entries with which every allocation so far would have found
    /// room in the cycle it happened: a queue of these depths (at least the groups' accesses,
    /// at least one) allocates whenever this one did. `(0, 0)` before the first allocation.
    pub fn demand(&self) -> (usize, usize) {
        self.demand
    }

    /// The state of every entry (for the trace and the app).
    pub fn snapshot(&self) -> LsqSnapshot {
        let loads = (0..self.lq.depth)
            .map(|i| {
                let e = &self.loads[i];
                EntryView {
                    allocated: self.lq.age(i).is_some(),
                    addr_known: e.addr_ok,
                    data_known: e.value_ok,
                    done: !e.live,
                }
            })
            .collect();
        let stores = (0..self.sq.depth)
            .map(|j| {
                let e = &self.stores[j];
                EntryView {
                    allocated: self.sq.age(j).is_some(),
                    addr_known: e.addr_ok,
                    data_known: e.data_ok,
                    done: false,
                }
            })
            .collect();
        LsqSnapshot {
            loads,
            stores,
            ldq_head: self.lq.head,
            stq_head: self.sq.head,
        }
    }
}

/// One queue entry as the app shows it. Fields other than `allocated` mean nothing for a
/// free entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryView {
    pub allocated: bool,
    /// The address has arrived.
    pub addr_known: bool,
    /// A load's value is known (read or forwarded); a store's data has arrived.
    pub data_known: bool,
    /// A load whose value was delivered (its entry is freed once it reaches the head).
    pub done: bool,
}

/// Every entry of a load-store queue in one cycle, with the queues' heads (the oldest
/// entries).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LsqSnapshot {
    pub loads: Vec<EntryView>,
    pub stores: Vec<EntryView>,
    pub ldq_head: usize,
    pub stq_head: usize,
}

impl UnitModel for Lsq {
    fn eval(&self, c: &mut Comb<'_>) {
        match self.memory {
            Memory::Own { mem_start, .. } => c.set_ready(mem_start, true),
            Memory::Controller {
                ld_addr,
                st_addr,
                st_data,
                ld_data,
            } => {
                let read = self.read_grant();
                let addr = read.map_or(0, |i| self.loads[i].addr);
                c.out(ld_addr, read.is_some(), addr);
                let commit = self.commits();
                let head = &self.stores[self.sq.head];
                c.out(st_addr, commit, if commit { head.addr } else { 0 });
                c.out(st_data, commit, if commit { head.data } else { 0 });
                c.set_ready(ld_data, true);
            }
        }
        let room = self.room();
        for &k in &self.ctrl {
            c.set_ready(k, room);
        }
        for (p, &ch) in self.ld_addr.iter().enumerate() {
            c.set_ready(ch, self.oldest_load(p, |e| !e.addr_ok).is_some());
        }
        for (q, &ch) in self.st_addr.iter().enumerate() {
            c.set_ready(ch, self.oldest_store(q, |e| !e.addr_ok).is_some());
        }
        for (q, &ch) in self.st_data.iter().enumerate() {
            c.set_ready(ch, self.oldest_store(q, |e| !e.data_ok).is_some());
        }
        for (p, &ch) in self.ld_data.iter().enumerate() {
            match self.oldest_load(p, |_| true) {
                Some(i) if self.loads[i].value_ok => c.out(ch, true, self.loads[i].value),
                _ => c.out(ch, false, 0),
            }
        }
        // A group allocated in the cycle `ctrlEnd` is taken is in the queues the next cycle,
        // when `memEnd` is offered at the earliest.
        c.out(self.mem_end, self.end_held && self.settled(), 0);
        c.set_ready(self.ctrl_end, !self.end_held);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let sig = e.sig;
        // Decisions, all from the registers of the cycle that ends.
        let ld_addr: Vec<Option<usize>> = (0..self.ld_addr.len())
            .map(|p| self.oldest_load(p, |e| !e.addr_ok))
            .collect();
        let st_addr: Vec<Option<usize>> = (0..self.st_addr.len())
            .map(|q| self.oldest_store(q, |e| !e.addr_ok))
            .collect();
        let st_data: Vec<Option<usize>> = (0..self.st_data.len())
            .map(|q| self.oldest_store(q, |e| !e.data_ok))
            .collect();
        let delivered: Vec<Option<usize>> = (0..self.ld_data.len())
            .map(|p| self.oldest_load(p, |_| true))
            .collect();
        let forwards: Vec<(usize, usize)> = (0..self.lq.depth)
            .filter_map(|i| match self.resolve(i) {
                Resolution::Forward(j) => Some((i, j)),
                _ => None,
            })
            .collect();
        let read = self.read_grant();
        let commit = self.commits();
        let room = self.room();
        let (lq_tail, sq_tail) = (self.lq.tail(), self.sq.tail());
        let holes = (0..self.lq.count)
            .take_while(|&a| !self.loads[(self.lq.head + a) % self.lq.depth].live)
            .count();

        let mut changed = self.rd_valid || read.is_some() || commit || holes > 0;
        changed |= !forwards.is_empty();
        // The end register.
        let end_before = self.end_held;
        if !self.end_held {
            self.end_held = sig.valid[self.ctrl_end];
        } else if e.fires(self.mem_end) {
            self.end_held = false;
        }
        changed |= self.end_held != end_before;
        // Ports.
        for (p, &ch) in self.ld_addr.iter().enumerate() {
            if let (Some(i), true) = (ld_addr[p], sig.valid[ch]) {
                self.loads[i].addr_ok = true;
                self.loads[i].addr = sig.data[ch];
                changed = true;
            }
        }
        for (q, &ch) in self.st_addr.iter().enumerate() {
            if let (Some(j), true) = (st_addr[q], sig.valid[ch]) {
                self.stores[j].addr_ok = true;
                self.stores[j].addr = sig.data[ch];
                changed = true;
            }
        }
        for (q, &ch) in self.st_data.iter().enumerate() {
            if let (Some(j), true) = (st_data[q], sig.valid[ch]) {
                self.stores[j].data_ok = true;
                self.stores[j].data = sig.data[ch];
                changed = true;
            }
        }
        for (p, &ch) in self.ld_data.iter().enumerate() {
            if let (Some(i), true) = (delivered[p], e.fires(ch)) {
                self.loads[i].live = false;
                changed = true;
            }
        }
        // Loads obtain their values.
        let mut reading: u64 = 0;
        for &(i, j) in &forwards {
            let value = self.stores[j].data;
            let l = &mut self.loads[i];
            l.issued = true;
            l.value_ok = true;
            l.value = value;
            reading |= 1 << i;
        }
        if self.rd_valid {
            let value = match self.memory {
                Memory::Own { .. } => self.load_data,
                Memory::Controller { ld_data, .. } => sig.data[ld_data],
            };
            let l = &mut self.loads[self.rd_entry];
            l.value_ok = true;
            l.value = value;
        }
        if let Some(i) = read {
            self.loads[i].issued = true;
            if let Memory::Own { memory, .. } = self.memory {
                let words = &e.memories[memory];
                self.load_data = words.get(self.loads[i].addr as usize).copied().unwrap_or(0);
            }
            self.rd_entry = i;
            reading |= 1 << i;
        }
        self.rd_valid = read.is_some();
        for s in &mut self.stores {
            s.older &= !reading;
        }
        // The head store writes memory.
        let mut leaving: u64 = 0;
        if commit {
            let h = self.sq.head;
            if let Memory::Own { memory, .. } = self.memory {
                if let Some(w) = e.memories[memory].get_mut(self.stores[h].addr as usize) {
                    *w = self.stores[h].data;
                }
            }
            leaving = 1 << h;
            self.sq.head = (h + 1) % self.sq.depth;
            self.sq.count -= 1;
        }
        for l in &mut self.loads {
            l.older &= !leaving;
        }
        // Allocation, in group order, behind the entries of the cycle that ends.
        let mut stores_now: u64 = (0..self.sq.depth)
            .filter(|&j| self.sq.age(j).is_some())
            .fold(0, |m, j| m | 1 << j);
        let mut loads_now: u64 = (0..self.lq.depth)
            .filter(|&i| self.lq.age(i).is_some() && !self.loads[i].issued && reading >> i & 1 == 0)
            .fold(0, |m, i| m | 1 << i);
        let (mut nl, mut ns) = (0, 0);
        if room && self.ctrl.iter().any(|&ch| sig.valid[ch]) {
            let (loads, stores) = (self.shape.loads(), self.shape.stores());
            self.demand.0 = self.demand.0.max(self.lq.count + loads);
            self.demand.1 = self.demand.1.max(self.sq.count + stores);
        }
        if room {
            for (g, &ch) in self.ctrl.iter().enumerate() {
                if !sig.valid[ch] {
                    continue;
                }
                for (is_store, port) in self.shape.ports_of(g) {
                    if is_store {
                        let j = (sq_tail + ns) % self.sq.depth;
                        self.stores[j] = StoreEntry {
                            port,
                            older: loads_now,
                            ..StoreEntry::default()
                        };
                        stores_now |= 1 << j;
                        ns += 1;
                    } else {
                        let i = (lq_tail + nl) % self.lq.depth;
                        self.loads[i] = LoadEntry {
                            live: true,
                            port,
                            older: stores_now,
                            ..LoadEntry::default()
                        };
                        loads_now |= 1 << i;
                        nl += 1;
                    }
                }
            }
        }
        self.lq.head = (self.lq.head + holes) % self.lq.depth;
        self.lq.count = self.lq.count - holes + nl;
        self.sq.count += ns;
        changed || nl + ns > 0
    }

    fn has_state(&self) -> bool {
        true
    }

    fn lsq_snapshot(&self) -> Option<LsqSnapshot> {
        Some(self.snapshot())
    }

    fn lsq_demand(&self) -> Option<(usize, usize)> {
        Some(self.demand())
    }
}
