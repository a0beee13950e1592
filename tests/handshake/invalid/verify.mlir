// Verifier errors: one case per rule (or a few related rules).

handshake.func @arith(%a: channel<i32>, %b: channel<i16>, %f: channel<f32>) {
  // expect-error@+1:3 {{'addi' (add) operands and result must have the same type}}
  %0 = "handshake.addi"(%a, %b) {handshake.name = "add"} : (!handshake.channel<i32>, !handshake.channel<i16>) -> (!handshake.channel<i32>)
  // expect-error@+1:3 {{'muli' needs a channel of non-zero-width integers (i1 to i64), but got !handshake.channel<f32>}}
  %1 = muli %f, %f : <f32>
  // expect-error@+1:3 {{'addf' needs a f32 or f64 channel, but got !handshake.channel<i32>}}
  %2 = addf %a, %a : <i32>
  // expect-error@+1:3 {{'extsi' converts to a wider integer, but goes from i32 to i16}}
  %3 = extsi %a : <i32> to <i16>
  // expect-error@+1:3 {{'sitofp' converts to a float, from an integer, but goes from f32 to f32}}
  %4 = sitofp %f : <f32> to <f32>
  end
}

// -----

handshake.func @compare(%a: channel<i32>, %f: channel<f32>) {
  // expect-error@+1:3 {{'cmpi' result must be !handshake.channel<i1>, not !handshake.channel<i32>}}
  %0 = "handshake.cmpi"(%a, %a) {predicate = "ult"} : (!handshake.channel<i32>, !handshake.channel<i32>) -> (!handshake.channel<i32>)
  // expect-error@+1:3 {{'cmpf' compares f32 or f64 channels, but got !handshake.channel<i32>}}
  %1 = cmpf olt, %a, %a : <i32>
  // expect-error@+1:3 {{'select' condition must be a channel<i1>, not !handshake.channel<i32>}}
  %2 = select %a [%f, %f] : <i32>, <f32>
  end
}

// -----

handshake.func @merges(%s: channel<i1>, %a: channel<i32>, %b: channel<i16>, %c: control) {
  // expect-error@+1:3 {{'mux' select of type !handshake.channel<i1> cannot address 3 inputs: it needs at least 2 bit(s)}}
  %0 = mux %s [%a, %a, %a] : <i1>, [<i32>, <i32>, <i32>] to <i32>
  // expect-error@+1:3 {{'mux' data inputs must all carry the same data type}}
  %1 = mux %s [%a, %b] : <i1>, [<i32>, <i16>] to <i32>
  // expect-error@+1:3 {{'control_merge' index must be an integer channel of at least 2 bit(s) for 3 inputs, not !handshake.channel<i1>}}
  %2, %3 = control_merge [%c, %c, %c] : [<>, <>, <>] to <>, <i1>
  // expect-error@+1:3 {{'merge' inputs must all carry the same data type}}
  %4 = merge %a, %b : <i32>
  // expect-error@+1:3 {{'cond_br' condition must be a channel<i1>, not !handshake.channel<i32>}}
  %5, %6 = cond_br %a, %b : <i32>, <i16>
  end
}

// -----

handshake.func @extras(%s: channel<i1>, %a: channel<i32, [e1: i2]>, %b: channel<i32, [e1: i3]>,
                       %c: channel<i32, [e2: i4]>) {
  // expect-error@+1:3 {{'mux' result must carry the merged extra signals of the inputs (<[e1: i2, e2: i4]>), but has type !handshake.channel<i32, [e1: i2]>}}
  %0 = mux %s [%a, %c] : <i1>, [<i32, [e1: i2]>, <i32, [e2: i4]>] to <i32, [e1: i2]>
  // expect-error@+1:3 {{'merge' inputs disagree on extra signal 'e1': e1: i2 versus e1: i3}}
  %1 = merge %a, %b : <i32, [e1: i2]>
  // expect-error@+1:3 {{'br' result must have the operand's type !handshake.channel<i32, [e1: i2]>, but has !handshake.channel<i32>}}
  %2 = "handshake.br"(%a) : (!handshake.channel<i32, [e1: i2]>) -> (!handshake.channel<i32>)
  end
}

