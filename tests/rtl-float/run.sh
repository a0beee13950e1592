#!/usr/bin/env bash
# Rivulet floating-point RTL tests (rtl-templates/{vhdl,verilog}/float).
#
# Runs, in parallel (JOBS, default 2):
#   lint-<unit>          verilator --lint-only -Wall on every Verilog unit, several parameter sets
#   vhdl-gate-* / vhdl-synth-*  ghdl --synth of every VHDL unit (f32 and f64); for most, the
#                        testbench then runs on the synthesized netlist (see t_vhdl_gate)
#   ghdl-* / icarus-*    vector simulations of every unit through its elastic interface with
#                        random back-pressure (tb_float.vhd / tb_float.v, vectors from
#                        gen_vectors.c), checking results bit-exactly and the handshake
#                        equations (latency) every cycle
#   yosys-gate-*         yosys synthesis of a few Verilog units, then the same testbench on the
#                        synthesized gate-level netlist (skipped, and said so, without yosys;
#                        FULL=1 runs more of them)
# Logs go to $WORK (a temporary directory, kept when KEEP=1). The last line is
# "N passed, M failed"; the exit status is non-zero when anything failed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
VHDL=$ROOT/rtl-templates/vhdl/float
VLOG=$ROOT/rtl-templates/verilog/float
JOBS=${JOBS:-2}
FULL=${FULL:-0}
WORK=$(mktemp -d /tmp/rtl-float.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then echo "work directory: $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
mkdir -p "$WORK/logs" "$WORK/vec" "$WORK/ghdl" "$WORK/ivl" "$WORK/res"
export HERE VHDL VLOG WORK

UNITS="addf subf mulf divf maximumf minimumf cmpf negf absf extf truncf sitofp uitofp fptosi fptoui"
# Analysis order: the package and the pipeline before the units.
VHDL_FILES="$VHDL/float_pkg.vhd $VHDL/float_pipeline.vhd"
for u in $UNITS; do VHDL_FILES="$VHDL_FILES $VHDL/$u.vhd"; done
export VHDL_FILES

# ---- tests (each prints its log to stdout; exit status 0 = pass) -------------------------

# lint UNIT: verilator -Wall with the defaults and with other widths / latencies.
t_lint() {
  local u=$1 sets p
  case $u in
    extf|truncf) sets="LATENCY=0 LATENCY=3" ;;
    sitofp|uitofp) sets="LATENCY=0 LATENCY=2 FLOAT_WIDTH=64,INPUT_WIDTH=64 INPUT_WIDTH=8" ;;
    fptosi|fptoui) sets="LATENCY=0 LATENCY=2 FLOAT_WIDTH=64,OUTPUT_WIDTH=64 OUTPUT_WIDTH=8" ;;
    cmpf) sets="LATENCY=0 LATENCY=2 FLOAT_WIDTH=64 PREDICATE=\"true\" PREDICATE=\"une\"" ;;
    *) sets="LATENCY=0 LATENCY=3 FLOAT_WIDTH=64" ;;
  esac
  cd "$WORK" || return 1
  verilator --lint-only -Wall --top-module "$u" "$VLOG/$u.v" "$VLOG"/float_*.v || return 1
  for p in $sets; do
    verilator --lint-only -Wall --top-module "$u" $(echo "$p" | tr ',' '\n' | sed 's/^/-G/') \
      "$VLOG/$u.v" "$VLOG"/float_*.v || return 1
  done
}

