//! The interpreter's machine: activations, memories, calls, assertions, the step budget and
//! the memory budget.
//!
//! Memory is bounded independently of steps (one step can allocate a whole array or record a
//! kernel call's arrays): the elements of live arrays (globals and the local arrays of active
//! activations, freed when the activation returns) plus those recorded for kernel calls may not
//! exceed [`MAX_ELEMENTS`].
//!
//! Arrays start as zeros, as on the circuit and in the testbenches, where every memory starts at
//! 0: an array `main` declares without an initializer, a kernel's local array, and an output
//! element the kernel never writes all read 0 (C leaves such local arrays indeterminate; the
//! flow defines them, as `-ftrivial-auto-var-init=zero` does).

use super::eval::{self, Trap};
use super::rand::GlibcRand;
use super::{ArgValues, InterpOptions, KernelCall, Profile, RunResult, Scalar};
use crate::bits::sign_extend;
use crate::cfg::ir::*;
use crate::diag::{Diagnostic, Span};
use crate::front::types::{CType, ScalarTy};

/// Most array elements the interpreter holds at once: live arrays plus recorded kernel calls.
pub const MAX_ELEMENTS: u64 = 1 << 25;

/// Runs `main` of `m` and returns the kernel calls it made and the kernel's profile.
pub fn run(m: &Module, opts: &InterpOptions) -> Result<RunResult, Diagnostic> {
    let Some(main) = m.functions.iter().position(|f| f.name == "main") else {
        return Err(Diagnostic::error("the file has no `main` function to run")
            .with_note("write a `main` that prepares inputs and calls CALL_KERNEL(kernel, …)"));
    };
    let mut mach = Machine {
        m,
        heap: Vec::new(),
        globals: Vec::new(),
        rand: GlibcRand::default(),
        steps: 0,
        max_steps: opts.max_steps,
        elements: 0,
        calls: Vec::new(),
        profile: Profile::default(),
    };
    for g in &m.globals {
        mach.reserve(g.init.len() as u64, None, &format!("global `{}`", g.name))?;
        let data = g.init.iter().map(|c| Some(const_bits(*c))).collect();
        mach.globals.push(mach.heap.len());
        mach.heap.push(Buf { data });
    }
    let ret = mach.exec(main, &[], None)?;
    Ok(RunResult {
        calls: mach.calls,
        profile: mach.profile,
        exit_code: ret
            .map(|v| Scalar::from_bits(v, ScalarTy::I32))
            .and_then(|s| match s {
                Scalar::Int(i) => Some(i as i64),
                _ => None,
            }),
        steps: mach.steps,
    })
}

/// The raw bits of a constant.
pub fn const_bits(c: Const) -> u64 {
    match c {
        Const::Int(v) => v,
        Const::F32(b) => b as u64,
        Const::F64(b) => b,
    }
}

struct Buf {
    data: Vec<Option<u64>>,
}

/// An argument as passed to an activation.
#[derive(Clone, Copy)]
enum ArgVal {
    Scalar(Option<u64>),
    Mem(usize),
}

struct Machine<'m> {
    m: &'m Module,
    heap: Vec<Buf>,
    globals: Vec<usize>,
    rand: GlibcRand,
    steps: u64,
    max_steps: u64,
    /// Array elements held: live arrays and recorded kernel calls (at most [`MAX_ELEMENTS`]).
    elements: u64,
    calls: Vec<KernelCall>,
    profile: Profile,
}

fn err(span: Option<Span>, msg: String) -> Diagnostic {
    let d = Diagnostic::error(msg);
    match span {
        Some(s) => d.with_span(s),
        None => d,
    }
}

