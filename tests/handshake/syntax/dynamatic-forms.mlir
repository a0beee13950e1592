// Operation spellings Dynamatic prints, each at least once, in small valid functions.

module {
  handshake.func @forms(%arg0: memref<64xi32>, %arg1: memref<64xf32>, %arg2: !handshake.channel<i32>, %arg3: !handshake.channel<f32>, %arg4: !handshake.control<>, %arg5: !handshake.control<>, %arg6: !handshake.control<>, ...) -> (!handshake.channel<i32>, !handshake.channel<f32>, !handshake.control<>, !handshake.control<>, !handshake.control<>) attributes {argNames = ["a", "b", "n", "x", "a_start", "b_start", "start"], cfg.edges = "[0,1]", resNames = ["out0", "out1", "a_end", "b_end", "end"]} {
    %0:6 = fork [6] %arg6 {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <>
    %outputs, %memEnd = mem_controller[%arg0 : memref<64xi32>] %arg4 (%addressResult) %0#5 {connectedBlocks = [1 : i32], handshake.name = "mem_controller0"} :    (!handshake.channel<i6>) -> !handshake.channel<i32>
    %1:2 = lsq[%arg1 : memref<64xf32>] (%arg5, %0#4, %addressResult_1, %addressResult_3, %dataResult_4, %0#3)  {groupSizes = [2 : i32], handshake.name = "lsq0"} : (!handshake.control<>, !handshake.control<>, !handshake.channel<i6>, !handshake.channel<i6>, !handshake.channel<f32>, !handshake.control<>) -> (!handshake.channel<f32>, !handshake.control<>)
    %2 = source {handshake.bb = 1 : ui32, handshake.name = "source0"} : <>
    %3 = constant %2 {handshake.bb = 1 : ui32, handshake.name = "constant0", value = 7 : i6} : <>, <i6>
    %4:3 = lazy_fork [3] %3 {handshake.bb = 1 : ui32, handshake.name = "lazy_fork0"} : <i6>
    %addressResult, %dataResult = load[%4#0] %outputs {handshake.bb = 1 : ui32, handshake.deps = #handshake<deps[["store0", 1, false]]>, handshake.mem_interface = #handshake.mem_interface<MC>, handshake.name = "load0"} : <i6>, <i32>
    %addressResult_1, %dataResult_2 = load[%4#1] %1#0 {handshake.bb = 1 : ui32, handshake.bufProps = #handshake<bufProps{"0": [0,0], [0,0], 0.000000e+00, 0.000000e+00, 0.000000e+00}>, handshake.name = "load1"} : <i6>, <f32>, <i6>, <f32>
    %5 = constant %0#0 {handshake.bb = 0 : ui32, handshake.name = "constant1", value = -0.899999976 : f32} : <>, <f32>
    %6 = mulf %dataResult_2, %5 {fastmath = #arith.fastmath<none>, handshake.bb = 1 : ui32, handshake.name = "mulf0", internal_delay = "3_812000"} : <f32>
    %7 = addf %6, %arg3 {fastmath = #arith.fastmath<none>, handshake.bb = 1 : ui32, handshake.name = "addf0"} : <f32>
    %8:2 = fork [2] %7 {handshake.bb = 1 : ui32, handshake.name = "fork1"} : <f32>
    %addressResult_3, %dataResult_4 = store[%4#2] %8#0 {handshake.bb = 1 : ui32, handshake.mem_interface = #handshake.mem_interface<LSQ: 0>, handshake.name = "store0"} : <i6>, <f32>, <i6>, <f32>
    %9 = cmpf oge, %8#1, %5 {handshake.bb = 1 : ui32, handshake.name = "cmpf0"} : <f32>
    %10 = cmpi slt, %dataResult, %arg2 {handshake.bb = 1 : ui32, handshake.name = "cmpi0"} : <i32>
    %11 = select %10[%dataResult, %arg2] {handshake.bb = 1 : ui32, handshake.name = "select0"} : <i1>, <i32>
    %12 = not %9 {handshake.bb = 1 : ui32, handshake.name = "not0"} : <i1>
    %13 = extui %12 {handshake.bb = 1 : ui32, handshake.name = "extui0"} : <i1> to <i32>
    %14 = maxsi %11, %13 {handshake.bb = 1 : ui32, handshake.name = "maxsi0"} : <i32>
    %15 = sitofp %14 {handshake.bb = 1 : ui32, handshake.name = "sitofp0"} : <i32> to <f32>
    %16 = constant %0#1 {handshake.bb = 0 : ui32, handshake.name = "constant2", value = true} : <>, <i1>
    %trueResult, %falseResult = cond_br %16, %15 {handshake.bb = 1 : ui32, handshake.name = "cond_br0"} : <i1>, <f32>
    sink %falseResult {handshake.name = "sink0"} : <f32>
    %17 = buffer %14, bufferType = ONE_SLOT_BREAK_DV, numSlots = 1, dvLatency = 1 {debugCounter = false, handshake.bb = 1 : ui32, handshake.name = "buffer0"} : <i32>
    %18 = join %1#1, %memEnd {ftd.phi, handshake.bb = 1 : ui32, handshake.name = "join0"} : <>
    %19 = blocker %0#2, %18 {handshake.bb = 1 : ui32, handshake.name = "blocker0"} : <>
    end {handshake.bb = 1 : ui32, handshake.name = "end0"} %17, %trueResult, %19, %memEnd, %1#1 : <i32>, <f32>, <>, <>, <>
  }
}

// -----

// Older spellings: merge-like ops without brackets, two-type loads, a store with its done
// token, generic operations, and a declaration with named arguments.
module {
  handshake.func @older(%arg0: !handshake.channel<i32>, %arg1: !handshake.channel<i32>, %arg2: !handshake.control<>, %arg3: !handshake.control<>, %arg4: memref<8xi32>, %arg5: !handshake.control<>, ...) -> (!handshake.channel<i32>, !handshake.control<>) {
    %0 = mux %index [%arg0, %arg1] {handshake.bb = 1 : ui32, handshake.name = "mux0"} : <i1>, <i32>
    %result, %index = control_merge %arg2, %arg3  {handshake.bb = 1 : ui32, handshake.name = "control_merge0"} : <>, <i1>
    %1 = trunci %0 {handshake.bb = 1 : ui32, handshake.name = "trunci0"} : <i32> to <i3>
    %memEnd = mem_controller[%arg4 : memref<8xi32>] %arg5 (%1, %addressResult, %dataResult) %result {connectedBlocks = [1 : i32], handshake.name = "mem_controller0"} :    (!handshake.channel<i3>, !handshake.channel<i3>, !handshake.channel<i32>) -> ()
    %2 = "handshake.trunci"(%0) {handshake.name = "trunci1"} : (!handshake.channel<i32>) -> (!handshake.channel<i3>)
    %3 = buffer %doneResult {handshake.name = "buffer0", hw.parameters = {NUM_SLOTS = 1 : ui32, TIMING = #handshake<timing {R: 1}>}} : <>
    %addressResult, %dataResult, %doneResult = store[%2] %0 %memEnd {handshake.bb = 1 : ui32, handshake.name = "store0"} : <i3>, <i32>, <>, <i3>, <i32>, <>
    end {handshake.bb = 1 : ui32, handshake.name = "end0"} %0, %3 : <i32>, <>
  }
  handshake.func @decl(%arg0: !handshake.control<>) -> !handshake.control<>
}

// -----

// Bundling and unbundling in Dynamatic's spelling.
handshake.func @unbundleChannelExtras(%channel: !handshake.channel<i32, [e1: i1 (U), e2: f16, e3: i32 (U)]>) -> !handshake.channel<i32, [e1: i1 (U), e2: f16, e3: i32 (U)]> {
  %ctrl, %data, %e2 = unbundle %channel [%e1, %e3] : <i32, [e1: i1 (U), e2: f16, e3: i32 (U)]> to _
  %valid = unbundle %ctrl [%ready] : <> to _
  %ctrlAgain, %ready = bundle %valid : _ to <>
  %channelAgain, %e1, %e3 = bundle %ctrlAgain, %data, %e2 : _ to <i32, [e1: i1 (U), e2: f16, e3: i32 (U)]>
  end %channelAgain : !handshake.channel<i32, [e1: i1 (U), e2: f16, e3: i32 (U)]>
}

// -----

// Speculation bits on every channel.
handshake.func @spec(%arg0: !handshake.channel<i8, [spec: i1]>, %arg1: !handshake.control<[spec: i1]>) -> !handshake.channel<i8, [spec: i1]> {
  %0 = mux %index [%arg0, %1] {handshake.bb = 1 : ui32, handshake.name = "mux0"} : <i1, [spec: i1]>, [<i8, [spec: i1]>, <i8, [spec: i1]>] to <i8, [spec: i1]>
  %result, %index = control_merge [%arg1, %arg1]  {handshake.bb = 1 : ui32, handshake.name = "control_merge0"} : [<[spec: i1]>, <[spec: i1]>] to <[spec: i1]>, <i1, [spec: i1]>
  %1 = constant %result {handshake.bb = 1 : ui32, handshake.name = "constant0", value = 0 : i8} : <[spec: i1]>, <i8, [spec: i1]>
  end %0 : <i8, [spec: i1]>
}

// -----

// A load whose address carries extra signals, as the reference prints it: the address sent to
// memory drops them, the loaded data sent on keeps them.
module {
  handshake.func @load_extras(%arg0: memref<16xi32>, %arg1: !handshake.channel<i32, [test: i2]>, %arg2: !handshake.control<>, %arg3: !handshake.control<>, ...) -> (!handshake.channel<i32, [test: i2]>, !handshake.control<>, !handshake.control<>) attributes {argNames = ["m", "addr", "m_start", "start"], resNames = ["out0", "m_end", "end"]} {
    %0:2 = fork [2] %arg3 {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <>
    %ldData, %memEnd = mem_controller[%arg0 : memref<16xi32>] %arg2 (%addressResult) %0#0 {connectedBlocks = [0 : i32], handshake.name = "mem_controller0"} : (!handshake.channel<i32>) -> !handshake.channel<i32>
    %addressResult, %dataResult = load[%arg1] %ldData {handshake.bb = 0 : ui32, handshake.name = "load0"} : <i32, [test: i2]>, <i32>, <i32>, <i32, [test: i2]>
    end {handshake.bb = 0 : ui32, handshake.name = "end0"} %dataResult, %memEnd, %0#1 : <i32, [test: i2]>, <>, <>
  }
}
