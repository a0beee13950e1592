// Counter loop: out0 = 0 + 1 + ... + (n - 1), with a control merge, muxes, cond_brs and
// a ONE_SLOT_BREAK_DV then a ONE_SLOT_BREAK_R buffer on every back edge.
handshake.func @sum(%n: !handshake.channel<i32>, %start: !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["n", "start"], resNames = ["out0", "end"]} {
  %s:3 = fork [3] %start : <>
  %i0 = constant %s#0 {value = 0 : i32} : <>, <i32>
  %a0 = constant %s#1 {value = 0 : i32} : <>, <i32>
  %ctl, %idx = control_merge [%s#2, %backc] : [<>, <>] to <>, <i1>
  %ix:3 = fork [3] %idx : <i1>
  %i = mux %ix#0 [%i0, %backi] : <i1>, <i32>
  %acc = mux %ix#1 [%a0, %backa] : <i1>, <i32>
  %nn = mux %ix#2 [%n, %backn] : <i1>, <i32>
  %if:2 = fork [2] %i : <i32>
  %nf:2 = fork [2] %nn : <i32>
  %c = cmpi slt, %if#0, %nf#0 : <i32>
  %cf:4 = fork [4] %c : <i1>
  %it, %ie = cond_br %cf#0, %if#1 : <i1>, <i32>
  %at, %ae = cond_br %cf#1, %acc : <i1>, <i32>
  %nt, %ne = cond_br %cf#2, %nf#1 : <i1>, <i32>
  %ct, %ce = cond_br %cf#3, %ctl : <i1>, <>
  %itf:2 = fork [2] %it : <i32>
  %ctf:2 = fork [2] %ct : <>
  %one = constant %ctf#0 {value = 1 : i32} : <>, <i32>
  %inext = addi %itf#0, %one : <i32>
  %anext = addi %at, %itf#1 : <i32>
  %backi_dv = buffer %inext, bufferType = ONE_SLOT_BREAK_DV, numSlots = 1 : <i32>
  %backi = buffer %backi_dv, bufferType = ONE_SLOT_BREAK_R, numSlots = 1 : <i32>
  %backa_dv = buffer %anext, bufferType = ONE_SLOT_BREAK_DV, numSlots = 1 : <i32>
  %backa = buffer %backa_dv, bufferType = ONE_SLOT_BREAK_R, numSlots = 1 : <i32>
  %backn_dv = buffer %nt, bufferType = ONE_SLOT_BREAK_DV, numSlots = 1 : <i32>
  %backn = buffer %backn_dv, bufferType = ONE_SLOT_BREAK_R, numSlots = 1 : <i32>
  %backc_dv = buffer %ctf#1, bufferType = ONE_SLOT_BREAK_DV, numSlots = 1 : <>
  %backc = buffer %backc_dv, bufferType = ONE_SLOT_BREAK_R, numSlots = 1 : <>
  sink %ie : <i32>
  sink %ne : <i32>
  end %ae, %ce : <i32>, <>
}
