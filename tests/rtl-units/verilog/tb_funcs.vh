// Rivulet unit tests: shared functions, included inside modules.
// xs: xorshift32 step (bijective on non-zero values).
// tok(id, k): the k-th token value of the source with identifier id
// (multiplications and additions modulo 2^32 make it non-linear).
function [31:0] xs;
  input [31:0] x;
  reg [31:0] y;
  begin
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    xs = y ^ (y << 5);
  end
endfunction

function [31:0] tok;
  input integer id;
  input integer k;
  reg [31:0] a, b, x;
  begin
    a = (id + 1) * 32'h9e3779b1;
    b = (k + 1) * 32'h85ebca77;
    x = xs(a ^ b);
    x = xs(x + a);
    tok = x ^ (x >> 16);
  end
endfunction
