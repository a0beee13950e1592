/* Rivulet floating-point test-vector generator.
 *
 * Usage: gen_vectors OP WIDTH COUNT SEED
 *   OP    addf subf mulf divf maximumf minimumf cmpf negf absf extf truncf
 *         sitofp uitofp fptosi fptoui
 *   WIDTH float width (32 / 64) for float ops; for sitofp / uitofp the integer
 *         width is given as FW:IW (e.g. 32:16), for fptosi / fptoui as FW:OW.
 * Prints COUNT lines "A B EXPECTED", each a 16-digit hex number (the low bits
 * hold the value). The expected values come from the host's IEEE-754
 * arithmetic (x86-64 SSE: round to nearest even, subnormals kept), i.e. what
 * C and Rust compute. cmpf's EXPECTED is a 16-bit mask, bit i = predicate i in
 * the order oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true false.
 * fptosi follows the units' documented semantics: truncation, NaN -> 0,
 * saturation outside the range; fptoui the low OW bits of x86-64's conversion to
 * a signed integer of 32 (OW < 32) or 64 bits, whose NaN / out-of-range value is
 * the most negative integer, and for OW = 64 from 2^63 up the conversion of x - 2^63
 * with the top bit set again (rtl-templates/float.md). Deterministic for a given
 * SEED.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t rnd(void) {
  /* xorshift64* */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1DULL;
}

static uint64_t rnd_below(uint64_t n) { return n ? rnd() % n : 0; }

/* Format description. */
typedef struct {
  int w, e, m;
  int64_t bias, emax;
} fmt_t;

static fmt_t fmt_of(int w) {
  fmt_t f;
  f.w = w;
  f.e = w == 64 ? 11 : 8;
  f.m = w - 1 - f.e;
  f.bias = (1LL << (f.e - 1)) - 1;
  f.emax = (1LL << f.e) - 1;
  return f;
}

static uint64_t mask(int bits) { return bits >= 64 ? ~0ULL : (1ULL << bits) - 1; }

static uint64_t pack(fmt_t f, uint64_t s, int64_t e, uint64_t frac) {
  if (e < 0) e = 0;
  if (e > f.emax) e = f.emax;
  return (s << (f.w - 1)) | ((uint64_t)e << f.m) | (frac & mask(f.m));
}

static uint64_t rnd_frac(fmt_t f) {
  switch (rnd_below(6)) {
  case 0: /* sparse: a few bits */
    return (1ULL << rnd_below(f.m)) | (1ULL << rnd_below(f.m)) | (rnd() & 1);
  case 1: /* only the top 1 .. 14 bits: short products, exact ties */
    return rnd() & (mask(f.m) << (f.m - 1 - rnd_below(14))) & mask(f.m);
  case 2: /* all ones or zero */
    return rnd() & 1 ? mask(f.m) : 0;
  case 3: /* ones with a tail pattern (rounding carries) */
    return mask(f.m) ^ (rnd() & mask(rnd_below(6)));
  default:
    return rnd() & mask(f.m);
  }
}

static uint64_t special(fmt_t f) {
  uint64_t s = rnd() & 1;
  switch (rnd_below(12)) {
  case 0: return pack(f, s, 0, 0);                          /* zero */
  case 1: return pack(f, s, f.emax, 0);                     /* inf */
  case 2: return pack(f, s, f.emax, 1ULL << (f.m - 1));     /* qNaN */
  case 3: return pack(f, s, f.emax, 1 + rnd_below(5));      /* sNaN */
  case 4: return pack(f, s, 0, 1);                          /* min subnormal */
  case 5: return pack(f, s, 0, mask(f.m));                  /* max subnormal */
  case 6: return pack(f, s, 1, 0);                          /* min normal */
  case 7: return pack(f, s, f.emax - 1, mask(f.m));         /* max normal */
  case 8: return pack(f, s, f.bias, 0);                     /* 1.0 */
  case 9: return pack(f, s, f.bias, 1ULL << (f.m - 1));     /* 1.5 */
  case 10: return pack(f, s, f.bias - 1, 0);                /* 0.5 */
  default: return pack(f, s, 0, rnd_frac(f));               /* subnormal */
  }
}

