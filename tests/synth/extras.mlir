// A channel with a downstream (`spec: i1`) and an upstream (`credit: i2 (U)`) extra signal
// through a buffer: the downstream extra travels with the data, the upstream one with ready.
handshake.func @extras(%in: channel<i2, [spec: i1, credit: i2 (U)]>) -> channel<i2, [spec: i1, credit: i2 (U)]> {
  %b = buffer %in {handshake.bb = 0 : ui32, handshake.name = "buffer0", hw.parameters = {BUFFER_TYPE = "ONE_SLOT_BREAK_DV", NUM_SLOTS = 1 : ui32}} : <i2, [spec: i1, credit: i2 (U)]>
  end {handshake.bb = 0 : ui32, handshake.name = "end0"} %b : <i2, [spec: i1, credit: i2 (U)]>
}