# ghdl OP WSPEC LATENCY VECTORS / icarus OP WSPEC LATENCY VECTORS
fw_of() { echo "${1%%:*}"; }
iw_of() { case $1 in *:*) echo "${1##*:}" ;; *) echo 32 ;; esac; }
t_ghdl() {
  local out
  out=$(cd "$WORK/ghdl" && ghdl -r --std=08 --workdir="$WORK/ghdl" tb_float -gOP="$1" \
        -gFW="$(fw_of "$2")" -gIW="$(iw_of "$2")" -gLATENCY="$3" -gVECTORS="$4" -gSEED=7 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 0 ] && echo "$out" | grep -q "PASS $1"
}
t_icarus() {
  local vvp="$WORK/ivl/$1.$2.$3.vvp" out
  iverilog -g2012 -o "$vvp" -P tb_float.OP=\""$1"\" -P tb_float.FW="$(fw_of "$2")" \
    -P tb_float.IW="$(iw_of "$2")" -P tb_float.LATENCY="$3" "$HERE/tb_float.v" "$VLOG"/*.v || return 1
  out=$(vvp -n "$vvp" +VECTORS="$4" +SEED=11 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 0 ] && echo "$out" | grep -q "PASS $1" && ! echo "$out" | grep -q -E "FATAL|ERROR"
}

# gate OP WSPEC LATENCY VECTORS: yosys synthesis, then tb_float.v on the netlist.
t_gate() {
  local op=$1 fw iw net="$WORK/ivl/$1.$2.$3.net.v" set out
  fw=$(fw_of "$2"); iw=$(iw_of "$2")
  case $op in
    extf|truncf) set="-set LATENCY $3" ;;
    sitofp|uitofp) set="-set FLOAT_WIDTH $fw -set INPUT_WIDTH $iw -set LATENCY $3" ;;
    fptosi|fptoui) set="-set FLOAT_WIDTH $fw -set OUTPUT_WIDTH $iw -set LATENCY $3" ;;
    *) set="-set FLOAT_WIDTH $fw -set LATENCY $3" ;;
  esac
  yosys -q -p "read_verilog $VLOG/*.v; chparam $set $op; synth -flatten -top $op; \
               write_verilog -noattr $net" || return 1
  # The netlist is specialized; declare the parameters the testbench passes (unused).
  sed -i "/^module $op(/a\\  parameter FLOAT_WIDTH = 0;\\n  parameter INPUT_WIDTH = 0;\\n  parameter OUTPUT_WIDTH = 0;\\n  parameter LATENCY = 0;" "$net"
  iverilog -g2012 -o "$net.vvp" -P tb_float.OP=\""$op"\" -P tb_float.FW="$fw" -P tb_float.IW="$iw" \
    -P tb_float.LATENCY="$3" "$HERE/tb_float.v" "$net" || return 1
  out=$(vvp -n "$net.vvp" +VECTORS="$4" +SEED=5 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 0 ] && echo "$out" | grep -q "PASS $op" && ! echo "$out" | grep -q -E "FATAL|ERROR"
}

# vhdl_gate OP WSPEC LATENCY VECTORS MODE: ghdl --synth, then (MODE = sim) tb_float.vhd on
# the netlist. MODE = synth stops after synthesis: GHDL 2.0 prints some netlists wrongly
# (64-bit constants whose low word is zero come out as zeros; a 1-bit vector port becomes a
# std_logic), so those are checked for synthesizability only.
t_vhdl_gate() {
  local op=$1 fw iw g dir="$WORK/ghdl-gate/$1.${2/:/_}.$3" out
  fw=$(fw_of "$2"); iw=$(iw_of "$2")
  case $op in
    extf|truncf) g=() ;;
    sitofp|uitofp) g=(-gFLOAT_WIDTH="$fw" -gINPUT_WIDTH="$iw") ;;
    fptosi|fptoui) g=(-gFLOAT_WIDTH="$fw" -gOUTPUT_WIDTH="$iw") ;;
    *) g=(-gFLOAT_WIDTH="$fw") ;;
  esac
  mkdir -p "$dir" && cd "$dir" || return 1
  ghdl -a --std=08 --workdir="$dir" $VHDL_FILES || return 1
  ghdl --synth --std=08 --workdir="$dir" "${g[@]}" -gLATENCY="$3" "$op" > net.vhd || return 1
  [ "$5" = synth ] && return 0
  # The netlist replaces the unit in the library; the testbench is analyzed against it.
  ghdl -a --std=08 --workdir="$dir" -Wno-library net.vhd "$HERE/tb_float.vhd" || return 1
  out=$(ghdl -r --std=08 --workdir="$dir" tb_float -gOP="$op" -gFW="$fw" -gIW="$iw" \
        -gLATENCY="$3" -gVECTORS="$4" -gSEED=3 --ieee-asserts=disable 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 0 ] && echo "$out" | grep -q "PASS $op"
}