/* A random float; exponent drawn from a class that stresses some range. */
static uint64_t rnd_float(fmt_t f) {
  uint64_t s = rnd() & 1;
  switch (rnd_below(8)) {
  case 0: return rnd() & mask(f.w);
  case 1: return special(f);
  case 2: return pack(f, s, rnd_below(f.m + 3), rnd_frac(f));                 /* tiny */
  case 3: return pack(f, s, f.emax - 1 - rnd_below(f.m + 3), rnd_frac(f));    /* huge */
  case 4: return pack(f, s, f.bias / 2 + rnd_below(f.bias), rnd_frac(f));     /* products stay in range */
  case 5: return pack(f, s, f.bias - 40 + rnd_below(80), rnd_frac(f));        /* near 1 */
  default: return pack(f, s, rnd_below(f.emax), rnd_frac(f));
  }
}

/* A second operand related to a: close exponent, equal / negated / off by an ulp. */
static uint64_t related(fmt_t f, uint64_t a) {
  int64_t ea = (a >> f.m) & mask(f.e);
  uint64_t s = rnd() & 1;
  switch (rnd_below(6)) {
  case 0: return a ^ (s << (f.w - 1));
  case 1: return ((a ^ (s << (f.w - 1))) + (rnd() & 1 ? 1 : -1)) & mask(f.w);
  case 2: /* product / quotient near the underflow or overflow boundary */
    return pack(f, s, rnd() & 1 ? 2 * f.bias - ea + (int64_t)rnd_below(5) - 2
                                : f.m + 2 - ea + 2 * f.bias - (int64_t)rnd_below(f.m + 6),
                rnd_frac(f));
  case 3: return pack(f, s, ea - (int64_t)rnd_below(f.m + 6), rnd_frac(f));
  default: return pack(f, s, ea + (int64_t)rnd_below(5) - 2, rnd_frac(f));
  }
}

