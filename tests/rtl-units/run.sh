#!/usr/bin/env bash
# Rivulet RTL unit tests.
#  1. ghdl -a --std=08 on every VHDL template, verilator --lint-only -Wall on
#     every Verilog template;
#  2. every unit testbench of tests.txt under GHDL (VHDL) and Icarus (Verilog);
#  (and check_configs.py: configs/*.json agree with the templates);
#  3. for every test, the transfer logs ("T <cycle> <channel> <hex>" lines) of
#     the two languages must be identical: the VHDL and Verilog templates have
#     the same cycle behaviour.
# Prints one line per check and "N passed, M failed" last; exits 1 on failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VHDL_SRC="$ROOT/rtl-templates/vhdl"
VLOG_SRC="$ROOT/rtl-templates/verilog"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-rtl-units.XXXXXX")"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; [ -n "${KEEP:-}" ] && echo "work dir: $WORK"
cp "$HERE"/data/* "$WORK"/
PASS=0
FAIL=0
ok()  { PASS=$((PASS + 1)); echo "ok    $*"; }
bad() { FAIL=$((FAIL + 1)); echo "FAIL  $*"; }

# ---- 1a. analyse every VHDL template (retrying until dependencies are in) ----
mkdir -p "$WORK/ghdl"
analyse() { ghdl -a --std=08 --workdir="$WORK/ghdl" "$1" 2>"$WORK/ghdl.err"; }
pending="$VHDL_SRC/types.vhd $(ls "$VHDL_SRC"/*.vhd | grep -v '/types\.vhd$') \
  $HERE/vhdl/tb_pkg.vhd $HERE/vhdl/tb_lib.vhd $(ls "$HERE"/vhdl/tb_*.vhd | grep -v '/tb_\(pkg\|lib\)\.vhd$')"
for pass in 1 2 3 4 5 6; do
  next=""
  for f in $pending; do
    analyse "$f" || next="$next $f"
  done
  [ "$next" = "$pending" ] && break
  pending="$next"
  [ -z "$pending" ] && break
done
for f in $(ls "$VHDL_SRC"/*.vhd "$HERE"/vhdl/*.vhd); do
  case " $pending " in
    *" $f "*) analyse "$f"; bad "ghdl -a $(basename "$f"): $(head -3 "$WORK/ghdl.err" | tr '\n' ' ')" ;;
    *) [[ "$f" == "$VHDL_SRC"/* ]] && ok "ghdl -a $(basename "$f")" ;;
  esac
done

# ---- 1b. lint every Verilog template ----
for f in "$VLOG_SRC"/*.v; do
  m="$(basename "$f" .v)"
  if out="$(verilator --lint-only -Wall -y "$VLOG_SRC" --top-module "$m" "$f" 2>&1)" && [ -z "$out" ]; then
    ok "verilator lint $m"
  else
    bad "verilator lint $m: $(echo "$out" | head -3 | tr '\n' ' ')"
  fi
done

# A test that prints "M <hex>" lines (its expected final memory) must leave
# the same lines in the memory model's dump file dump.hex.
check_dump() {
  grep '^M ' "$1" | cut -c3- >"$WORK/m"
  [ ! -s "$WORK/m" ] || cmp -s "$WORK/m" "$WORK/dump.hex"
}

# ---- 1c. the JSON configurations agree with the templates ----
while read -r line; do
  case "$line" in
    ok*) ok "${line#ok    }" ;;
    *) bad "${line#FAIL  }" ;;
  esac
done < <(python3 "$HERE/check_configs.py")

# ---- 2/3. unit testbenches ----
# tests.txt: "<testbench> [PARAM=value ...]" per line; '#' starts a comment.
declare -A ELABORATED
n=0
while read -r tb params; do
  [ -z "$tb" ] && continue
  [[ "$tb" == \#* ]] && continue
  n=$((n + 1))
  label="$tb${params:+ $params}"
  gflags=""; pflags=""
  for p in $params; do gflags="$gflags -g$p"; pflags="$pflags -P$tb.$p"; done
  # VHDL
  vlog="$WORK/$n.vhdl.log"
  if [ -z "${ELABORATED[$tb]:-}" ]; then
    ghdl -e --std=08 --workdir="$WORK/ghdl" -o "$WORK/$tb.ghdl" "$tb" >"$WORK/elab.err" 2>&1 && ELABORATED[$tb]=1
  fi
  rm -f "$WORK/dump.hex"
  if [ -n "${ELABORATED[$tb]:-}" ] && (cd "$WORK" && timeout 60 ghdl -r --std=08 --workdir="$WORK/ghdl" "$tb" $gflags \
        --assert-level=error --ieee-asserts=disable >"$vlog" 2>&1) && grep -q "^PASS $tb" "$vlog" \
      && check_dump "$vlog"; then
    ok "vhdl    $label"
  else
    bad "vhdl    $label: $(grep -v '^T ' "$vlog" 2>/dev/null | head -3 | tr '\n' ' ')"
  fi
  # Verilog
  slog="$WORK/$n.verilog.log"
  rm -f "$WORK/dump.hex"
  if iverilog -g2005 -I"$HERE/verilog" -y "$VLOG_SRC" $pflags -o "$WORK/$n.vvp" \
        "$HERE/verilog/$tb.v" "$HERE/verilog/tb_lib.v" >"$slog" 2>&1 \
      && (cd "$WORK" && timeout 60 vvp -n "$WORK/$n.vvp" >"$slog" 2>&1) && grep -q "^PASS $tb" "$slog" \
      && check_dump "$slog"; then
    ok "verilog $label"
  else
    bad "verilog $label: $(grep -v '^T ' "$slog" | head -3 | tr '\n' ' ')"
  fi
  # same transfers, same cycles
  grep '^T ' "$vlog" 2>/dev/null | sort >"$WORK/a"
  grep '^T ' "$slog" 2>/dev/null | sort >"$WORK/b"
  if [ -s "$WORK/a" ] && cmp -s "$WORK/a" "$WORK/b"; then
    ok "same-trace $label ($(wc -l <"$WORK/a") transfers)"
  else
    bad "same-trace $label: $(diff "$WORK/a" "$WORK/b" | head -3 | tr '\n' ' ')"
  fi
done <"$HERE/tests.txt"

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
