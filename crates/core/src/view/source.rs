//! What the graph view knows of the C source: each unit's range ([`ViewOrigin`], from its op's
//! [`Origin`]) and the C variable a channel carries.
//!
//! A channel names the variable its producer's origin carries, except where the value is not
//! the variable's: control tokens, memory addresses (a load's address result carries the
//! loaded variable's origin) and conditions.

use super::model::ViewOrigin;
use crate::handshake::graph::Node;
use crate::handshake::{Func, Origin, Type};

/// The view's copy of an op's origin.
pub fn view_origin(o: &Origin) -> ViewOrigin {
    ViewOrigin {
        file: o.file.to_string(),
        line: o.start.line,
        col: o.start.col,
        end_line: o.end.line,
        end_col: o.end.col,
    }
}

/// The C variable a channel from `producer` of type `ty` carries, given its ports' roles
/// (`address`, `condition`, …); empty when none.
pub fn carried_var(func: &Func, producer: Node, ty: Option<&Type>, roles: [&str; 2]) -> String {
    let Node::Op(id) = producer else {
        return String::new();
    };
    let not_the_variable = ["address", "condition", "select", "index"];
    if ty.is_none_or(Type::is_control) || roles.iter().any(|r| not_the_variable.contains(r)) {
        return String::new();
    }
    func.op(id)
        .and_then(|op| op.origin.as_ref()?.var.as_deref())
        .unwrap_or_default()
        .to_string()
}
