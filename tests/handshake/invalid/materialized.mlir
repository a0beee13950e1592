// With --verify-materialized every channel has exactly one consumer.

// expect-error@+1:25 {{%a of type channel<i32> has 2 consumers, but materialized IR needs exactly one (insert a fork)}}
handshake.func @twoUses(%a: channel<i32>, %start: control) -> (channel<i32>, channel<i32>, control) {
  // expect-error@+1:3 {{%unused of type channel<i32> has 0 consumers, but materialized IR needs exactly one (add a sink)}}
  %unused = br %a : <i32>
  %f:2 = fork [2] %start : <>
  %k = constant %f#0 {value = 1 : i32} : <>, <i32>
  end %k, %a, %f#1 : <i32>, <i32>, <>
}
