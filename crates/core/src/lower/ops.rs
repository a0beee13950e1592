//! The mapping of CFG operations and types to Handshake operations and types.

use crate::bits::sign_extend;
use crate::cfg::ir::{self, CmpPred, Const, Type as CfType};
use crate::handshake::{
    Attr, BinOp, CastOp, CmpFPred, CmpIPred, FloatTy, OpKind, RawType, Type, UnOp,
};

/// The raw type of a CFG type.
pub fn raw(t: CfType) -> RawType {
    match t {
        CfType::Int(w) => RawType::Int(w as u32),
        CfType::F32 => RawType::F32,
        CfType::F64 => RawType::F64,
    }
}

/// The channel type of a CFG type.
pub fn channel(t: CfType) -> Type {
    Type::channel(raw(t))
}

/// The `value` attribute of a constant of type `t`.
pub fn const_attr(c: Const, t: CfType) -> Attr {
    match (c, t) {
        (Const::Int(v), CfType::Int(1)) => Attr::Bool(v & 1 != 0),
        (Const::Int(v), CfType::Int(w)) => {
            let w = w as u32;
            Attr::int(sign_extend(v, w), w)
        }
        (Const::F32(b), _) => Attr::Float {
            bits: b as u64,
            ty: FloatTy::F32,
        },
        (Const::F64(b), _) => Attr::Float {
            bits: b,
            ty: FloatTy::F64,
        },
        (Const::Int(v), _) => Attr::int(v as i64, t.bits()),
    }
}

/// The Handshake kind of a CFG binary operation (`remui` has none: it is expanded).
pub fn bin(op: ir::BinOp) -> Option<BinOp> {
    use ir::BinOp as B;
    Some(match op {
        B::AddI => BinOp::AddI,
        B::SubI => BinOp::SubI,
        B::MulI => BinOp::MulI,
        B::DivSI => BinOp::DivSI,
        B::DivUI => BinOp::DivUI,
        B::RemSI => BinOp::RemSI,
        B::RemUI => return None,
        B::AndI => BinOp::AndI,
        B::OrI => BinOp::OrI,
        B::XOrI => BinOp::XorI,
        B::ShLI => BinOp::ShlI,
        B::ShRSI => BinOp::ShrSI,
        B::ShRUI => BinOp::ShrUI,
        B::AddF => BinOp::AddF,
        B::SubF => BinOp::SubF,
        B::MulF => BinOp::MulF,
        B::DivF => BinOp::DivF,
    })
}

/// The Handshake kind of a comparison.
pub fn cmp(p: CmpPred) -> OpKind {
    use CmpPred as P;
    match p {
        P::Eq => OpKind::CmpI(CmpIPred::Eq),
        P::Ne => OpKind::CmpI(CmpIPred::Ne),
        P::Slt => OpKind::CmpI(CmpIPred::Slt),
        P::Sle => OpKind::CmpI(CmpIPred::Sle),
        P::Sgt => OpKind::CmpI(CmpIPred::Sgt),
        P::Sge => OpKind::CmpI(CmpIPred::Sge),
        P::Ult => OpKind::CmpI(CmpIPred::Ult),
        P::Ule => OpKind::CmpI(CmpIPred::Ule),
        P::Ugt => OpKind::CmpI(CmpIPred::Ugt),
        P::Uge => OpKind::CmpI(CmpIPred::Uge),
        P::Oeq => OpKind::CmpF(CmpFPred::Oeq),
        P::One => OpKind::CmpF(CmpFPred::One),
        P::Olt => OpKind::CmpF(CmpFPred::Olt),
        P::Ole => OpKind::CmpF(CmpFPred::Ole),
        P::Ogt => OpKind::CmpF(CmpFPred::Ogt),
        P::Oge => OpKind::CmpF(CmpFPred::Oge),
        P::Ueq => OpKind::CmpF(CmpFPred::Ueq),
        P::Une => OpKind::CmpF(CmpFPred::Une),
        P::UltF => OpKind::CmpF(CmpFPred::Ult),
        P::UleF => OpKind::CmpF(CmpFPred::Ule),
        P::UgtF => OpKind::CmpF(CmpFPred::Ugt),
        P::UgeF => OpKind::CmpF(CmpFPred::Uge),
    }
}

/// The Handshake kind of a conversion.
pub fn cast(c: ir::CastOp) -> CastOp {
    use ir::CastOp as C;
    match c {
        C::ExtSI => CastOp::ExtSI,
        C::ExtUI => CastOp::ExtUI,
        C::TruncI => CastOp::TruncI,
        C::SIToFP => CastOp::SIToFP,
        C::UIToFP => CastOp::UIToFP,
        C::FPToSI => CastOp::FPToSI,
        C::FPToUI => CastOp::FPToUI,
        C::ExtF => CastOp::ExtF,
        C::TruncF => CastOp::TruncF,
    }
}

/// The Handshake kind of a unary float operation.
pub fn un(u: ir::UnOp) -> UnOp {
    match u {
        ir::UnOp::NegF => UnOp::NegF,
        ir::UnOp::AbsF => UnOp::AbsF,
    }
}

/// The op-name prefix Dynamatic uses for a CFG instruction (`addi`, `constant`, `call`…).
pub fn name_prefix(op: &ir::Op) -> &'static str {
    match op {
        ir::Op::Const(_) | ir::Op::Undef => "constant",
        ir::Op::Bin(b, ..) => b.name(),
        ir::Op::Un(u, _) => un(*u).as_str(),
        ir::Op::Cmp(p, ..) => {
            if p.is_float() {
                "cmpf"
            } else {
                "cmpi"
            }
        }
        ir::Op::Select(..) => "select",
        ir::Op::Cast(c, _) => c.name(),
        ir::Op::Load(..) => "load",
        ir::Op::Store(..) => "store",
        ir::Op::ReadVar(_) | ir::Op::WriteVar(..) => "var",
        ir::Op::Call(..) => "call",
    }
}
