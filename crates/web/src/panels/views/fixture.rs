//! Small graph views for the views' unit tests.

use rivulet_core::layout::Rect;
use rivulet_core::view::{GraphView, UnitClass, ViewChannel, ViewUnit};

/// A unit named `name`.
pub fn unit(name: &str) -> ViewUnit {
    ViewUnit {
        name: name.to_string(),
        class: UnitClass::Arithmetic,
        mnemonic: "addi".to_string(),
        label: "addi".to_string(),
        about: String::new(),
        bb: None,
        rect: Rect {
            x: 0.0,
            y: 0.0,
            width: 1.0,
            height: 1.0,
        },
        in_ports: 1,
        out_ports: 1,
        ports: Vec::new(),
        hw: String::new(),
        origin: None,
        lsq: None,
    }
}

/// Channel of value `value` from result `from.1` of unit `from.0` to operand `to.1` of unit
/// `to.0`, without port roles.
pub fn channel(value: u32, from: (usize, u32), to: (usize, u32)) -> ViewChannel {
    with_roles(value, from, to, ("", ""))
}

/// [`channel`], with the roles of its producer's and consumer's ports.
pub fn with_roles(
    value: u32,
    from: (usize, u32),
    to: (usize, u32),
    roles: (&str, &str),
) -> ViewChannel {
    ViewChannel {
        name: format!("%{value}"),
        value,
        ty: "channel<i32>".to_string(),
        var: String::new(),
        through: Vec::new(),
        control: false,
        back: false,
        from,
        to,
        from_role: roles.0.to_string(),
        to_role: roles.1.to_string(),
        path: String::new(),
        tail: (0.0, 0.0),
        head: (0.0, 0.0),
    }
}

/// A graph of the units named `names` and `channels`.
pub fn graph(names: &[&str], channels: Vec<ViewChannel>) -> GraphView {
    GraphView {
        units: names.iter().map(|n| unit(n)).collect(),
        channels,
        ..GraphView::default()
    }
}
