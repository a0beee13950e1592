// The Handshake examples of spec/rtl-backend.md in the typed IR: a function on one 64-element
// memory, and the three multiplexers (two 32-bit, one 16-bit).

handshake.func @func(%mem: memref<64xi32>, %start: control) -> (channel<i32>, control) {
  %ldData, %memEnd = handshake.mem_controller[%mem : memref<64xi32>] %start (%ldAddr) %start {connectedBlocks = [0 : i32]} : (channel<i6>) -> channel<i32>
  %addr = handshake.constant %start {value = 3 : i6} : control, channel<i6>
  %ldAddr, %data = handshake.load[%addr] %ldData : channel<i6>, channel<i32>
  handshake.end %data, %memEnd : channel<i32>, control
}

// -----

handshake.func @muxes(%select: channel<i1>, %data1: channel<i32>, %data2: channel<i32>,
                      %data3: channel<i32>, %data4: channel<i32>,
                      %data5: channel<i16>, %data6: channel<i16>)
                      -> (channel<i32>, channel<i32>, channel<i16>) {
  %result1 = handshake.mux %select [%data1, %data2] : channel<i1>, channel<i32>
  %result2 = handshake.mux %select [%data3, %data4] : channel<i1>, channel<i32>
  %result3 = handshake.mux %select [%data5, %data6] : channel<i1>, channel<i16>
  handshake.end %result1, %result2, %result3 : channel<i32>, channel<i32>, channel<i16>
}