// -----

handshake.func @signals(%x: channel<i32, [i2, i4]>, %u: channel<i32, [extraUp: i1 (U), extraDown: i4]>, %v: control) {
  // expect-error@+1:3 {{'compose' must keep the downstream width: !handshake.channel<i32, [i2, i4]> has 38 bit(s) but !handshake.channel<i37> has 37}}
  %0 = handshake.compose %x : channel<i32, [i2, i4]> -> channel<i37>
  // expect-error@+1:3 {{'unbundle' of !handshake.channel<i32, [extraUp: i1 (U), extraDown: i4]> also takes (i1) and yields (!handshake.control<>, i32, i4), but has () and (!handshake.control<>, i32, i4)}}
  %ctrl, %data, %extraDown = unbundle %u : <i32, [extraUp: i1 (U), extraDown: i4]> to _
  // expect-error@+1:3 {{'bundle' into !handshake.control<> takes (i1) and also yields (i1), but has (i1) and (!handshake.control<>)}}
  %c, %r = handshake.bundle %valid : control, control
  %valid = handshake.unbundle %v, %ready : i1
  %c2, %ready = handshake.bundle %valid : control
  end
}

// -----

// expect-error@+1:16 {{function @noEnd has no 'end' operation}}
handshake.func @noEnd(%a: channel<i32>) {
  sink %a : <i32>
}

// -----

handshake.func @twoEnds(%a: channel<i32>) -> channel<i32> {
  %0 = br %a {handshake.name = "br0"} : <i32>
  // expect-error@+1:3 {{operation name 'br0' is used more than once}}
  %1 = br %a {handshake.name = "br0"} : <i32>
  // expect-error@+1:3 {{'end' operand #0 has type !handshake.channel<i16> but function result #0 is !handshake.channel<i32>}}
  end %2 : <i16>
  %2 = trunci %1 : <i32> to <i16>
  // expect-error@+1:3 {{function @twoEnds has more than one 'end' operation}}
  end %0 : <i32>
}

// -----

