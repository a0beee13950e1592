// Rivulet unit tests: random token source and random-ready sink.
`timescale 1ns/1ps

// tb_src: offers tokens tok(ID, k) & MASK for k = 0 .. N-1, in order. After a
// transfer (or while idle) it offers the next token in a cycle with
// probability PROB/256 (xorshift32 stream seeded with SEED); once offered, a
// token stays valid and unchanged until it is taken.
module tb_src #(
  parameter ID = 0,
  parameter SEED = 1,
  parameter N = 100,
  parameter W = 32,
  parameter [31:0] MASK = 32'hffffffff,
  parameter PROB = 192
) (
  input  wire         clk,
  input  wire         rst,
  output wire [W-1:0] data,
  output reg          valid,
  input  wire         ready,
  output reg  [31:0]  count
);
  `include "tb_funcs.vh"
  reg  [31:0] rng;
  wire [31:0] rn = xs(rng);
  wire        fire = valid & ready;
  wire [31:0] kn = count + {31'd0, fire};
  wire [31:0] t = tok(ID, count) & MASK;
  assign data = t[W-1:0];
  always @(posedge clk) begin
    if (rst) begin
      rng <= SEED;
      count <= 32'd0;
      valid <= 1'b0;
    end else begin
      rng <= rn;
      count <= kn;
      if (!valid || fire) valid <= (kn < N) && ({24'd0, rn[7:0]} < PROB);
    end
  end
endmodule

// tb_snk: ready is a register, 1 in a cycle with probability PROB/256
// (PROB = 256: always ready), independent of valid.
module tb_snk #(
  parameter SEED = 7,
  parameter PROB = 192
) (
  input  wire clk,
  input  wire rst,
  output reg  ready
);
  `include "tb_funcs.vh"
  reg  [31:0] rng;
  wire [31:0] rn = xs(rng);
  always @(posedge clk) begin
    if (rst) begin
      rng <= SEED;
      ready <= 1'b0;
    end else begin
      rng <= rn;
      ready <= ({24'd0, rn[7:0]} < PROB);
    end
  end
endmodule
