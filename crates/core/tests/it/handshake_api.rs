//! Tests of the Handshake builder/mutation API, the graph and DOT views, and the verifier on
//! hand-built IR with broken handles (which must be reported, never panic).

use rivulet_core::diag::FileId;
use rivulet_core::handshake::graph::FuncGraph;
use rivulet_core::handshake::{
    dot::to_dot, parse_module, print_func, verify_func, BinOp, Func, OpKind, Type, ValueId,
    VerifyOptions,
};

fn adder() -> (Func, ValueId, ValueId) {
    let mut f = Func::new("adder");
    let a = f.add_arg(Type::int_channel(32), Some("a"));
    let b = f.add_arg(Type::int_channel(32), Some("b"));
    let add = f.add_op(
        OpKind::Bin(BinOp::AddI),
        vec![a, b],
        vec![Type::int_channel(32)],
    );
    let sum = f.result(add, 0).unwrap();
    let end = f.add_op(OpKind::End, vec![sum], vec![]);
    f.result_types = vec![Type::int_channel(32)];
    for (id, bb, name) in [(add, 0, "addi0"), (end, 0, "end0")] {
        let op = f.op_mut(id).unwrap();
        op.bb = Some(bb);
        op.name = Some(name.into());
    }
    (f, a, b)
}

#[test]
fn built_function_prints_like_dynamatic() {
    let (f, _, _) = adder();
    assert!(verify_func(&f, None, &VerifyOptions { materialized: true }).is_empty());
    assert_eq!(
        print_func(&f),
        "handshake.func @adder(%a: !handshake.channel<i32>, %b: !handshake.channel<i32>) -> !handshake.channel<i32> {\n  \
         %0 = addi %a, %b {handshake.bb = 0 : ui32, handshake.name = \"addi0\"} : <i32>\n  \
         end {handshake.bb = 0 : ui32, handshake.name = \"end0\"} %0 : <i32>\n}\n"
    );
}

#[test]
fn mutations_keep_the_function_consistent() {
    let (mut f, a, b) = adder();
    let add = f.op_ids()[0];
    let end = f.op_ids()[1];
    // Insert a fork of `a` before the adder and use both copies.
    let fork = f.insert_op_before(add, OpKind::Fork, vec![a], vec![Type::int_channel(32); 2]);
    let (c0, c1) = (f.result(fork, 0).unwrap(), f.result(fork, 1).unwrap());
    assert!(f.set_operand(add, 0, c0));
    assert!(f.set_operand(add, 1, c1));
    f.add_op(OpKind::Sink, vec![b], vec![]);
    assert_eq!(f.op_ids()[0], fork);
    assert_eq!(f.users(c1), vec![(add, 1)]);
    assert!(verify_func(&f, None, &VerifyOptions { materialized: true }).is_empty());
    // Bypass the adder and erase it.
    let sum = f.result(add, 0).unwrap();
    assert_eq!(f.replace_all_uses(sum, c0), 1);
    assert!(f.erase_op(add));
    assert!(!f.erase_op(add));
    assert_eq!(f.op(end).unwrap().operands, vec![c0]);
    let diags = verify_func(&f, None, &VerifyOptions { materialized: true });
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(
        diags[0]
            .message
            .contains("%0#1 of type channel<i32> has 0 consumers"),
        "{}",
        diags[0].message
    );
}

#[test]
fn broken_handles_are_reported_not_panicked_on() {
    let (mut f, _, _) = adder();
    let add = f.op_ids()[0];
    f.set_operand(add, 1, ValueId(999));
    f.op_mut(add).unwrap().results.push(ValueId(77));
    let erased = f.add_op(OpKind::Source, vec![], vec![Type::control()]);
    let dangling = f.result(erased, 0).unwrap();
    f.erase_op(erased);
    f.add_op(OpKind::Sink, vec![dangling], vec![]);
    let diags = verify_func(&f, None, &VerifyOptions { materialized: true });
    let text: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert!(
        text.iter()
            .any(|m| m
                .contains("operand #1 of 'addi' (addi0) refers to a value that does not exist")),
        "{text:?}"
    );
    assert!(
        text.iter().any(
            |m| m.contains("result #1 of 'addi' (addi0) refers to a value that does not exist")
        ),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|m| m.contains("whose defining operation was erased")),
        "{text:?}"
    );
    // Printing and the views cope as well.
    assert!(print_func(&f).contains("%<dangling 999>"));
    let _ = to_dot(&f);
    let g = FuncGraph::new(&f);
    assert_eq!(g.graph.node_count(), 2 + f.num_ops());
}

#[test]
fn graph_and_dot_views() {
    let text = "handshake.func @k(%a: channel<i8>, %c: control) -> channel<i8> {
      %f:2 = fork [2] %a {handshake.bb = 0 : ui32, handshake.name = \"fork0\"} : <i8>
      %s = addi %f#0, %f#1 {handshake.bb = 1 : ui32, handshake.name = \"addi0\"} : <i8>
      sink %c : <>
      end %s : <i8>
    }";
    let (m, d) = parse_module(text, FileId(0));
    assert!(d.is_empty(), "{d:?}");
    let f = &m.funcs[0];
    let g = FuncGraph::new(f);
    assert_eq!(g.graph.node_count(), 6);
    assert_eq!(g.graph.edge_count(), 5);
    let (fork, add) = (f.op_ids()[0], f.op_ids()[1]);
    let ports: Vec<(usize, usize)> = g
        .graph
        .edges_connecting(g.op_nodes[&fork], g.op_nodes[&add])
        .map(|e| (e.weight().from_port, e.weight().to_port))
        .collect();
    assert_eq!(ports.len(), 2);
    assert!(ports.contains(&(0, 0)) && ports.contains(&(1, 1)));
    let dot = to_dot(f);
    assert!(dot.contains("subgraph cluster_bb0"), "{dot}");
    assert!(dot.contains("subgraph cluster_bb1"), "{dot}");
    assert!(
        dot.contains("op0 -> op1 [label=\"%f#0 <i8>\", headlabel=\"0\"]"),
        "{dot}"
    );
    assert!(dot.contains("arg0 -> op0"), "{dot}");
}
