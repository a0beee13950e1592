// Float memory kernel: v = a[2]; a[3] = v; returns v (checks the testbench's float tolerance).
handshake.func @memf(%a: memref<8xf32>, %a_start: !handshake.control<>, %start: !handshake.control<>) -> (!handshake.channel<f32>, !handshake.control<>, !handshake.control<>) attributes {argNames = ["a", "a_start", "start"], resNames = ["out0", "a_end", "end"]} {
  %ldData, %memEnd = mem_controller[%a : memref<8xf32>] %a_start (%cnt, %ldAddr, %stAddr, %stData) %sf#2 {connectedBlocks = [0 : i32], handshake.name = "mem_controller0"} : (!handshake.channel<i32>, !handshake.channel<i3>, !handshake.channel<i3>, !handshake.channel<f32>) -> !handshake.channel<f32>
  %sf:5 = fork [5] %start : <>
  %cnt = constant %sf#0 {value = 1 : i32} : <>, <i32>
  %la = constant %sf#1 {value = 2 : i3} : <>, <i3>
  %ldAddr, %v = load[%la] %ldData : <i3>, <f32>
  %vf:2 = fork [2] %v : <f32>
  %sa = constant %sf#3 {value = 3 : i3} : <>, <i3>
  %stAddr, %stData = store[%sa] %vf#0 : <i3>, <f32>
  end %vf#1, %memEnd, %sf#4 : <f32>, <>, <>
}