impl Machine<'_> {
    /// Counts `n` more array elements against the memory budget.
    /// `what` says what needs them (for the message when the budget is exceeded).
    fn reserve(&mut self, n: u64, span: Option<Span>, what: &str) -> Result<(), Diagnostic> {
        self.elements = self.elements.saturating_add(n);
        if self.elements > MAX_ELEMENTS {
            return Err(err(
                span,
                format!(
                    "the program needs more than {MAX_ELEMENTS} array elements of memory \
                     ({what}: {n} more)"
                ),
            )
            .with_note(
                "live arrays and the arrays of every kernel call (recorded as golden values) \
                 count; use smaller arrays or fewer kernel calls",
            ));
        }
        Ok(())
    }

    /// Runs function `fi`, called at `call` (`None` for `main`); its local arrays are freed
    /// when it returns.
    fn exec(
        &mut self,
        fi: usize,
        args: &[ArgVal],
        call: Option<Span>,
    ) -> Result<Option<u64>, Diagnostic> {
        let heap = self.heap.len();
        let r = self.activation(fi, args, call);
        let freed: usize = self.heap.drain(heap..).map(|b| b.data.len()).sum();
        self.elements = self.elements.saturating_sub(freed as u64);
        r
    }

    fn activation(
        &mut self,
        fi: usize,
        args: &[ArgVal],
        call: Option<Span>,
    ) -> Result<Option<u64>, Diagnostic> {
        let m = self.m;
        let f = &m.functions[fi];
        let profiling = f.name == m.kernel;
        let mut regs: Vec<Option<u64>> = vec![None; f.values.len()];
        // Bind memories; the local arrays are counted before any is allocated.
        let locals = f
            .mems
            .iter()
            .filter(|md| matches!(md.kind, MemKind::Local(_)));
        let what = format!("the local arrays of `{}`", f.name);
        self.reserve(locals.map(MemData::len).sum(), call, &what)?;
        let mut mems = Vec::with_capacity(f.mems.len());
        for md in &f.mems {
            mems.push(match &md.kind {
                MemKind::Param(k) => match args.get(*k as usize) {
                    Some(ArgVal::Mem(h)) => *h,
                    _ => return Err(err(None, format!("array argument `{}` missing", md.name))),
                },
                MemKind::Global(g) => self.globals[*g as usize],
                MemKind::Local(init) => {
                    let data = match init {
                        Some(c) => c.iter().map(|c| Some(const_bits(*c))).collect(),
                        // Unwritten memory reads as 0 (see the module doc).
                        None => vec![Some(0); md.len() as usize],
                    };
                    self.heap.push(Buf { data });
                    self.heap.len() - 1
                }
            });
        }
        let entry = f.entry();
        for (p, a) in f.params.iter().zip(args) {
            if let (ParamKind::Scalar(v), ArgVal::Scalar(x)) = (p.kind, a) {
                regs[v.index()] = *x;
            }
        }
        let mut b = entry;
        let mut scratch: Vec<Option<u64>> = Vec::new();
        loop {
            if profiling {
                *self.profile.block_counts.entry(b).or_insert(0) += 1;
            }
            let bd = f.block(b);
            // The terminator counts as a step too, so empty loops hit the limit.
            self.steps += 1;
            for &i in &bd.insts {
                self.steps += 1;
                if self.steps > self.max_steps {
                    return Err(err(
                        f.inst(i).span,
                        format!(
                            "the program ran more than {} steps; it probably loops forever",
                            self.max_steps
                        ),
                    )
                    .with_note("check the loop conditions (the step limit can be raised)"));
                }
                self.inst(f, i, &mut regs, &mems)?;
            }
            let span = bd.term_span;
            if self.steps > self.max_steps {
                return Err(err(
                    span,
                    format!(
                        "the program ran more than {} steps; it probably loops forever",
                        self.max_steps
                    ),
                )
                .with_note("check the loop conditions (the step limit can be raised)"));
            }
            let next = match &bd.term {
                Terminator::Br(t) => t,
                Terminator::CondBr(c, t, e) => {
                    let cv = regs[c.index()].ok_or_else(|| uninit(span))?;
                    if cv != 0 {
                        t
                    } else {
                        e
                    }
                }
                Terminator::Return(v) => {
                    return match v {
                        None => Ok(None),
                        Some(v) => match regs[v.index()] {
                            Some(x) => Ok(Some(x)),
                            None => Err(err(
                                span,
                                format!("function `{}` returns an uninitialized value", f.name),
                            )),
                        },
                    };
                }
                Terminator::Unreachable => {
                    return Err(err(span, "control reached an unreachable point".into()));
                }
            };
            // Block arguments are a parallel copy: read all before writing any.
            scratch.clear();
            scratch.extend(next.args.iter().map(|a| regs[a.index()]));
            for (p, v) in f.block(next.block).params.iter().zip(&scratch) {
                regs[p.index()] = *v;
            }
            if profiling {
                *self.profile.transitions.entry((b, next.block)).or_insert(0) += 1;
            }
            b = next.block;
        }
    }

    fn index(
        &self,
        f: &Function,
        m: Mem,
        idx: &[Value],
        regs: &[Option<u64>],
        span: Option<Span>,
    ) -> Result<usize, Diagnostic> {
        let md = &f.mems[m.index()];
        let total = md.len();
        let per_dim = idx.len() == md.dims.len();
        let mut lin: u64 = 0;
        for (k, v) in idx.iter().enumerate() {
            let d = if per_dim { md.dims[k] as u64 } else { total };
            let bits = regs[v.index()].ok_or_else(|| uninit(span))?;
            let i = sign_extend(bits, f.ty(*v).bits());
            if i < 0 || i as u64 >= d {
                return Err(err(
                    span,
                    format!(
                        "index {i} is out of bounds for array `{}` (size {d})",
                        md.name
                    ),
                ));
            }
            lin = lin * d + i as u64;
        }
        Ok(lin as usize)
    }

    fn inst(
        &mut self,
        f: &Function,
        i: Inst,
        regs: &mut [Option<u64>],
        mems: &[usize],
    ) -> Result<(), Diagnostic> {
        let d = f.inst(i);
        let span = d.span;
        let get = |v: &Value| regs[v.index()].ok_or_else(|| uninit(span));
        let r: Option<u64> = match &d.op {
            Op::Const(c) => Some(const_bits(*c)),
            Op::Undef => None,
            Op::Bin(op, a, b) => {
                let ty = f.ty(*a);
                Some(eval::bin(*op, ty, get(a)?, get(b)?).map_err(|t| trap(t, span))?)
            }
            Op::Un(op, a) => Some(eval::un(*op, f.ty(*a), get(a)?)),
            Op::Cmp(p, a, b) => Some(eval::cmp(*p, f.ty(*a), get(a)?, get(b)?) as u64),
            Op::Select(c, a, b) => {
                let pick = if get(c)? != 0 { a } else { b };
                Some(get(pick)?)
            }
            Op::Cast(op, a) => {
                let to = f.ty(d.result.expect("cast has a result"));
                Some(eval::cast(*op, f.ty(*a), to, get(a)?))
            }
            Op::Load(m, idx) => {
                let k = self.index(f, *m, idx, regs, span)?;
                let v = self.heap[mems[m.index()]].data[k];
                if v.is_none() {
                    return Err(err(
                        span,
                        format!(
                            "element {k} of array `{}` holds an uninitialized value",
                            f.mems[m.index()].name
                        ),
                    ));
                }
                v
            }
            Op::Store(m, idx, v) => {
                let k = self.index(f, *m, idx, regs, span)?;
                let x = regs[v.index()];
                self.heap[mems[m.index()]].data[k] = x;
                None
            }
            Op::ReadVar(_) | Op::WriteVar(..) => {
                return Err(err(
                    span,
                    "internal: variables must be in SSA form before running".into(),
                ));
            }
            Op::Call(callee, args) => self.call(callee, args, regs, mems, span)?,
        };
        if let Some(res) = d.result {
            regs[res.index()] = r;
        }
        Ok(())
    }

    fn call(
        &mut self,
        callee: &Callee,
        args: &[Arg],
        regs: &[Option<u64>],
        mems: &[usize],
        span: Option<Span>,
    ) -> Result<Option<u64>, Diagnostic> {
        match callee {
            Callee::Rand => Ok(Some(self.rand.rand() as u64)),
            Callee::Srand => {
                let Some(Arg::Value(v)) = args.first() else {
                    return Ok(None);
                };
                let s = regs[v.index()].ok_or_else(|| uninit(span))?;
                self.rand.seed(s as u32);
                Ok(None)
            }
            Callee::Math(f) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    let Arg::Value(v) = a else {
                        return Err(err(span, format!("`{}` takes scalars", f.name())));
                    };
                    vals.push(regs[v.index()].ok_or_else(|| uninit(span))?);
                }
                Ok(Some(f.eval(&vals)))
            }
            Callee::Placeholder(name) => Err(err(
                span,
                format!("the interpreter cannot run the placeholder `{name}`"),
            )
            .with_note("placeholders stand for hardware units that exist only in the circuit")),
            Callee::AssertFail(text) => Err(err(span, format!("Assertion `{text}' failed"))),
            Callee::Func(name) => {
                let Some(fi) = self.m.functions.iter().position(|g| &g.name == name) else {
                    return Err(err(span, format!("call of unknown function `{name}`")));
                };
                let vals: Vec<ArgVal> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Value(v) => ArgVal::Scalar(regs[v.index()]),
                        Arg::Mem(m) => ArgVal::Mem(mems[m.index()]),
                    })
                    .collect();
                let is_kernel = *name == self.m.kernel;
                let callee_f = &self.m.functions[fi];
                let inputs = if is_kernel {
                    let len: u64 = callee_f.params.iter().map(|p| p.ty.len()).sum();
                    self.reserve(2 * len, span, "recording this kernel call")?;
                    Some(self.capture(callee_f, &vals))
                } else {
                    None
                };
                if is_kernel {
                    self.run_checked(&vals, span)?;
                }
                let ret = self.exec(fi, &vals, span)?;
                if let Some(inputs) = inputs {
                    let outputs = self.capture(callee_f, &vals);
                    let ret_s = callee_f.ret.zip(ret).map(|(t, r)| Scalar::from_bits(r, t));
                    self.calls.push(KernelCall {
                        inputs,
                        outputs,
                        ret: ret_s,
                    });
                }
                Ok(ret)
            }
        }
    }

    /// Runs the kernel's checked copy (the kernel with its assertions), if it has one, on
    /// copies of the array arguments, so that a failed assertion is reported while the
    /// kernel's own run (the circuit's) is untouched.
    fn run_checked(&mut self, vals: &[ArgVal], span: Option<Span>) -> Result<(), Diagnostic> {
        let name = checked_name(&self.m.kernel);
        let Some(ci) = self.m.functions.iter().position(|g| g.name == name) else {
            return Ok(());
        };
        let base = self.heap.len();
        let mut copies = Vec::with_capacity(vals.len());
        for v in vals {
            copies.push(match *v {
                ArgVal::Mem(h) => {
                    let data = self.heap[h].data.clone();
                    self.reserve(data.len() as u64, span, "the checked run of the kernel")?;
                    self.heap.push(Buf { data });
                    ArgVal::Mem(self.heap.len() - 1)
                }
                s => s,
            });
        }
        let r = self.exec(ci, &copies, span);
        let freed: usize = self.heap.drain(base..).map(|b| b.data.len()).sum();
        self.elements = self.elements.saturating_sub(freed as u64);
        r.map(|_| ())
    }

    fn arg_values(&self, f: &Function, vals: &[ArgVal]) -> Vec<(String, CType, Vec<Option<u64>>)> {
        f.params
            .iter()
            .zip(vals)
            .map(|(p, a)| {
                let data = match a {
                    ArgVal::Scalar(x) => vec![*x],
                    ArgVal::Mem(h) => {
                        let n = p.ty.len() as usize;
                        self.heap[*h].data.iter().take(n).copied().collect()
                    }
                };
                (p.name.clone(), p.ty.clone(), data)
            })
            .collect()
    }

    fn capture(&self, f: &Function, vals: &[ArgVal]) -> Vec<ArgValues> {
        self.arg_values(f, vals)
            .into_iter()
            .map(|(name, ty, data)| ArgValues {
                values: data
                    .into_iter()
                    .map(|x| Scalar::from_bits(x.unwrap_or(0), ty.scalar))
                    .collect(),
                name,
                ty,
            })
            .collect()
    }
}

fn uninit(span: Option<Span>) -> Diagnostic {
    err(span, "an uninitialized value is used".into())
        .with_note("give every variable a value before using it")
}

fn trap(t: Trap, span: Option<Span>) -> Diagnostic {
    match t {
        Trap::DivByZero => err(span, "division by zero".into()),
        Trap::Overflow => err(span, "integer overflow in division (INT_MIN / -1)".into()),
    }
}
