// Memory kernel: v = a[2]; a[3] = v + 5; returns v. One memory controller with a load port, a
// store port and one store-count (ctrl) channel.
handshake.func @memk(%a: memref<8xi32>, %a_start: !handshake.control<>, %start: !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>, !handshake.control<>) attributes {argNames = ["a", "a_start", "start"], resNames = ["out0", "a_end", "end"]} {
  %ldData, %memEnd = mem_controller[%a : memref<8xi32>] %a_start (%cnt, %ldAddr, %stAddr, %stData) %sf#2 {connectedBlocks = [0 : i32], handshake.name = "mem_controller0"} : (!handshake.channel<i32>, !handshake.channel<i3>, !handshake.channel<i3>, !handshake.channel<i32>) -> !handshake.channel<i32>
  %sf:6 = fork [6] %start : <>
  %cnt = constant %sf#0 {value = 1 : i32} : <>, <i32>
  %la = constant %sf#1 {value = 2 : i3} : <>, <i3>
  %ldAddr, %v = load[%la] %ldData : <i3>, <i32>
  %vf:2 = fork [2] %v : <i32>
  %five = constant %sf#3 {value = 5 : i32} : <>, <i32>
  %sum = addi %vf#0, %five : <i32>
  %sa = constant %sf#4 {value = 3 : i3} : <>, <i3>
  %stAddr, %stData = store[%sa] %sum : <i3>, <i32>
  end %vf#1, %memEnd, %sf#5 : <i32>, <>, <>
}
