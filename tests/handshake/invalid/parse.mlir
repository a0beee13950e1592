// Parse errors: each case reports every error it contains.

handshake.func @unknownOp(%a: channel<i32>) {
  // expect-error@+1:8 {{unknown operation 'frobnicate'}}
  %x = frobnicate %a : <i32>
  // expect-error@+1:8 {{use of undefined value '%nope'}}
  sink %nope : <i32>
  end
}

// -----

handshake.func @types(%a: channel<i32>) {
  // expect-error@+1:14 {{type 'index' is not supported}}
  sink %a : <index>
  // expect-error@+1:24 {{expected 'U' in the upstream marker}}
  sink %a : <i32, [x: (D) i1]>
  // expect-error@+1:24 {{expected a static memref type}}
  %m = sink %a : memref<?xi32>
  end
}

// -----

handshake.func @operands(%a: channel<i32>, %c: channel<i1>) {
  // expect-error@+1:3 {{operation 'fork' defines 2 result(s) but 1 were bound}}
  %f = fork [2] %a : <i32>
  // expect-error@+1:23 {{use of value '%c' expects type !handshake.channel<i32> but it has type !handshake.channel<i1>}}
  %s = handshake.addi %c, %a : channel<i32>
  // expect-error@+1:8 {{'%a' has 1 result(s), so '#3' is out of range}}
  sink %a#3 : <i32>
  // expect-error@+1:3 {{redefinition of value '%s'}}
  %s = br %a : <i32>
  end
}

// -----

handshake.func @attributes(%a: channel<i32>, %t: control) {
  // expect-error@+1:13 {{expected a 'cmpi' predicate (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge), found 'lt'}}
  %x = cmpi lt, %a, %a : <i32>
  // expect-error@+1:3 {{'constant' needs a 'value' attribute}}
  %k = constant %t {handshake.name = "k"} : <>, <i32>
  // expect-error@+1:3 {{buffer parameter NUM_SLOTS is given twice}}
  %b = buffer %a, numSlots = 1 {hw.parameters = {NUM_SLOTS = 2 : ui32}} : <i32>
  // expect-error@+1:32 {{unknown buffer type 'TWO_SLOTS'}}
  %c = buffer %a, bufferType = TWO_SLOTS, numSlots = 2 : <i32>
  // expect-error@+1:40 {{duplicate attribute 'handshake.bb'}}
  %d = br %a {handshake.bb = 1 : ui32, handshake.bb = 2 : ui32} : <i32>
  // expect-error@+1:15 {{'handshake.bb' must be a non-negative integer}}
  %e = br %a {handshake.bb = "one"} : <i32>
  end
}

// -----

handshake.func @counts(%s: channel<i1>, %a: channel<i32>) {
  // expect-error@+1:32 {{'mux' expects 2 type(s) here, found 3}}
  %m = mux %s [%a, %a] : <i1>, [<i32>, <i32>, <i32>] to <i32>
  // expect-error@+1:26 {{'load' expects 2 or 4 type(s) here, found 3}}
  %x, %y = load[%a] %a : <i32>, <i32>, <i32>
  end
}

// -----

// expect-error@+1:10 {{expected 'handshake.func' or '}', found 'func.func'}}
module { func.func @f() }

// -----

handshake.func @unterminated(%a: channel<i32>) {
  // expect-error@+1:29 {{unterminated string}}
  sink %a {handshake.name = "oops} : <i32>
  end
}

// -----

handshake.func @deep(%a: channel<i32>) {
  // expect-error@+1:80 {{attribute values are nested too deeply}}
  sink %a {x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]} : <i32>
  end
}
