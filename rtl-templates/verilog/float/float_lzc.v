// Rivulet float_lzc: leading-zero count and left normalization.
//
// count = number of leading zeros of x (WIDTH when x = 0, WIDTH <= 255);
// normalized = x << count. Purely combinational (a priority encoder and a
// barrel shifter).
module float_lzc #(
  parameter WIDTH = 24
) (
  input  wire [WIDTH-1:0] x,
  output reg  [7:0]       count,
  output wire [WIDTH-1:0] normalized
);
  localparam [7:0] WL = WIDTH[7:0];
  integer i;

  always @* begin
    count = WL;
    for (i = 0; i < WIDTH; i = i + 1)
      if (x[i]) count = WL - 8'd1 - i[7:0];
  end

  assign normalized = x << count;
endmodule
