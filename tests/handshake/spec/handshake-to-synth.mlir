// spec/handshake-to-synth.md shows no IR; its input is one non-external function whose values
// are channels, control tokens and memories, with one producer and one consumer per channel.
// This materialized function exercises each of those kinds.

handshake.func @kernel(%mem: memref<16xf32>, %x: channel<f32>, %memStart: control, %start: control)
    -> (channel<f32>, control, control) attributes {argNames = ["mem", "x", "mem_start", "start"], resNames = ["out0", "mem_end", "end"]} {
  %ld, %memEnd = mem_controller[%mem : memref<16xf32>] %memStart (%addr) %ctrlEnd {connectedBlocks = [0 : i32]} : (!handshake.channel<i4>) -> !handshake.channel<f32>
  %s:3 = fork [3] %start {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <>
  %c = constant %s#0 {handshake.bb = 0 : ui32, handshake.name = "constant0", value = 5 : i4} : <>, <i4>
  %addr, %data = load[%c] %ld {handshake.bb = 0 : ui32, handshake.name = "load0"} : <i4>, <f32>, <i4>, <f32>
  %sum = addf %data, %x {handshake.bb = 0 : ui32, handshake.name = "addf0"} : <f32>
  %ctrlEnd = buffer %s#1 {handshake.bb = 0 : ui32, handshake.name = "buffer0", hw.parameters = {BUFFER_TYPE = "ONE_SLOT_BREAK_R", NUM_SLOTS = 1 : ui32}} : <>
  end {handshake.bb = 0 : ui32, handshake.name = "end0"} %sum, %memEnd, %s#2 : <f32>, <>, <>
}
