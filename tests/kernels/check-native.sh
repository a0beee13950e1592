#!/usr/bin/env bash
# check-native.sh: native sanity check of Rivulet's kernel corpus (tests/kernels/<name>/<name>.c).
#
# For every kernel directory this script
#   1. lints the source against the C subset Rivulet accepts (allowed headers only, no forbidden
#      keywords or pointer declarations, calls only to helpers of the file (not recursive), to
#      rand/srand/abs/assert and to <math.h> functions (in the kernel itself only fabs/fmin/fmax and
#      their float forms), kernel named like the file, exactly one CALL_KERNEL);
#   2. builds it with gcc against a shim `dynamatic/Integration.h` three ways:
#        san: -O1 with UBSan + ASan,
#        opt: -O2,
#        cov: -O0 with gcov instrumentation,
#      all with locals pre-filled with zeros (-ftrivial-auto-var-init=zero): Rivulet defines
#      unwritten memory as 0, so an array `main` declares without an initializer, or an output
#      element the kernel never writes, reads 0 in the gcc oracle too (uninitialized scalars are
#      still caught: gcc's -Wmaybe-uninitialized and Rivulet's front end reject them);
#      all with -std=c11 -D_DEFAULT_SOURCE (<math.h>'s M_PI and friends, as in gcc's default GNU
#      mode) -pedantic -Wall -Wextra -Werror -Wno-unused-label (HLS code names loops) -Wvla
#      -Wshadow -Wconversion
#      -Wsign-conversion -ffp-contract=off, and fails on any warning, sanitizer report or
#      non-zero exit;
#   3. compares what the three builds print (the kernel's return value and the bytes of every
#      CALL_KERNEL argument after the call): a difference means undefined or uninitialized behaviour;
#   4. reads the gcov profile of the kernel and its helpers (every function except main) and prints
#      the hottest line's execution count (about the innermost loop's trip count; a loop header
#      counts once more per loop entry) and the total number of line executions; the hottest
#      count must stay within the simulation budget ($BUDGET, default 3,000).
#
# The shim's CALL_KERNEL(f, args...) calls f(args...) exactly like the minimal shim
# `#define CALL_KERNEL(f, ...) f(__VA_ARGS__)`, then prints the results; it therefore requires
# every CALL_KERNEL argument to be a named variable, which the corpus follows.
#
# Usage: tests/kernels/check-native.sh [kernel-name...]   (default: every kernel)
#        KERNELS=DIR checks the kernels of another corpus directory (tests/kernels-large).
#        SHOW_OUTPUT=1 also prints each kernel's results (return value, argument bytes in hex).
# Exit status: 0 when every kernel passes, 1 otherwise.
set -euo pipefail

