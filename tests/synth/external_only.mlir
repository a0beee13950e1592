// No non-external function: the lowering leaves the module unchanged.
handshake.func private @ext(!handshake.channel<i32>, !handshake.control<>) -> !handshake.control<> attributes {argNames = ["a", "start"], resNames = ["end"]}
