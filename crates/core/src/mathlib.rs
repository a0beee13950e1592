//! The C math library (`<math.h>`) of the subset: one table of its functions (name of the
//! `double` and `float` forms, arity, whether a kernel may call it) and their evaluation.
//!
//! Every function is available in `main` and the helpers it calls, where the reference
//! interpreter evaluates it with the `libm` crate (a pure Rust port of musl), so results are
//! identical natively and in wasm32. `sqrt`, `fabs`, `floor`, `ceil`, `round`, `trunc`, `fmod`,
//! `fmin` and `fmax` are exact (correctly rounded), so they equal glibc's; the others are
//! within 1 ulp of the exact result, as glibc's are, and may differ from glibc's in the last
//! bit on some inputs.
//!
//! A kernel may call only the functions a circuit computes: `fabs` (the `absf` unit) and
//! `fmin`/`fmax` (a comparison and a select with glibc's rules: the non-NaN operand wins, the
//! first operand wins ties, so `fmax(-0.0, 0.0)` is `-0.0`). The front end builds those three
//! as operations, never as calls; every other function becomes a [`MathFn`] call that only the
//! interpreter runs.

/// A math function, either form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum MathOp {
    Sqrt,
    Pow,
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Fabs,
    Floor,
    Ceil,
    Round,
    Trunc,
    Fmod,
    Fmin,
    Fmax,
    Hypot,
}

/// One row of the table.
struct Entry {
    op: MathOp,
    /// The `double` form's name; the `float` form's is `float_name`.
    double_name: &'static str,
    float_name: &'static str,
    arity: usize,
    /// Whether the result is exact (correctly rounded), so equal to glibc's on every input.
    exact: bool,
    /// Whether a kernel may call it (the circuit computes it).
    in_kernel: bool,
}

macro_rules! table {
    ($($op:ident $d:literal $f:literal $n:literal $x:literal $k:literal;)*) => {
        const TABLE: &[Entry] = &[$(Entry {
            op: MathOp::$op,
            double_name: $d,
            float_name: $f,
            arity: $n,
            exact: $x,
            in_kernel: $k,
        }),*];
    };
}

// op, double form, float form, arity, exact, allowed in a kernel
table! {
    Sqrt "sqrt" "sqrtf" 1 true false;
    Pow "pow" "powf" 2 false false;
    Exp "exp" "expf" 1 false false;
    Exp2 "exp2" "exp2f" 1 false false;
    Log "log" "logf" 1 false false;
    Log2 "log2" "log2f" 1 false false;
    Log10 "log10" "log10f" 1 false false;
    Sin "sin" "sinf" 1 false false;
    Cos "cos" "cosf" 1 false false;
    Tan "tan" "tanf" 1 false false;
    Asin "asin" "asinf" 1 false false;
    Acos "acos" "acosf" 1 false false;
    Atan "atan" "atanf" 1 false false;
    Atan2 "atan2" "atan2f" 2 false false;
    Sinh "sinh" "sinhf" 1 false false;
    Cosh "cosh" "coshf" 1 false false;
    Tanh "tanh" "tanhf" 1 false false;
    Fabs "fabs" "fabsf" 1 true true;
    Floor "floor" "floorf" 1 true false;
    Ceil "ceil" "ceilf" 1 true false;
    Round "round" "roundf" 1 true false;
    Trunc "trunc" "truncf" 1 true false;
    Fmod "fmod" "fmodf" 2 true false;
    Fmin "fmin" "fminf" 2 true true;
    Fmax "fmax" "fmaxf" 2 true true;
    Hypot "hypot" "hypotf" 2 false false;
}

/// A math function in one form: `single` is the `float` form (`sqrtf`), otherwise `double`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MathFn {
    /// Which function.
    pub op: MathOp,
    /// The `float` form.
    pub single: bool,
}

impl MathFn {
    /// The function called `name`, if the subset knows it.
    pub fn lookup(name: &str) -> Option<MathFn> {
        TABLE.iter().find_map(|e| {
            let single = match name {
                n if n == e.double_name => false,
                n if n == e.float_name => true,
                _ => return None,
            };
            Some(MathFn { op: e.op, single })
        })
    }

    fn entry(self) -> &'static Entry {
        TABLE
            .iter()
            .find(|e| e.op == self.op)
            .expect("every MathOp has a row")
    }

    /// Its C name.
    pub fn name(self) -> &'static str {
        let e = self.entry();
        if self.single {
            e.float_name
        } else {
            e.double_name
        }
    }

    /// How many arguments it takes (all of its form's type).
    pub fn arity(self) -> usize {
        self.entry().arity
    }

    /// Whether its result is exact (correctly rounded); the others are within 1 ulp.
    pub fn exact(self) -> bool {
        self.entry().exact
    }

    /// Every function, both forms.
    pub fn all() -> impl Iterator<Item = MathFn> {
        TABLE
            .iter()
            .flat_map(|e| [false, true].map(|single| MathFn { op: e.op, single }))
    }

    /// Its result for arguments given as bits (`f32` in the low 32 bits, as the interpreter
    /// holds them). `args` has [`MathFn::arity`] elements.
    pub fn eval(self, args: &[u64]) -> u64 {
        if self.single {
            let a: Vec<f32> = args.iter().map(|&v| f32::from_bits(v as u32)).collect();
            u64::from(eval_f32(self.op, &a).to_bits())
        } else {
            let a: Vec<f64> = args.iter().map(|&v| f64::from_bits(v)).collect();
            eval_f64(self.op, &a).to_bits()
        }
    }
}

