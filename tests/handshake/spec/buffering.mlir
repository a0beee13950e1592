// The buffer of spec/buffering.md, and one buffer of each type.

handshake.func @buffer(%dataIn: !handshake.channel<i1>) -> !handshake.channel<i1> {
  %dataOut = handshake.buffer %dataIn {hw.parameters = {BUFFER_TYPE = "FIFO_BREAK_DV", NUM_SLOTS = 4 : ui32, TIMING = #handshake<timing {D: 1, V: 1, R: 0}>}} : <i1>
  end %dataOut : <i1>
}

// -----

handshake.func @bufferTypes(%x: !handshake.channel<i32>) -> !handshake.channel<i32> {
  %0 = buffer %x {handshake.bb = 1 : ui32, handshake.name = "buffer0", hw.parameters = {BUFFER_TYPE = "ONE_SLOT_BREAK_DV", NUM_SLOTS = 1 : ui32, TIMING = #handshake<timing {D: 1, V: 1, R: 0}>}} : <i32>
  %1 = buffer %0 {handshake.bb = 1 : ui32, handshake.name = "buffer1", hw.parameters = {BUFFER_TYPE = "ONE_SLOT_BREAK_R", NUM_SLOTS = 1 : ui32, TIMING = #handshake<timing {D: 0, V: 0, R: 1}>}} : <i32>
  %2 = buffer %1 {handshake.bb = 1 : ui32, handshake.name = "buffer2", hw.parameters = {BUFFER_TYPE = "ONE_SLOT_BREAK_DVR", NUM_SLOTS = 1 : ui32}} : <i32>
  %3 = buffer %2 {handshake.bb = 1 : ui32, handshake.name = "buffer3", hw.parameters = {BUFFER_TYPE = "FIFO_BREAK_NONE", NUM_SLOTS = 3 : ui32}} : <i32>
  %4 = buffer %3 {handshake.bb = 1 : ui32, handshake.name = "buffer4", hw.parameters = {BUFFER_TYPE = "SHIFT_REG_BREAK_DV", NUM_SLOTS = 8 : ui32}} : <i32>
  %5 = buffer %4, bufferType = FIFO_BREAK_DV, numSlots = 2 {handshake.bb = 1 : ui32, handshake.name = "buffer5"} : <i32>
  end {handshake.bb = 1 : ui32, handshake.name = "end0"} %5 : <i32>
}
