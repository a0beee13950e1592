// The `adder` kernel of spec/type-system.md, materialized: the unused `start` token feeds a
// sink (fork/sink materialization adds it), so every channel has one producer and one consumer.
handshake.func @adder(%a: channel<i32>, %b: channel<i32>, %start: control) -> channel<i32> {
    %add_result = handshake.addi %a, %b : channel<i32>
    %ret = handshake.return %add_result : channel<i32>
    handshake.sink %start : control
    handshake.end %ret : channel<i32>
}