handshake.func @buffers(%a: channel<i32>) {
  // expect-error@+1:3 {{'buffer' of type ONE_SLOT_BREAK_R must have NUM_SLOTS = 1, but has 2}}
  %0 = buffer %a, bufferType = ONE_SLOT_BREAK_R, numSlots = 2 : <i32>
  // expect-error@+1:3 {{'buffer' needs NUM_SLOTS of at least 1}}
  %1 = buffer %0, bufferType = FIFO_BREAK_DV, numSlots = 0 : <i32>
  // expect-warning@+1:3 {{'buffer' has no BUFFER_TYPE; it is inferred from TIMING}}
  %2 = buffer %1 {hw.parameters = {NUM_SLOTS = 1 : ui32, TIMING = #handshake<timing {R: 1}>}} : <i32>
  sink %2 : <i32>
  end
}

// -----

handshake.func @constants(%t: control, %a: channel<i32>) {
  // expect-error@+1:3 {{'constant' value 5 : i16 does not match the result type !handshake.channel<i32>}}
  %0 = constant %t {value = 5 : i16} : <>, <i32>
  // expect-error@+1:3 {{'constant' value 300 does not fit in i8}}
  %1 = constant %t {value = 300 : i8} : <>, <i8>
  // expect-error@+1:3 {{'constant' is triggered by a control token, not !handshake.channel<i32>}}
  %2 = constant %a {value = 1 : i32} : <i32>, <i32>
  // expect-error@+2:3 {{result #0 of 'constant': type !handshake.channel<i0> is invalid: channel data must have a non-zero width}}
  // expect-error@+1:3 {{'constant' value 5 does not fit in i0}}
  %3 = constant %t {value = 5 : i0} : <>, <i0>
  // 2^62 fits in i63 (signed range -2^62 .. 2^62 - 1, unsigned up to 2^63 - 1).
  %4 = constant %t {value = 4611686018427387904 : i63} : <>, <i63>
  end
}

// -----

handshake.func @memory(%m: memref<16xi32>, %start: control, %f: channel<f32>) {
  // expect-error@+1:3 {{'mem_controller' load outputs must carry the memory's element type i32, but one has type !handshake.channel<f32>}}
  %ld, %done = mem_controller[%m : memref<16xi32>] %start (%addr) %start {connectedBlocks = [0 : i32]} : (!handshake.channel<i4>) -> !handshake.channel<f32>
  // expect-error@+1:3 {{'load' address must be an integer channel, not !handshake.channel<f32>}}
  %addr2, %data2 = load[%f] %ld : <f32>, <f32>
  %addr = fptosi %addr2 : <f32> to <i4>
  // expect-error@+1:3 {{'lsq' needs 'groupSizes' with positive sizes}}
  %l:2 = lsq[%m : memref<16xi32>] (%start) : (!handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>)
  end
}

// -----

handshake.func @queues(%m: memref<16xi32>, %start: control, %a: channel<i4>, %d: channel<i32>) {
  // expect-error@+1:3 {{'lsq' 'stqDepth' must be an integer from 1 to 64}}
  %l:2 = lsq[%m : memref<16xi32>] (%start, %start, %a, %a, %d, %start) {groupSizes = [2 : i32], ldqDepth = 4 : i32, stqDepth = 0 : i32} : (!handshake.control<>, !handshake.control<>, !handshake.channel<i4>, !handshake.channel<i4>, !handshake.channel<i32>, !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>)
  // expect-error@+1:3 {{'lsq' has 5 operands and 1 loads, which do not fit 'groupSizes'}}
  %n:2 = lsq[%m : memref<16xi32>] (%start, %start, %a, %a) {groupSizes = [2 : i32]} : (!handshake.control<>, !handshake.control<>, !handshake.channel<i4>, !handshake.channel<i4>) -> (!handshake.channel<i32>, !handshake.control<>)
  end
}

// -----

handshake.func @queue_beside(%m: memref<16xi32>, %start: control, %a: channel<i4>, %d: channel<i32>) {
  // expect-error@+1:3 {{'lsq' beside a memory controller must send ldAddrToMC, stAddrToMC and stDataToMC to a mem_controller and take ldDataFromMC from it, with nothing between them}}
  %l:5 = lsq[MC] (%start, %a, %a, %d, %d, %start) {groupSizes = [2 : i32]} : (!handshake.control<>, !handshake.channel<i4>, !handshake.channel<i4>, !handshake.channel<i32>, !handshake.channel<i32>, !handshake.control<>) -> (!handshake.channel<i32>, !handshake.channel<i4>, !handshake.channel<i4>, !handshake.channel<i32>, !handshake.control<>)
  // expect-error@+1:3 {{'lsq' has 5 operands and 1 loads, which do not fit 'groupSizes' (per group a control then a load's address or a store's address and data per access, the load data from the memory controller, an end)}}
  %n:5 = lsq[MC] (%start, %a, %a, %d, %start) {groupSizes = [2 : i32]} : (!handshake.control<>, !handshake.channel<i4>, !handshake.channel<i4>, !handshake.channel<i32>, !handshake.control<>) -> (!handshake.channel<i32>, !handshake.channel<i4>, !handshake.channel<i4>, !handshake.channel<i32>, !handshake.control<>)
  end
}

// -----

handshake.func @callee(%a: channel<i32>) -> channel<i32> {
  end %a : <i32>
}
handshake.func @caller(%b: channel<i16>) {
  // expect-error@+1:3 {{'instance' operand #0 has type !handshake.channel<i16> but @callee takes !handshake.channel<i32>}}
  %0 = instance @callee(%b) : (!handshake.channel<i16>) -> !handshake.channel<i32>
  // expect-error@+1:3 {{'instance' refers to unknown function @nowhere}}
  %1 = instance @nowhere(%b) : (!handshake.channel<i16>) -> !handshake.channel<i32>
  end
}

// -----

// expect-error@+3:26 {{extra signal name 'e' appears more than once}}
// expect-error@+2:60 {{'valid' is a reserved name and cannot name an extra signal}}
// expect-error@+1:16 {{'argNames' of @badTypes has 1 entries but the function has 2 arguments}}
handshake.func @badTypes(%a: channel<i32, [e: i1, e: i2]>, %b: control<[valid: i1]>) attributes {argNames = ["a"]} {
  end
}

// -----

handshake.func @shapes(%a: channel<i32>, %b: channel<i32, [up: i4 (U)]>, %c: control) {
  // expect-error@+1:3 {{'fork' outputs must have the operand's type !handshake.channel<i32>, but one has !handshake.channel<i8>}}
  %0:2 = "handshake.fork"(%a) : (!handshake.channel<i32>) -> (!handshake.channel<i32>, !handshake.channel<i8>)
  // expect-error@+1:3 {{'join' produces a control token, not !handshake.channel<i32>}}
  %1 = "handshake.join"(%a, %c) : (!handshake.channel<i32>, !handshake.control<>) -> (!handshake.channel<i32>)
  // expect-error@+1:3 {{'source' produces a control token, not !handshake.channel<i32>}}
  %2 = source : <i32>
  // expect-error@+1:3 {{'return' results must have the types of its operands}}
  %3 = "handshake.return"(%a) : (!handshake.channel<i32>) -> (!handshake.channel<i16>)
  // expect-error@+1:3 {{'sink' takes 1 operand(s), but has 2}}
  "handshake.sink"(%a, %c) : (!handshake.channel<i32>, !handshake.control<>) -> ()
  // expect-error@+1:3 {{'decompose' must keep the upstream width: !handshake.channel<i32, [up: i4 (U)]> has 4 bit(s) but !handshake.channel<i32> has 0}}
  %4 = decompose %b : <i32, [up: i4 (U)]> -> <i32>
  // expect-error@+1:3 {{'unbundle' takes a channel or control token, not i32}}
  %5 = "handshake.unbundle"(%6) : (i32) -> (i32)
  %ctl, %6 = unbundle %a : <i32> to _
  end
}

// -----

// Load and store ports facing memory carry no extra signals; the kernel's side carries the
// address's extra signals.
handshake.func @memory_extras(%a: channel<i4, [t: i2]>, %m: channel<i32>, %mt: channel<i32, [t: i2]>, %d: channel<i32, [t: i2]>, %e: channel<i32, [u: i1]>) {
  // expect-error@+1:3 {{'load' address output must carry the address !handshake.channel<i4, [t: i2]> without extra signals, not !handshake.channel<i4, [t: i2]>}}
  %a0, %d0 = load[%a] %m : <i4, [t: i2]>, <i32>, <i4, [t: i2]>, <i32, [t: i2]>
  // expect-error@+1:3 {{'load' memory-side data !handshake.channel<i32, [t: i2]> must carry no extra signals}}
  %a1, %d1 = load[%a] %mt : <i4, [t: i2]>, <i32, [t: i2]>, <i4>, <i32, [t: i2]>
  // expect-error@+1:3 {{'load' kernel-side data !handshake.channel<i32> must carry the extra signals of the address !handshake.channel<i4, [t: i2]>}}
  %a2, %d2 = load[%a] %m : <i4, [t: i2]>, <i32>, <i4>, <i32>
  %a3, %d3 = store[%a] %d : <i4, [t: i2]>, <i32, [t: i2]>, <i4>, <i32>
  // expect-error@+1:3 {{'store' kernel-side data !handshake.channel<i32, [u: i1]> must carry the extra signals of the address !handshake.channel<i4, [t: i2]>}}
  %a4, %d4 = store[%a] %e : <i4, [t: i2]>, <i32, [u: i1]>, <i4>, <i32>
  // expect-error@+1:3 {{'store' memory-side data !handshake.channel<i32, [t: i2]> must carry no extra signals}}
  %a5, %d5 = store[%a] %d : <i4, [t: i2]>, <i32, [t: i2]>, <i4>, <i32, [t: i2]>
  end
}