here=${KERNELS:-$(cd "$(dirname "$0")" && pwd)}
budget=${BUDGET:-3000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/shim/dynamatic"
cat >"$tmp/shim/dynamatic/Integration.h" <<'EOF'
/* Native shim for Rivulet's corpus check: CALL_KERNEL calls the kernel, then prints results. */
#ifndef RIVULET_NATIVE_SHIM_H
#define RIVULET_NATIVE_SHIM_H
#include <stddef.h>
#include <stdio.h>
static inline void riv_dump(const char *name, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  printf("%s:", name);
  for (size_t i = 0; i < n; i++)
    printf("%02x", b[i]);
  printf("\n");
}
static inline void riv_ret_i(long long v) { printf("return: %lld\n", v); }
static inline void riv_ret_u(unsigned long long v) { printf("return: %llu\n", v); }
static inline void riv_ret_f(double v) { printf("return: %a\n", v); }
#define RIV_RET(x)                                                                                 \
  _Generic((x), float: riv_ret_f, double: riv_ret_f, _Bool: riv_ret_u, unsigned char: riv_ret_u,   \
           unsigned short: riv_ret_u, unsigned int: riv_ret_u, unsigned long: riv_ret_u,             \
           unsigned long long: riv_ret_u, default: riv_ret_i)(x)
#define RIV_D(a) riv_dump(#a, (const void *)&(a), sizeof(a));
#define RIV_E1(a) RIV_D(a)
#define RIV_E2(a, ...) RIV_D(a) RIV_E1(__VA_ARGS__)
#define RIV_E3(a, ...) RIV_D(a) RIV_E2(__VA_ARGS__)
#define RIV_E4(a, ...) RIV_D(a) RIV_E3(__VA_ARGS__)
#define RIV_E5(a, ...) RIV_D(a) RIV_E4(__VA_ARGS__)
#define RIV_E6(a, ...) RIV_D(a) RIV_E5(__VA_ARGS__)
#define RIV_E7(a, ...) RIV_D(a) RIV_E6(__VA_ARGS__)
#define RIV_E8(a, ...) RIV_D(a) RIV_E7(__VA_ARGS__)
#define RIV_N(...) RIV_N_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define RIV_N_(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define RIV_CAT(a, b) RIV_CAT_(a, b)
#define RIV_CAT_(a, b) a##b
#define RIV_EACH(...) RIV_CAT(RIV_E, RIV_N(__VA_ARGS__))(__VA_ARGS__)
#ifdef RIV_VOID
#define CALL_KERNEL(f, ...)                                                                        \
  do {                                                                                             \
    f(__VA_ARGS__);                                                                                \
    RIV_EACH(__VA_ARGS__)                                                                          \
  } while (0)
#else
#define CALL_KERNEL(f, ...)                                                                        \
  do {                                                                                             \
    RIV_RET(f(__VA_ARGS__));                                                                       \
    RIV_EACH(__VA_ARGS__)                                                                          \
  } while (0)
#endif
#endif
EOF

# Lint one kernel source against the accepted C subset. Prints problems, returns 1 on any.
lint() {
  local name=$1 dir=$2
  python3 - "$name" "$dir" <<'EOF'
import re, sys, pathlib
name, d = sys.argv[1], pathlib.Path(sys.argv[2])
allowed = {"dynamatic/Integration.h", "stdlib.h", "stdint.h", "stdbool.h", "math.h", "stdio.h",
           "assert.h"}
problems = []
def strip(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"'(\\.|[^'\\])'", "' '", text)  # char literals cannot hide tokens
files = [d / f"{name}.c"] + ([d / f"{name}.h"] if (d / f"{name}.h").exists() else [])
extra = sorted(p.name for p in d.iterdir() if p.name not in {f.name for f in files})
if extra:
    problems.append(f"unexpected files: {', '.join(extra)}")
forbidden = r"\b(struct|union|enum|extern|volatile|register|sizeof)\b|->|^\s+static\b"
ptr = r"\b(void|char|short|int|long|unsigned|signed|float|double|bool|_Bool|\w+_t)\s*\*"
for f in files:
    src = f.read_text()
    code = strip(src)
    for no, line in enumerate(code.splitlines(), 1):
        m = re.match(r'\s*#\s*include\s*[<"]([^>"]+)[>"]', line)
        if m and m.group(1) not in allowed and m.group(1) != f"{name}.h":
            problems.append(f"{f.name}:{no}: header not allowed: {m.group(1)}")
        for m in re.finditer(forbidden, line):
            problems.append(f"{f.name}:{no}: outside the subset: {m.group(0)}")
        if re.search(ptr, line):
            problems.append(f"{f.name}:{no}: looks like a pointer declaration")
        if "\t" in src.splitlines()[no - 1]:
            problems.append(f"{f.name}:{no}: tab character")
c = strip((d / f"{name}.c").read_text())
# Calls: only helpers defined in the file, function-like macros, and the few built-ins.
header = strip((d / f"{name}.h").read_text()) if (d / f"{name}.h").exists() else ""
defs = {}
for m in re.finditer(r"^[A-Za-z_][ \w]*\b(\w+)\s*\([^;{}]*\)\s*\{", c, re.M):
    depth, i = 0, m.end() - 1
    while i < len(c):
        depth += {"{": 1, "}": -1}.get(c[i], 0)
        if depth == 0:
            break
        i += 1
    defs[m.group(1)] = c[m.end():i]
macros = set(re.findall(r"#\s*define\s+(\w+)\(", c + header))
# <math.h>: every function (both forms) in main and helpers; in the kernel only those a circuit
# computes.
math = {n + s for n in ("sqrt pow exp exp2 log log2 log10 sin cos tan asin acos atan atan2 sinh "
                        "cosh tanh fabs floor ceil round trunc fmod fmin fmax hypot").split()
        for s in ("", "f")} | {"isnan", "isinf", "isfinite"}
kernel_math = {"fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf"}
callable_ = set(defs) | macros | math | {"rand", "srand", "abs", "assert", "CALL_KERNEL", "if", "for",
                                         "while", "switch", "return"}
for m in re.finditer(r"\b(\w+)\s*\(", defs.get(name, "")):
    if m.group(1) in math - kernel_math:
        problems.append(f"{name}.c: the kernel calls {m.group(1)} (a kernel may call only "
                        f"{', '.join(sorted(kernel_math))})")
for no, line in enumerate(c.splitlines(), 1):
    if line.lstrip().startswith("#"):
        continue
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", line):
        if m.group(1) not in callable_:
            problems.append(f"{name}.c:{no}: call of {m.group(1)} (not a helper in this file)")
for fn, body in defs.items():
    if re.search(rf"\b{fn}\s*\(", body):
        problems.append(f"{name}.c: {fn} calls itself (recursion)")
calls = re.findall(r"\bCALL_KERNEL\s*\(\s*(\w+)", c)
if calls != [name]:
    problems.append(f"expected exactly one CALL_KERNEL({name}, ...), found {calls}")
if not re.search(rf"^\s*[\w ]+\b{name}\s*\(", c, re.M):
    problems.append(f"no definition of kernel function {name}")
if not re.search(r"\bint\s+main\s*\(\s*void\s*\)", c):
    problems.append("no `int main(void)`")
for p in problems:
    print(f"  lint: {p}")
sys.exit(1 if problems else 0)
EOF
}

# Print "<hottest line count> <total line executions>" of every non-main function in a kernel.
profile() {
  local name=$1 dir=$2
  (cd "$dir" && gcov --json-format --stdout ./*.gcda 2>/dev/null) | python3 -c '
import json, sys
hot = total = 0
for doc in sys.stdin.read().splitlines():
    for f in json.loads(doc)["files"]:
        if not f["file"].endswith(sys.argv[1] + ".c"):
            continue
        for line in f["lines"]:
            if line.get("function_name", "main") != "main":
                hot = max(hot, line["count"])
                total += line["count"]
print(hot, total)' "$name"
}

common=(-std=c11 -D_DEFAULT_SOURCE -pedantic -Wall -Wextra -Werror -Wno-unused-label -Wvla -Wshadow -Wstrict-prototypes
  -Wold-style-definition -Wconversion -Wsign-conversion -ffp-contract=off -I "$tmp/shim")

if [ $# -gt 0 ]; then names=("$@"); else
  names=()
  for d in "$here"/*/; do [ -f "$d/$(basename "$d").c" ] && names+=("$(basename "$d")"); done
fi

failed=0
printf '%-22s %6s %8s  %s\n' kernel hottest line-exec result
for name in "${names[@]}"; do
  src="$here/$name/$name.c"
  work="$tmp/$name"
  mkdir -p "$work"
  status=ok
  log="$work/log"
  : >"$log"
  if [ ! -f "$src" ]; then
    status="FAIL (no $name/$name.c)"
  elif ! lint "$name" "$here/$name" >>"$log"; then
    status="FAIL (lint)"
  else
    cp "$here/$name/"* "$work/"
    defs=()
    if grep -Eq "^\s*void\s+$name\s*\(" "$src"; then defs=(-DRIV_VOID); fi
    for build in san opt cov; do
      case $build in
      san) flags=(-O1 -fsanitize=undefined,address -fno-sanitize-recover=all
        -fno-omit-frame-pointer -ftrivial-auto-var-init=zero) ;;
      opt) flags=(-O2 -ftrivial-auto-var-init=zero) ;;
      cov) flags=(-O0 --coverage -ftrivial-auto-var-init=zero) ;;
      esac
      if ! (cd "$work" && gcc "${common[@]}" "${defs[@]}" "${flags[@]}" "$name.c" \
        -o "$name.$build" -lm) >>"$log" 2>&1; then
        status="FAIL (compile $build)"
        break
      fi
      if ! (cd "$work" && ASAN_OPTIONS=detect_leaks=1 timeout 60 "./$name.$build" \
        >"$build.out" 2>"$build.err"); then
        cat "$work/$build.err" >>"$log"
        status="FAIL (run $build)"
        break
      fi
      if [ -s "$work/$build.err" ]; then
        cat "$work/$build.err" >>"$log"
        status="FAIL (stderr $build)"
        break
      fi
    done
    if [ "$status" = ok ]; then
      if ! cmp -s "$work/san.out" "$work/opt.out" || ! cmp -s "$work/san.out" "$work/cov.out"; then
        diff "$work/san.out" "$work/opt.out" >>"$log" || true
        status="FAIL (builds disagree)"
      elif ! grep -q . "$work/san.out"; then
        status="FAIL (no output)"
      fi
    fi
  fi
  hot=- total=-
  if [ "$status" = ok ]; then
    read -r hot total < <(profile "$name" "$work")
    if [ "$hot" -gt "$budget" ]; then status="FAIL (hottest line $hot > $budget)"; fi
  fi
  printf '%-22s %6s %8s  %s\n' "$name" "$hot" "$total" "$status"
  if [ "${SHOW_OUTPUT:-0}" = 1 ] && [ -f "$work/san.out" ]; then sed 's/^/    /' "$work/san.out"; fi
  if [ "$status" != ok ]; then
    failed=$((failed + 1))
    sed 's/^/    /' "$log" | head -40
  fi
done
echo "${#names[@]} kernels, $failed failed"
[ "$failed" -eq 0 ]
