// A valid, materialized function whose 4e9-bit channel would split into 12e9 single-bit wires:
// the Synth lowering refuses it instead of running out of memory.
handshake.func @kernel(%x: channel<i4000000000>, %start: control) -> (channel<i4000000000>, control) attributes {argNames = ["x", "start"], resNames = ["out0", "end"]} {
  end %x, %start : <i4000000000>, <>
}
