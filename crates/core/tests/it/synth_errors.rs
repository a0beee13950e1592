//! Malformed inputs of the Synth lowering give diagnostics, never panics, and the Synth
//! verifier reports each kind of broken netlist.

use rivulet_core::diag::{FileId, Span};
use rivulet_core::handshake::parse_module;
use rivulet_core::synth::{self, Netlist, PortDir, SynthModule};
use std::path::Path;

fn lower_file(rel: &str) -> Result<SynthModule, Vec<rivulet_core::diag::Diagnostic>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/synth")
        .join(rel);
    let text = std::fs::read_to_string(&path).expect("read input");
    let (module, diags) = parse_module(&text, FileId(0));
    assert!(diags.is_empty(), "{rel}: {diags:#?}");
    synth::lower_module(&module)
}

fn span_text(src: &str, s: Span) -> &str {
    &src[s.start as usize..s.end as usize]
}

#[test]
fn two_handshake_functions_are_an_error() {
    let errs = lower_file("invalid/two_funcs.mlir").expect_err("must fail");
    assert_eq!(errs.len(), 1);
    assert!(errs[0]
        .message
        .contains("one non-external handshake function"));
    assert!(errs[0].notes[0].contains("@f, @g"));
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/synth/invalid/two_funcs.mlir"),
    )
    .unwrap();
    assert_eq!(span_text(&text, errs[0].span.unwrap()), "@g");
}

#[test]
fn a_channel_with_two_consumers_is_an_error() {
    let errs = lower_file("invalid/unmaterialized.mlir").expect_err("must fail");
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(errs[0].message.contains("has 2 consumers"));
    assert!(errs[0].message.contains("insert a fork"));
}

#[test]
fn every_problem_of_an_ill_formed_function_is_reported() {
    let text = "handshake.func @k(%m: memref<4xi8>, %a: control) -> (channel<i8>, channel<i8>) {\n\
      %x, %e = mem_controller[%m : memref<4xi8>] %a (%addr) %a {connectedBlocks = [0 : i32]} : (!handshake.channel<i2>) -> !handshake.channel<i8>\n\
      %addr = source : <>\n\
      end %x, %x : <i8>, <i8>\n}";
    let (module, _) = parse_module(text, FileId(0));
    let errs = synth::lower_module(&module).expect_err("must fail");
    assert!(errs.len() >= 2, "{errs:#?}");
    assert!(errs.iter().all(|d| d.is_error()));
}

fn steer() -> Netlist {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/synth/steer.mlir");
    let text = std::fs::read_to_string(path).unwrap();
    let (module, _) = parse_module(&text, FileId(0));
    match synth::lower_module(&module).expect("lowers") {
        SynthModule::Lowered(n) => n,
        SynthModule::Unchanged(_) => panic!("lowered expected"),
    }
}

fn errors_of(net: &Netlist) -> Vec<String> {
    synth::verify_netlist(net, synth::SynthPhase::Split)
        .into_iter()
        .map(|d| d.message)
        .collect()
}

#[test]
fn verifier_accepts_the_lowering_and_rejects_each_broken_invariant() {
    let net = steer();
    assert!(errors_of(&net).is_empty());

    let mut ready_with_data = net.clone();
    let fork = &mut ready_with_data.modules[0];
    let p = fork
        .ports
        .iter_mut()
        .find(|p| p.name == "in_ready_0")
        .unwrap();
    p.dir = PortDir::In;
    let e = errors_of(&ready_with_data);
    assert!(
        e.iter()
            .any(|m| m.contains("ready port in_ready_0 is an in port")),
        "{e:?}"
    );

    let mut wide = net.clone();
    wide.modules[0].ports[0].width = 2;
    let e = errors_of(&wide);
    assert!(e.iter().any(|m| m.contains("2 bits wide")), "{e:?}");

    let mut short = net.clone();
    let top = short.modules.last_mut().unwrap();
    top.instances[0].operands.pop();
    let e = errors_of(&short);
    assert!(e.iter().any(|m| m.contains("operands and")), "{e:?}");

    let mut shared = net.clone();
    let top = shared.modules.last_mut().unwrap();
    let first = top.instances[2].operands[0];
    top.instances[2].operands[1] = first;
    let e = errors_of(&shared);
    assert!(e.iter().any(|m| m.contains("2 consumers")), "{e:?}");
    assert!(e.iter().any(|m| m.contains("0 consumers")), "{e:?}");

    let mut dangling = net.clone();
    let top = dangling.modules.last_mut().unwrap();
    top.outputs[0] = synth::ir::SignalId(9999);
    let e = errors_of(&dangling);
    assert!(e.iter().any(|m| m.contains("is not driven")), "{e:?}");

    let mut unknown = net;
    let top = unknown.modules.last_mut().unwrap();
    top.instances[0].module = "nowhere".into();
    let e = errors_of(&unknown);
    assert!(
        e.iter().any(|m| m.contains("not an earlier module")),
        "{e:?}"
    );
}

#[test]
fn op_names_become_legal_unique_symbols() {
    let text = "handshake.func @k(%a: control) -> control {\n\
      %b = buffer %a {handshake.name = \"my buf\", hw.parameters = {BUFFER_TYPE = \"FIFO_BREAK_NONE\", NUM_SLOTS = 2 : ui32}} : <>\n\
      %c = br %b {handshake.name = \"my_buf\"} : <>\n\
      %d = br %c {handshake.name = \"k\"} : <>\n\
      end %d : <>\n}";
    let (module, diags) = parse_module(text, FileId(0));
    assert!(diags.is_empty(), "{diags:#?}");
    let SynthModule::Lowered(net) = synth::lower_module(&module).expect("lowers") else {
        panic!("lowered expected")
    };
    let names: Vec<&str> = net.modules.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["my_buf", "my_buf_1", "k_1", "k"]);
    assert!(synth::verify_netlist(&net, synth::SynthPhase::Split).is_empty());
}

#[test]
fn absurd_widths_are_refused_before_bit_splitting() {
    // A valid, materialized function whose 4e9-bit channel would split into 12e9 single-bit
    // wires (this ran out of memory). Inline: the corpus test lowers every valid file.
    let text = "handshake.func @kernel(%x: channel<i4000000000>, %start: control) -> \
                (channel<i4000000000>, control) {\n  end %x, %start : <i4000000000>, <>\n}\n";
    let (module, diags) = parse_module(text, FileId(0));
    assert!(diags.is_empty(), "{diags:#?}");
    let errs = synth::lower_module(&module).expect_err("must fail");
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(
        errs[0]
            .message
            .contains("would create 12000000012 wires (at most 4194304)"),
        "{}",
        errs[0].message
    );
    assert_eq!(
        errs[0].notes,
        ["the widest port is `out_data_0` of `kernel` (4000000000 bits)"]
    );
}