# run_test NAME FUNCTION ARGS...: runs one test, records PASS / FAIL.
run_test() {
  local name=$1; shift
  if "$@" > "$WORK/logs/$name.log" 2>&1; then
    echo "PASS $name" | tee "$WORK/res/$name"
  else
    echo "FAIL $name" | tee "$WORK/res/$name"
    tail -n 15 "$WORK/logs/$name.log" | sed 's/^/    /'
  fi
}
export -f t_lint t_vhdl_gate fw_of iw_of t_ghdl t_icarus t_gate run_test

# ---- setup --------------------------------------------------------------------------------
passed=0; failed=0
GEN="$WORK/gen_vectors"
if gcc -O2 -std=c11 -Wall -Wextra -Werror -ffp-contract=off -o "$GEN" "$HERE/gen_vectors.c" -lm \
     > "$WORK/logs/gen.log" 2>&1; then
  echo "PASS build-gen-vectors"; passed=$((passed + 1))
else
  echo "FAIL build-gen-vectors"; cat "$WORK/logs/gen.log"; failed=$((failed + 1))
fi
if (cd "$WORK/ghdl" && ghdl -a --std=08 --workdir="$WORK/ghdl" $VHDL_FILES "$HERE/tb_float.vhd") \
     > "$WORK/logs/vhdl-analyze.log" 2>&1 && [ ! -s "$WORK/logs/vhdl-analyze.log" ]; then
  echo "PASS vhdl-analyze"; passed=$((passed + 1))
else
  echo "FAIL vhdl-analyze"; cat "$WORK/logs/vhdl-analyze.log"; failed=$((failed + 1))
fi

# ---- test list ------------------------------------------------------------------------------
LIST="$WORK/tests.txt"
: > "$LIST"
add() { echo "$*" >> "$LIST"; }

for u in $UNITS; do add "lint-$u t_lint $u"; done
# OP WSPEC COUNT LATENCY (WSPEC: float width, or FW:IW for the integer conversions). The first
# line of a unit uses the latency configs/timing.json gives it at a 4-5 ns clock.
SIMS="
addf 32 5000 6
addf 64 5000 12
addf 32 1000 0
addf 64 1000 1
subf 32 4000 6
subf 64 3000 12
subf 32 500 0
mulf 32 5000 2
mulf 64 3000 3
mulf 32 1000 0
mulf 64 1000 1
divf 32 5000 15
divf 64 2000 36
divf 32 1000 0
divf 64 500 1
cmpf 32 4000 0
cmpf 64 3000 1
cmpf 32 500 2
maximumf 32 3000 0
maximumf 64 2000 1
minimumf 32 3000 0
minimumf 64 2000 1
negf 32 1000 0
negf 64 1000 2
absf 32 1000 0
absf 64 1000 2
extf 32 4000 0
extf 32 500 2
truncf 64 5000 0
truncf 64 500 3
sitofp 32:32 4000 5
sitofp 32:16 1500 1
sitofp 32:8 800 0
sitofp 64:32 3000 0
sitofp 64:64 1500 2
sitofp 32:64 1500 0
uitofp 32:32 3000 5
uitofp 32:16 1000 1
uitofp 64:32 2000 0
uitofp 64:64 1500 0
fptosi 32:32 4000 5
fptosi 64:32 4000 0
fptosi 32:64 1500 1
fptosi 64:64 1500 0
fptosi 32:8 1000 0
fptosi 64:16 1000 3
fptoui 32:32 3000 5
fptoui 64:32 3000 1
fptoui 32:64 1500 0
fptoui 64:64 1500 2
fptoui 32:8 1500 0
fptoui 64:16 1000 1
"
seed=100
while read -r op ws n lat; do
  [ -z "$op" ] && continue
  seed=$((seed + 1))
  vec="$WORK/vec/$op.${ws/:/_}.L$lat.txt"
  "$GEN" "$op" "$ws" "$n" "$seed" > "$vec" 2>> "$WORK/logs/gen.log"
  add "ghdl-$op-${ws/:/_}-L$lat t_ghdl $op $ws $lat $vec"
  add "icarus-$op-${ws/:/_}-L$lat t_icarus $op $ws $lat $vec"