static float f32(uint64_t b) { uint32_t u = (uint32_t)b; float x; memcpy(&x, &u, 4); return x; }
static double f64(uint64_t b) { double x; memcpy(&x, &b, 8); return x; }
static uint64_t b32(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
static uint64_t b64(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }

static int is_nan_bits(fmt_t f, uint64_t x) {
  return ((x >> f.m) & mask(f.e)) == (uint64_t)f.emax && (x & mask(f.m)) != 0;
}

/* IEEE maximum / minimum (arith.maximumf / minimumf semantics). */
static uint64_t max_min(fmt_t f, uint64_t a, uint64_t b, int want_max) {
  if (is_nan_bits(f, a) || is_nan_bits(f, b))
    return pack(f, 0, f.emax, 1ULL << (f.m - 1));
  double x = f.w == 32 ? f32(a) : f64(a), y = f.w == 32 ? f32(b) : f64(b);
  if (x == y && x == 0) { /* signed zeros: -0 < +0 */
    int sa = (int)(a >> (f.w - 1));
    if (want_max) return sa ? b : a;
    return sa ? a : b;
  }
  if (want_max) return x < y ? b : a;
  return y < x ? b : a;
}

static uint64_t cmp_mask(double x, double y) {
  int uno = isnan(x) || isnan(y);
  int r[16] = {x == y, x > y, x >= y, x < y, x <= y, x < y || x > y, !uno,
               uno || x == y, uno || x > y, uno || x >= y, uno || x < y,
               uno || x <= y, x != y, uno, 1, 0};
  uint64_t m = 0;
  for (int i = 0; i < 16; i++) m |= (uint64_t)(r[i] != 0) << i;
  return m;
}

static uint64_t binary(const char *op, fmt_t f, uint64_t a, uint64_t b) {
  if (!strcmp(op, "maximumf")) return max_min(f, a, b, 1);
  if (!strcmp(op, "minimumf")) return max_min(f, a, b, 0);
  if (f.w == 32) {
    volatile float x = f32(a), y = f32(b);
    if (!strcmp(op, "addf")) return b32(x + y);
    if (!strcmp(op, "subf")) return b32(x - y);
    if (!strcmp(op, "mulf")) return b32(x * y);
    if (!strcmp(op, "divf")) return b32(x / y);
    return cmp_mask(x, y);
  }
  volatile double x = f64(a), y = f64(b);
  if (!strcmp(op, "addf")) return b64(x + y);
  if (!strcmp(op, "subf")) return b64(x - y);
  if (!strcmp(op, "mulf")) return b64(x * y);
  if (!strcmp(op, "divf")) return b64(x / y);
  return cmp_mask(x, y);
}

/* A random integer of width iw with a random bit length (many rounding cases). */
static uint64_t rnd_int(int iw) {
  int len = (int)rnd_below(iw + 1);
  uint64_t v = rnd() & mask(len);
  if (len > 0) v |= 1ULL << (len - 1);
  if (rnd_below(4) == 0) v = rnd();
  if (rnd() & 1) v = -v;
  if (rnd_below(16) == 0) v = rnd() & 1 ? 1ULL << (iw - 1) : mask(iw - 1);
  return v & mask(iw);
}

static int64_t sext(uint64_t v, int w) {
  return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
}

/* Float (as double, exact for f32 too) to a saturating signed integer. */
static uint64_t to_int(double x, int ow) {
  double lim = ldexp(1.0, ow - 1);
  int64_t r;
  if (isnan(x)) r = 0;
  else if (x >= lim) r = (int64_t)(mask(ow - 1));
  else if (x < -lim) r = ow >= 64 ? INT64_MIN : -(int64_t)(1ULL << (ow - 1));
  else r = (int64_t)trunc(x);
  return (uint64_t)r & mask(ow);
}

static uint64_t to_uint(double x, int ow) {
  /* x86-64 code for uint64_t: x - 2^63 from 2^63 up (NaN fails the test), top bit set again. */
  if (ow == 64 && x >= 0x1p63) return x - 0x1p63 < 0x1p63 ? (uint64_t)(x - 0x1p63) ^ (1ULL << 63) : 0;
  int s = ow < 32 ? 32 : 64;
  double lim = ldexp(1.0, s - 1), t = trunc(x);
  int64_t r;
  if (isnan(x) || t >= lim || t < -lim) r = s == 32 ? INT32_MIN : INT64_MIN;
  else r = (int64_t)t;
  return (uint64_t)r & mask(ow);
}

/* A float whose magnitude lies around the integer range [1, 2^(ow+1)]. */
static uint64_t rnd_float_int_range(fmt_t f, int ow) {
  if (rnd_below(4) == 0) return rnd_float(f);
  return pack(f, rnd() & 1, f.bias - 2 + (int64_t)rnd_below(ow + 4), rnd_frac(f));
}

/* Hand-picked operand pairs for the binary ops: rounding ties, carries into the
 * exponent, cancellation, the subnormal / normal and normal / inf boundaries. */
static int directed(fmt_t f, int i, uint64_t *a, uint64_t *b) {
  int64_t B = f.bias, M = f.m;
  uint64_t one = pack(f, 0, B, 0), maxn = pack(f, 0, f.emax - 1, mask(f.m));
  switch (i) {
  case 0: *a = one; *b = pack(f, 0, B - M - 1, 0); return 1;            /* 1 + half ulp: tie, even */
  case 1: *a = pack(f, 0, B, 1); *b = pack(f, 0, B - M - 1, 0); return 1; /* tie, round up */
  case 2: *a = one; *b = pack(f, 0, B - M - 1, 1); return 1;             /* just above the tie */
  case 3: *a = one; *b = pack(f, 1, B - M - 2, 0); return 1;             /* 1 - quarter ulp */
  case 4: *a = pack(f, 0, B, mask(f.m)); *b = pack(f, 0, B - M - 1, 0); return 1; /* carry out */
  case 5: *a = pack(f, 0, 1, 0); *b = pack(f, 1, 0, 1); return 1;        /* min normal - min sub */
  case 6: *a = pack(f, 0, 0, mask(f.m)); *b = pack(f, 0, 0, 1); return 1; /* sub + sub = min normal */
  case 7: *a = maxn; *b = pack(f, 0, f.emax - 2 - M, 0); return 1;       /* max + half ulp: inf */
  case 8: *a = maxn; *b = pack(f, 0, f.emax - 3 - M, 0); return 1;       /* max + quarter ulp */
  case 9: *a = one; *b = pack(f, 1, B, 0); return 1;                     /* x - x = +0 */
  case 10: *a = pack(f, 1, 0, 0); *b = pack(f, 1, 0, 0); return 1;       /* -0 + -0 */
  case 11: *a = pack(f, 0, B, 1); *b = pack(f, 1, B, 0); return 1;       /* cancellation to 1 ulp */
  case 12: *a = pack(f, 0, B - 1, mask(f.m)); *b = pack(f, 0, 1, 0); return 1; /* ~0.5 * min normal */
  case 13: *a = pack(f, 0, B - 1, 0); *b = pack(f, 0, 0, 3); return 1;   /* 0.5 * 3 min sub: tie */
  case 14: *a = pack(f, 0, B - 1, 0); *b = pack(f, 0, 1, 1); return 1;   /* into the subnormals */
  case 15: *a = pack(f, 0, 0, 1); *b = pack(f, 0, B + 1, 0); return 1;  /* min sub / 4: rounds to 0 */
  case 16: *a = pack(f, 0, 0, 3); *b = pack(f, 0, B + 1, 0); return 1;  /* 3 min sub / 4: rounds up */
  case 17: *a = pack(f, 0, B + M, mask(f.m)); *b = one; return 1;       /* big integers */
  case 18: *a = maxn; *b = pack(f, 0, B + 1, 0); return 1;               /* max * 2 = inf */
  case 19: *a = pack(f, 1, 0, 1); *b = pack(f, 0, 0, 1); return 1;       /* -min sub op min sub */
  default: return 0;
  }
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s OP WIDTH[:IW] COUNT SEED\n", argv[0]);
    return 2;
  }
  const char *op = argv[1];
  int w = atoi(argv[2]);
  const char *colon = strchr(argv[2], ':');
  int iw = colon ? atoi(colon + 1) : 32;
  long count = atol(argv[3]);
  rng_state = strtoull(argv[4], NULL, 0) * 0x9E3779B97F4A7C15ULL + 1;
  fmt_t f = fmt_of(w), f32f = fmt_of(32), f64f = fmt_of(64);
  for (long i = 0; i < count; i++) {
    uint64_t a = 0, b = 0, e = 0;
    if (!strcmp(op, "negf") || !strcmp(op, "absf")) {
      a = rnd_float(f);
      e = !strcmp(op, "negf") ? a ^ (1ULL << (w - 1)) : a & mask(w - 1);
    } else if (!strcmp(op, "extf")) {
      a = rnd_float(f32f);
      e = b64((double)f32(a));
    } else if (!strcmp(op, "truncf")) {
      uint64_t frac = rnd_frac(f64f);
      if (rnd_below(3) == 0) /* exactly halfway between two binary32 values, or next to it */
        frac = (frac & ~mask(29)) | (1ULL << 28) | (rnd_below(4) == 0 ? 1 : 0);
      a = rnd_below(4) ? pack(f64f, rnd() & 1, f64f.bias - f32f.bias - 26 +
                              (int64_t)rnd_below(2 * f32f.bias + 30), frac)
                       : rnd_float(f64f);
      volatile double x = f64(a);
      e = b32((float)x);
    } else if (!strcmp(op, "sitofp") || !strcmp(op, "uitofp")) {
      a = rnd_int(iw);
      if (!strcmp(op, "sitofp")) {
        volatile int64_t v = sext(a, iw);
        e = w == 32 ? b32((float)v) : b64((double)v);
      } else {
        volatile uint64_t v = a;
        e = w == 32 ? b32((float)v) : b64((double)v);
      }
    } else if (!strcmp(op, "fptosi")) {
      a = rnd_float_int_range(f, iw);
      e = to_int(w == 32 ? (double)f32(a) : f64(a), iw);
    } else if (!strcmp(op, "fptoui")) {
      a = rnd_float_int_range(f, iw);
      e = to_uint(w == 32 ? (double)f32(a) : f64(a), iw);
    } else {
      /* The directed pairs first (both operand orders), then random ones. */
      if (!directed(f, (int)(i / 2), &a, &b)) {
        a = rnd_float(f);
        b = rnd_below(2) ? related(f, a) : rnd_float(f);
      }
      if (i % 2) { uint64_t t = a; a = b; b = t; }
      e = binary(op, f, a, b);
    }
    printf("%016llx %016llx %016llx\n", (unsigned long long)a, (unsigned long long)b,
           (unsigned long long)e);
  }
  return 0;
}