/// The names of the functions a kernel may call, both forms, for diagnostics and docs.
pub fn kernel_functions() -> String {
    TABLE
        .iter()
        .filter(|e| e.in_kernel)
        .flat_map(|e| [e.double_name, e.float_name])
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn eval_f64(op: MathOp, a: &[f64]) -> f64 {
    use MathOp::*;
    let x = a[0];
    let y = || a[1];
    match op {
        Sqrt => libm::sqrt(x),
        Pow => libm::pow(x, y()),
        Exp => libm::exp(x),
        Exp2 => libm::exp2(x),
        Log => libm::log(x),
        Log2 => libm::log2(x),
        Log10 => libm::log10(x),
        Sin => libm::sin(x),
        Cos => libm::cos(x),
        Tan => libm::tan(x),
        Asin => libm::asin(x),
        Acos => libm::acos(x),
        Atan => libm::atan(x),
        Atan2 => libm::atan2(x, y()),
        Sinh => libm::sinh(x),
        Cosh => libm::cosh(x),
        Tanh => tanh(x),
        Fabs => libm::fabs(x),
        Floor => libm::floor(x),
        Ceil => libm::ceil(x),
        Round => libm::round(x),
        Trunc => libm::trunc(x),
        Fmod => libm::fmod(x, y()),
        Fmin => libm::fmin(x, y()),
        Fmax => libm::fmax(x, y()),
        Hypot => libm::hypot(x, y()),
    }
}

fn eval_f32(op: MathOp, a: &[f32]) -> f32 {
    use MathOp::*;
    let x = a[0];
    let y = || a[1];
    match op {
        Sqrt => libm::sqrtf(x),
        Pow => libm::powf(x, y()),
        Exp => libm::expf(x),
        Exp2 => libm::exp2f(x),
        Log => libm::logf(x),
        Log2 => libm::log2f(x),
        Log10 => libm::log10f(x),
        Sin => libm::sinf(x),
        Cos => libm::cosf(x),
        Tan => libm::tanf(x),
        Asin => libm::asinf(x),
        Acos => libm::acosf(x),
        Atan => libm::atanf(x),
        Atan2 => libm::atan2f(x, y()),
        Sinh => libm::sinhf(x),
        Cosh => libm::coshf(x),
        Tanh => tanhf(x),
        Fabs => libm::fabsf(x),
        Floor => libm::floorf(x),
        Ceil => libm::ceilf(x),
        Round => libm::roundf(x),
        Trunc => libm::truncf(x),
        Fmod => libm::fmodf(x, y()),
        Fmin => libm::fminf(x, y()),
        Fmax => libm::fmaxf(x, y()),
        Hypot => libm::hypotf(x, y()),
    }
}

/// `tanh` computed as glibc computes it (fdlibm's formulation on `expm1`, with its thresholds),
/// on the `libm` crate's `expm1`: musl's own `tanh` splits the range differently and lands up
/// to 2 ulps away from glibc's on some inputs.
fn tanh(x: f64) -> f64 {
    let a = x.abs();
    let z = if x.is_nan() {
        return x + x;
    } else if a >= 22.0 {
        1.0
    } else if a < f64::powi(2.0, -55) {
        return x * (1.0 + x);
    } else if a >= 1.0 {
        1.0 - 2.0 / (libm::expm1(2.0 * a) + 2.0)
    } else {
        let t = libm::expm1(-2.0 * a);
        -t / (t + 2.0)
    };
    z.copysign(x)
}

/// `tanhf` as glibc computes it (see [`tanh`]), on `expm1f`.
fn tanhf(x: f32) -> f32 {
    let a = x.abs();
    let z = if x.is_nan() {
        return x + x;
    } else if a >= 22.0 {
        1.0
    } else if a < f32::powi(2.0, -55) {
        return x * (1.0 + x);
    } else if a >= 1.0 {
        1.0 - 2.0 / (libm::expm1f(2.0 * a) + 2.0)
    } else {
        let t = libm::expm1f(-2.0 * a);
        -t / (t + 2.0)
    };
    z.copysign(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_arity() {
        for e in TABLE {
            for (n, single) in [(e.double_name, false), (e.float_name, true)] {
                let f = MathFn::lookup(n).unwrap();
                assert_eq!((f.op, f.single, f.name()), (e.op, single, n));
                assert_eq!(f.arity(), e.arity);
            }
        }
        assert_eq!(MathFn::lookup("sinl"), None);
        assert_eq!(
            kernel_functions(),
            "`fabs`, `fabsf`, `fmin`, `fminf`, `fmax`, `fmaxf`"
        );
    }

    #[test]
    fn eval_uses_the_form_of_the_call() {
        let sqrtf = MathFn::lookup("sqrtf").unwrap();
        assert_eq!(
            sqrtf.eval(&[u64::from(2.25f32.to_bits())]),
            u64::from(1.5f32.to_bits())
        );
        let pow = MathFn::lookup("pow").unwrap();
        assert_eq!(
            pow.eval(&[2f64.to_bits(), 10f64.to_bits()]),
            1024f64.to_bits()
        );
    }
}
