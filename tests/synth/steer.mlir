// Fork, join, mux and cond_br on control tokens and 2-bit data: the start token is forked,
// joined with the select's token, steers a mux between two data inputs and a conditional
// branch whose false side is sunk.
handshake.func @steer(%x: channel<i2>, %y: channel<i2>, %sel: channel<i1>, %start: control) -> (channel<i2>, control) {
  %s:2 = fork [2] %start {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <>
  %c:3 = fork [3] %sel {handshake.bb = 0 : ui32, handshake.name = "fork1"} : <i1>
  %selTok = join %c#0, %s#0 {handshake.bb = 0 : ui32, handshake.name = "join0"} : <i1>, <>
  %m = mux %c#1 [%x, %y] {handshake.bb = 0 : ui32, handshake.name = "mux0"} : <i1>, [<i2>, <i2>] to <i2>
  %t, %f = cond_br %c#2, %m {handshake.bb = 0 : ui32, handshake.name = "cond_br0"} : <i1>, <i2>
  sink %f {handshake.bb = 0 : ui32, handshake.name = "sink0"} : <i2>
  %done = join %selTok, %s#1 {handshake.bb = 0 : ui32, handshake.name = "join1"} : <>, <>
  end {handshake.bb = 0 : ui32, handshake.name = "end0"} %t, %done : <i2>, <>
}
