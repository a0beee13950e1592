// Examples that spec/type-system.md calls invalid.

// Invalid, data type has 0 width.
// expect-error@+3:23 {{type !handshake.channel<i0> is invalid: channel data must have a non-zero width}}
// expect-error@+2:47 {{type !handshake.channel<i0> is invalid: channel data must have a non-zero width}}
// expect-error@+1:16 {{result of @addI0: type !handshake.channel<i0> is invalid}}
handshake.func @addI0(%addOprd1: channel<i0>, %addOprd2: channel<i0>) -> channel<i0> {
  // expect-error@+1:3 {{'addi' needs a channel of non-zero-width integers (i1 to i64), but got !handshake.channel<i0>}}
  %addResult = handshake.addi %addOprd1, %addOprd2 : channel<i0>
  handshake.end %addResult : channel<i0>
}

// -----

// Standard arithmetic cannot take channels ("this in fact would be rejected").
handshake.func @adder(%a: channel<i32>, %b: channel<i32>, %start: control) -> channel<i32>  {
    // expect-error@+1:19 {{unknown operation 'arith.addi': arithmetic is written with Handshake operations}}
    %add_result = arith.addi %a, %b : channel<i32>
    %ret = handshake.return %add_result : channel<i32>
    handshake.end %ret : channel<i32>
}

// -----

// The legacy untyped form ("current implementation") is not the typed IR.
// expect-error@+1:49 {{'none' is the legacy control type}}
handshake.func @adder(%a: i32, %b: i32, %start: none) -> i32  {
    %add = handshake.addi %a, %b : i32
    handshake.end %add : i32
}
