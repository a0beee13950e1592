// Straight-line adder: out0 = a + b; end = start.
handshake.func @adder(%a: !handshake.channel<i32>, %b: !handshake.channel<i32>, %start: !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["a", "b", "start"], resNames = ["out0", "end"]} {
  %s = addi %a, %b {handshake.name = "addi0"} : <i32>
  end %s, %start : <i32>, <>
}
