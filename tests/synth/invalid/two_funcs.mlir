// Two functions with a body: the lowering supports one per module.
handshake.func @f(%a: control) -> control {
  handshake.end %a : control
}
handshake.func @g(%a: control) -> control {
  handshake.end %a : control
}