done <<< "$SIMS"

# VHDL netlists from ghdl --synth (fast), every unit.
VHDL_GATES="
addf 32 600 2 sim
addf 64 0 1 synth
subf 32 400 0 sim
subf 64 0 2 synth
mulf 32 600 1 sim
mulf 64 0 0 synth
divf 32 400 2 sim
divf 64 0 0 synth
maximumf 32 300 0 sim
maximumf 64 0 1 synth
minimumf 32 300 1 sim
minimumf 64 0 0 synth
cmpf 32 0 1 synth
cmpf 64 0 0 synth
negf 32 200 1 sim
negf 64 200 0 sim
absf 32 200 0 sim
absf 64 200 1 sim
extf 32 0 1 synth
truncf 64 600 0 sim
sitofp 32:32 500 1 sim
sitofp 64:64 400 0 sim
uitofp 32:32 400 0 sim
uitofp 64:64 400 1 sim
fptosi 32:32 500 0 sim
fptosi 64:64 400 1 sim
fptoui 32:32 400 0 sim
fptoui 32:8 300 1 sim
"
while read -r op ws n lat mode; do
  [ -z "$op" ] && continue
  seed=$((seed + 1))
  vec="$WORK/vec/vgate.$op.${ws/:/_}.L$lat.txt"
  "$GEN" "$op" "$ws" "$n" "$seed" > "$vec" 2>> "$WORK/logs/gen.log"
  if [ "$mode" = sim ]; then name=vhdl-gate; else name=vhdl-synth; fi
  add "$name-$op-${ws/:/_}-L$lat t_vhdl_gate $op $ws $lat $vec $mode"
done <<< "$VHDL_GATES"

# Verilog netlists from yosys (slow): a few units, more with FULL=1. (Not cmpf: its testbench
# needs one netlist per predicate.)
GATES="
addf 32 400 2
mulf 32 400 1
fptosi 32:32 400 0
fptoui 32:16 400 1
"
[ "$FULL" = 1 ] && GATES="$GATES
divf 32 300 3
sitofp 32:32 400 0
truncf 64 400 1
extf 32 300 0
maximumf 32 300 0
"
if command -v yosys > /dev/null; then
  while read -r op ws n lat; do
    [ -z "$op" ] && continue
    seed=$((seed + 1))
    vec="$WORK/vec/gate.$op.${ws/:/_}.txt"
    "$GEN" "$op" "$ws" "$n" "$seed" > "$vec" 2>> "$WORK/logs/gen.log"
    add "yosys-gate-$op-${ws/:/_}-L$lat t_gate $op $ws $lat $vec"
  done <<< "$GATES"
else
  echo "SKIP gate-level tests (yosys not installed)"
fi

# ---- run ------------------------------------------------------------------------------------
# Slow tests first so that the two workers stay busy until the end.
{ grep '^yosys-gate-' "$LIST"; grep -v '^yosys-gate-' "$LIST"; } |
  xargs -P "$JOBS" -L 1 bash -c 'run_test "$@"' _

for f in "$WORK"/res/*; do
  if grep -q '^PASS' "$f"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
