// %a has two consumers (no fork): ready inversion needs exactly one.
handshake.func @twice(%a: channel<i8>) -> (channel<i8>, channel<i8>) {
  %n = handshake.not %a : channel<i8>
  handshake.end %n, %a : channel<i8>, channel<i8>
}
