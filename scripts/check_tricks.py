#!/usr/bin/env python3
"""Check the catalog of bit tricks in src/tricks/families/*.c.

For every family file:
  * parse the family line and every `@trick` metadata block, and validate
    the metadata (all keys, in order, one line each; unique ids and
    function names across all files; the spec exists in the same file with
    the same signature; the panel is known; `ops` equals the operator count
    of the body; a wrong entry names a fixed entry with the same spec;
    every function is a spec or a trick and calls only GCC builtins; no
    construct the project's C subset refuses: switch, goto, structs,
    unions, enums, floating point, strings);
  * compile the file alone with `gcc -fsyntax-only -Wall -Wextra -fwrapv`
    (it must be silent);
  * generate a C harness that includes the file, build it with
    `gcc -O1 -fwrapv -Wall` plus UBSan (shift counts, division, `ctz`/`clz`
    of zero, array bounds; every report is fatal), and compare each trick
    with its spec: exhaustively when the parameters hold at most 16 bits in
    all, else on edge values and 200000 pseudo-random inputs (fixed seed),
    skipping inputs where `restrict` is false. A wrong entry must differ
    from its spec at its stated input with the stated values, and neither
    it nor its spec may hit undefined behaviour anywhere.

Prints one line per entry, `N passed, M failed`, the count per family, and
exits non-zero on any failure.

    python3 scripts/check_tricks.py            # everything
    python3 scripts/check_tricks.py pow2.c     # some files only
    python3 scripts/check_tricks.py --ops      # print the counted ops
    python3 scripts/check_tricks.py --bitscope=/tmp/bitscope-ref
        # also run each trick and its spec in the project's C interpreter
        # (`bitscope eval --file F --fn NAME --var p=v --json`) on one input
        # where `restrict` holds, and compare with gcc's results
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAMILIES = os.path.join(ROOT, "src", "tricks", "families")

KEYS = ["title", "task", "aliases", "spec", "width", "restrict", "ops", "from",
        "panel", "wrong"]
PANELS = {"debruijn", "swar", "popcount", "nibbles", "bitboard", "magic", "lab",
          "permute", "divide", "gray", "float"}
KNOWN_CONSTANTS = {
    "CHAR_BIT", "SCHAR_MIN", "SCHAR_MAX", "UCHAR_MAX", "CHAR_MIN", "CHAR_MAX",
    "SHRT_MIN", "SHRT_MAX", "USHRT_MAX", "INT_MIN", "INT_MAX", "UINT_MAX",
    "LONG_MIN", "LONG_MAX", "ULONG_MAX", "LLONG_MIN", "LLONG_MAX", "ULLONG_MAX",
    "INT8_MIN", "INT8_MAX", "UINT8_MAX", "INT16_MIN", "INT16_MAX", "UINT16_MAX",
    "INT32_MIN", "INT32_MAX", "UINT32_MAX", "INT64_MIN", "INT64_MAX",
    "UINT64_MAX"}
BUILTINS = {
    "__builtin_popcount", "__builtin_popcountl", "__builtin_popcountll",
    "__builtin_ctz", "__builtin_ctzl", "__builtin_ctzll", "__builtin_clz",
    "__builtin_clzl", "__builtin_clzll", "__builtin_parity",
    "__builtin_parityl", "__builtin_parityll", "__builtin_bswap16",
    "__builtin_bswap32", "__builtin_bswap64"}
C_KEYWORDS = {
    "if", "else", "for", "while", "do", "return", "break", "continue",
    "sizeof", "static", "const", "unsigned", "signed", "int", "char", "short",
    "long", "typedef", "void"}
FORBIDDEN = {"switch", "case", "default", "goto", "struct", "union", "enum",
             "float", "double", "__int128", "_Complex"}

# Integer types: name -> (bits, signed).
BASE_TYPES = {
    "char": (8, True), "signed char": (8, True), "unsigned char": (8, False),
    "short": (16, True), "short int": (16, True), "signed short": (16, True),
    "unsigned short": (16, False), "unsigned short int": (16, False),
    "int": (32, True), "signed": (32, True), "signed int": (32, True),
    "unsigned": (32, False), "unsigned int": (32, False),
    "long": (64, True), "long int": (64, True), "signed long": (64, True),
    "unsigned long": (64, False), "unsigned long int": (64, False),
    "long long": (64, True), "long long int": (64, True),
    "signed long long": (64, True),
    "unsigned long long": (64, False), "unsigned long long int": (64, False),
    "int8_t": (8, True), "uint8_t": (8, False), "int16_t": (16, True),
    "uint16_t": (16, False), "int32_t": (32, True), "uint32_t": (32, False),
    "int64_t": (64, True), "uint64_t": (64, False),
}

RANDOM_INPUTS = 200000
MIN_TESTED = 1000

OPS3 = ["<<=", ">>="]
OPS2 = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "++", "--", "<<", ">>",
        "<=", ">=", "==", "!=", "&&", "||"]
OPS1 = ["+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "?"]
NOT_OPS = ["=", ",", ";", "(", ")", "[", "]", "{", "}", ":"]


def strip_comments(text):
    """Comments replaced by spaces (newlines kept, so lines still count)."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                j = n - 2
            out.append(re.sub(r"[^\n]", " ", text[i:j + 2]))
            i = j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            if j < 0:
                j = n
            out.append(" " * (j - i))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def tokens(code):
    toks = []
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c.isspace():
            i += 1
            continue
        m = re.match(r"[A-Za-z_]\w*|0[xX][0-9a-fA-F]+\w*|\d+\w*|'(\\.|[^'])*'",
                     code[i:])
        if m:
            toks.append(m.group(0))
            i += len(m.group(0))
            continue
        for p in OPS3 + OPS2 + OPS1 + NOT_OPS + ["#", "\\", '"', "."]:
            if code.startswith(p, i):
                toks.append(p)
                i += len(p)
                break
        else:
            raise ValueError("unexpected character %r" % c)
    return toks


def count_ops(body):
    """Operators in a body: each binary or unary operator, `?:` once, each
    compound assignment and `++`/`--` once, `sizeof` once; plain `=`,
    casts, calls, commas and indexing are not counted."""
    n = 0
    for t in tokens(body):
        if t in OPS3 or t in OPS2 or t in OPS1 or t == "sizeof":
            n += 1
    return n


class Func:
    def __init__(self, ret, name, params, body, line, header):
        self.ret = ret            # normalised type text
        self.name = name
        self.params = params      # [(type, name)]
        self.body = body          # text between the braces (comments gone)
        self.line = line
        self.header = header

    def signature(self):
        return (self.ret, tuple(self.params))


def norm_type(t):
    t = " ".join(t.split())
    return t


def parse_functions(code):
    """Top-level function definitions of comment-free C code."""
    funcs = []
    depth = 0
    i = 0
    n = len(code)
    stmt_start = 0
    while i < n:
        c = code[i]
        if c == "{":
            if depth == 0:
                head = code[stmt_start:i]
                m = re.search(r"([A-Za-z_][\w ]*?)\s+([A-Za-z_]\w*)\s*\(([^()]*)\)\s*$",
                              head, re.S)
                is_func = m is not None and "=" not in head
                start = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                if is_func:
                    ret = m.group(1).strip()
                    ret = re.sub(r"^(static\s+|inline\s+)+", "", ret)
                    params = []
                    ptext = m.group(3).strip()
                    if ptext and ptext != "void":
                        for p in ptext.split(","):
                            pm = re.match(r"\s*(.*?)\s*([A-Za-z_]\w*)\s*$", p)
                            params.append((norm_type(pm.group(1)), pm.group(2)))
                    line = code.count("\n", 0, start) + 1
                    funcs.append(Func(norm_type(ret), m.group(2), params,
                                      code[start + 1:i], line,
                                      " ".join(head.split())))
                stmt_start = i + 1
        elif c == ";" and depth == 0:
            stmt_start = i + 1
        elif c == "#" and depth == 0 and (i == 0 or code[i - 1] == "\n"):
            j = code.find("\n", i)
            i = n if j < 0 else j
            stmt_start = i
            continue
        i += 1
    return funcs


class Entry:
    pass


class Problems:
    def __init__(self):
        self.items = []

    def add(self, where, msg):
        self.items.append("%s: %s" % (where, msg))


def parse_file(path, probs):
    """Returns (family id, family title, entries, functions, typedefs)."""
    rel = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    fam = re.match(r"^/\* family: ([a-z0-9]+(?:-[a-z0-9]+)*) — (\S.*\S) \*/$",
                   lines[0])
    if not fam:
        probs.add(rel + ":1", "the first line must be `/* family: <id> — <title> */`")
        fam_id, fam_title = os.path.basename(path), "?"
    else:
        fam_id, fam_title = fam.group(1), fam.group(2)
    code = strip_comments(text)
    for m in re.finditer(r"\b(%s)\b" % "|".join(sorted(FORBIDDEN)), code):
        probs.add("%s:%d" % (rel, code.count("\n", 0, m.start()) + 1),
                  "`%s` is outside the subset" % m.group(1))
    if '"' in code:
        probs.add(rel, "strings are outside the subset")
    if re.search(r"#\s*(if|ifdef|ifndef)\b", code):
        probs.add(rel, "conditional compilation is not used in the catalog")
    typedefs = {}
    for m in re.finditer(r"typedef\s+([\w\s]+?)\s+([A-Za-z_]\w*)\s*;", code):
        typedefs[m.group(2)] = norm_type(m.group(1))
    funcs = parse_functions(code)
    by_name = {}
    for fn in funcs:
        if fn.name in by_name:
            probs.add("%s:%d" % (rel, fn.line), "function `%s` defined twice" % fn.name)
        by_name[fn.name] = fn

    entries = []
    for idx, line in enumerate(lines):
        if not line.startswith("/* @trick"):
            if "@trick" in line:
                probs.add("%s:%d" % (rel, idx + 1), "`@trick` must open a line as `/* @trick ID`")
            continue
        where = "%s:%d" % (rel, idx + 1)
        e = Entry()
        e.file = path
        e.rel = rel
        e.family = fam_id
        e.line = idx + 1
        m = re.match(r"^/\* @trick ([a-z0-9]+(?:-[a-z0-9]+)*)$", line)
        if not m:
            probs.add(where, "bad `@trick` line (kebab-case id, nothing after it)")
            continue
        e.id = m.group(1)
        meta = {}
        keys = []
        j = idx + 1
        while j < len(lines) and lines[j] != " */":
            lm = re.match(r"^ \* ([a-z]+): (.*)$", lines[j])
            if not lm:
                probs.add("%s:%d" % (rel, j + 1), "bad metadata line %r" % lines[j])
            else:
                k, v = lm.group(1), lm.group(2)
                if v != v.strip() or not v:
                    probs.add("%s:%d" % (rel, j + 1), "value of `%s` empty or with spaces around it" % k)
                if k in meta:
                    probs.add("%s:%d" % (rel, j + 1), "`%s` given twice" % k)
                meta[k] = v.strip()
                keys.append(k)
            j += 1
            if j - idx > 20:
                break
        if keys != KEYS:
            probs.add(where, "keys must be exactly %s in this order, found %s" %
                      (", ".join(KEYS), ", ".join(keys)))
        e.meta = meta
        e.header_line = j + 2  # 1-based line of the function header
        if j + 1 >= len(lines):
            probs.add(where, "no function after the metadata")
            continue
        hm = re.match(r"^([A-Za-z_][\w ]*?)\s+([A-Za-z_]\w*)\s*\(", lines[j + 1])
        if not hm:
            probs.add(where, "the trick's function must start on the line after ` */`")
            continue
        e.fn_name = hm.group(2)
        fn = by_name.get(e.fn_name)
        if fn is None:
            probs.add(where, "function `%s` not found" % e.fn_name)
            continue
        e.fn = fn
        entries.append(e)
    return fam_id, fam_title, entries, funcs, typedefs, text


def type_info(t, typedefs):
    seen = 0
    while t in typedefs and seen < 10:
        t = typedefs[t]
        seen += 1
    t = re.sub(r"^const\s+", "", t)
    return BASE_TYPES.get(t)


def c_literal(value, bits, signed):
    """A C expression for `value` (a Python int in range) of that kind."""
    u = value & ((1 << 64) - 1)
    return "(int64_t)0x%016xULL" % u if signed else "0x%016xULL" % u


def edge_values(w):
    mask = (1 << w) - 1
    vals = []
    def add(v):
        v &= mask
        if v not in vals:
            vals.append(v)
    for v in range(0, 41):
        add(v)
        add(-v)
    for v in (100, 127, 128, 255, 256, 1000, 1023, 1024, 4095, 65535, 65536,
              1 << 31, (1 << 31) - 1):
        add(v)
        add(-v)
    add(1 << (w - 1))
    add((1 << (w - 1)) - 1)
    add((1 << (w - 1)) + 1)
    add((1 << (w - 1)) - 2)
    for k in range(w):
        for d in (-1, 0, 1):
            add((1 << k) + d)
            add(-((1 << k) + d))
    for pat in (0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0x3333333333333333,
                0xCCCCCCCCCCCCCCCC, 0x0F0F0F0F0F0F0F0F, 0xF0F0F0F0F0F0F0F0,
                0x00FF00FF00FF00FF, 0xFF00FF00FF00FF00, 0x0000FFFF0000FFFF,
                0xFFFF0000FFFF0000, 0x00000000FFFFFFFF, 0xFFFFFFFF00000000,
                0x0123456789ABCDEF, 0xFEDCBA9876543210, 0x8080808080808080,
                0x0101010101010101, 0x7F7F7F7F7F7F7F7F, 0xFEFEFEFEFEFEFEFE,
                0x8181818181818181, 0x1248124812481248, 0x8000000000000001,
                0x00FF0000FF0000FF, 0x123456789ABCDEF0, 0xDEADBEEFCAFEBABE):
        add(pat)
        add(pat >> (64 - w) if w < 64 else pat)
    return vals


HARNESS_HEAD = r"""
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static uint64_t mask_w(uint64_t v, int w) { return w == 64 ? v : v & ((1ULL << w) - 1); }
"""

GEN_FN = r"""
static uint64_t gen_%(w)d(void)
{
    uint64_t v;
    unsigned k = (unsigned)(rnd() %% 20);
    unsigned bits = 1 + (unsigned)(rnd() %% %(w)d);
    if (k < 6) v = rnd();
    else if (k == 6) v = rnd() & rnd() & rnd();
    else if (k == 7) v = rnd() | rnd() | rnd();
    else if (k < 10) v = rnd() %% 65;
    else if (k == 10) v = 0 - rnd() %% 65;
    else if (k < 13) v = edges_%(w)d[rnd() %% %(n)d];
    else if (k < 16) v = rnd() >> (64 - bits);
    else if (k == 16) v = 0 - (rnd() >> (64 - bits));
    else if (k == 17) v = (1ULL << (bits - 1)) + (rnd() %% 3) - 1;
    else if (k == 18) v = rnd() %% 1025;
    else v = rnd() & rnd();
    return mask_w(v, %(w)d);
}
"""


def fmt_of(bits, signed):
    return ("%lld", "(long long)") if signed else ("%llu", "(unsigned long long)")


def gen_entry_test(e, k, typedefs):
    """C code of `static int test_K(int mode)`."""
    fn = e.fn
    spec = e.spec_fn
    ps = fn.params
    infos = [type_info(t, typedefs) for t, _ in ps]
    rinfo = type_info(fn.ret, typedefs)
    total = sum(b for b, _ in infos)
    restrict = e.meta["restrict"]
    cond = "1" if restrict == "none" else "(%s)" % restrict
    args = ", ".join(n for _, n in ps)
    rfmt, rcast = fmt_of(*rinfo)
    decl = "".join("    %s %s = (%s)raw[%d];\n" % (t, n, t, i) for i, (t, n) in enumerate(ps))
    show_fmt = ", ".join("%s=%s" % (n, fmt_of(*infos[i])[0]) for i, (t, n) in enumerate(ps))
    show_args = ", ".join("%s%s" % (fmt_of(*infos[i])[1], n) for i, (t, n) in enumerate(ps))
    is_wrong = e.meta["wrong"] != "none"
    out = []
    out.append("static %s call_%d(const uint64_t *raw, int *skip, %s *got)\n{\n" % (fn.ret, k, fn.ret))
    out.append(decl)
    out.append("    if (!%s) { *skip = 1; return 0; }\n" % cond)
    out.append("    *skip = 0;\n    *got = %s(%s);\n    return %s(%s);\n}\n" % (fn.name, args, spec.name, args))
    out.append("static void show_%d(const uint64_t *raw)\n{\n%s    printf(\"%s\", %s);\n}\n" %
               (k, decl, show_fmt, show_args))
    # one input: returns 0 equal, 1 differs, 2 skipped
    out.append("static long long tested_%d, differ_%d;\n" % (k, k))
    out.append("static int one_%d(const uint64_t *raw)\n{\n" % k)
    out.append("    int skip; %s got; %s exp = call_%d(raw, &skip, &got);\n" % (fn.ret, fn.ret, k))
    out.append("    if (skip) return 2;\n    tested_%d++;\n" % k)
    out.append("    if (got == exp) return 0;\n    differ_%d++;\n" % k)
    if not is_wrong:
        out.append("    printf(\"FAIL %s: at \"); show_%d(raw);\n" % (e.id, k))
        out.append("    printf(\": gives %s, expected %s\\n\", %sgot, %sexp);\n" % (rfmt, rfmt, rcast, rcast))
        out.append("    exit(1);\n")
    out.append("    return 1;\n}\n")
    # sample mode: one input where `restrict` holds, with both results
    pfmt = " ".join(fmt_of(*infos[i])[0] for i in range(len(ps)))
    pargs = ", ".join("%s%s" % (fmt_of(*infos[i])[1], n) for i, (t, n) in enumerate(ps))
    out.append("static int sample_%d(const uint64_t *raw)\n{\n%s" % (k, decl))
    out.append("    int skip; %s got; %s exp = call_%d(raw, &skip, &got);\n" % (fn.ret, fn.ret, k))
    out.append("    if (skip) return 0;\n")
    out.append("    printf(\"SAMPLE %s | %s %s\\n\", %s, %sgot, %sexp);\n    return 1;\n}\n" % (
        pfmt, rfmt, rfmt, pargs, rcast, rcast))
    out.append("static void find_sample_%d(void)\n{\n    uint64_t raw[3];\n" % k)
    out.append("    static const uint64_t first[] = {0x12345678ULL, 5, 3, 1, 2, 7, 12, 0, 100, 0x80000000ULL, 0x9ABCDEF012345678ULL};\n")
    out.append("    for (int a = 0; a < 11; a++) for (int b = 0; b < 11; b++) for (int c = 0; c < 11; c++) {\n")
    for i, (b, _) in enumerate(infos):
        out.append("        raw[%d] = mask_w(first[%s], %d);\n" % (i, "abc"[i], b))
    out.append("        if (sample_%d(raw)) return;\n    }\n" % k)
    out.append("    for (long long c = 0; c < 10000000; c++) {\n")
    for i, (b, _) in enumerate(infos):
        out.append("        raw[%d] = gen_%d();\n" % (i, b))
    out.append("        if (sample_%d(raw)) return;\n    }\n    printf(\"NOSAMPLE\\n\");\n}\n" % k)
    out.append("static void test_%d(void)\n{\n    uint64_t raw[3] = {0, 0, 0};\n" % k)
    if is_wrong:
        # the stated counterexample first
        out.append("    {\n")
        for i, (t, n) in enumerate(ps):
            out.append("        raw[%d] = (uint64_t)(%s)%s;\n" % (i, t, c_literal(e.wrong_at[n], *infos[i])))
        out.append("        int skip; %s got; %s exp = call_%d(raw, &skip, &got);\n" % (fn.ret, fn.ret, k))
        out.append("        if (skip) { printf(\"FAIL %s: the stated input is outside `restrict`\\n\"); exit(1); }\n" % e.id)
        out.append("        if (got == exp || got != (%s)%s || exp != (%s)%s) {\n" %
                   (fn.ret, c_literal(e.wrong_gives, *rinfo), fn.ret, c_literal(e.wrong_expected, *rinfo)))
        out.append("            printf(\"FAIL %s: at \"); show_%d(raw);\n" % (e.id, k))
        out.append("            printf(\": gives %s, expected %s (not as stated)\\n\", %sgot, %sexp);\n" % (rfmt, rfmt, rcast, rcast))
        out.append("            exit(1);\n        }\n    }\n")
    if total <= 16:
        loops = ""
        ind = "    "
        for i, (b, _) in enumerate(infos):
            loops += "%sfor (uint64_t i%d = 0; i%d < (1ULL << %d); i%d++) {\n%s    raw[%d] = i%d;\n" % (
                ind, i, i, b, i, ind, i, i)
            ind += "    "
        out.append(loops)
        out.append("%sone_%d(raw);\n" % (ind, k))
        for i in range(len(infos)):
            ind = ind[:-4]
            out.append("%s}\n" % ind)
        out.append("    printf(\"%%s %s (exhaustive, %%lld inputs%%s)\\n\", %s, tested_%d, %s);\n" % (
            e.id, "\"ok\"", k, "\"\"" if not is_wrong else "\", wrong as stated\""))
    else:
        sizes = ["n_edges_%d" % b for b, _ in infos]
        prod = " * ".join("(long long)%s" % s for s in sizes)
        out.append("    long long prod = %s;\n" % prod)
        out.append("    if (prod <= 1000000) {\n")
        out.append("        for (long long c = 0; c < prod; c++) {\n            long long q = c;\n")
        for i, (b, _) in enumerate(infos):
            out.append("            raw[%d] = edges_%d[q %% n_edges_%d]; q /= n_edges_%d;\n" % (i, b, b, b))
        out.append("            one_%d(raw);\n        }\n    } else {\n" % k)
        out.append("        for (long long c = 0; c < 1000000; c++) {\n")
        for i, (b, _) in enumerate(infos):
            out.append("            raw[%d] = edges_%d[rnd() %% n_edges_%d];\n" % (i, b, b))
        out.append("            one_%d(raw);\n        }\n    }\n" % k)
        out.append("    long long edge_tested = tested_%d;\n" % k)
        out.append("    for (long long c = 0; c < %dLL * 64 && tested_%d - edge_tested < %d; c++) {\n" % (
            RANDOM_INPUTS, k, RANDOM_INPUTS))
        for i, (b, _) in enumerate(infos):
            out.append("        raw[%d] = gen_%d();\n" % (i, b))
        out.append("        one_%d(raw);\n    }\n" % k)
        out.append("    printf(\"%%s %s (%%lld edge + %%lld random inputs%%s)\\n\", \"ok\", edge_tested, tested_%d - edge_tested, %s);\n" % (
            e.id, k, "\"\"" if not is_wrong else "\", wrong as stated\""))
    need = 1 if total <= 16 else MIN_TESTED
    out.append("    if (tested_%d < %d) { printf(\"FAIL %s: only %%lld inputs pass `restrict`\\n\", tested_%d); exit(1); }\n" % (
        k, need, e.id, k))
    out.append("}\n")
    return "".join(out)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw)


def check_file(path, fam, entries, typedefs, tmp, results):
    """Compiles and runs; appends (id, ok, line) to results."""
    rel = os.path.relpath(path, ROOT)
    r = run(["gcc", "-fsyntax-only", "-Wall", "-Wextra", "-fwrapv", "-x", "c", path])
    if r.returncode != 0 or r.stdout.strip():
        for e in entries:
            results.append((e, False, "FAIL %s: gcc -fsyntax-only -Wall -Wextra is not clean" % e.id))
        print(r.stdout.strip())
        return
    widths = sorted({type_info(t, typedefs)[0] for e in entries for t, _ in e.fn.params})
    parts = [HARNESS_HEAD, '#include "%s"\n' % os.path.abspath(path)]
    for w in widths:
        ev = edge_values(w)
        parts.append("static const uint64_t edges_%d[] = {%s};\n" % (
            w, ", ".join("0x%xULL" % v for v in ev)))
        parts.append("static const long long n_edges_%d = %d;\n" % (w, len(ev)))
        parts.append(GEN_FN % {"w": w, "n": len(ev)})
    for k, e in enumerate(entries):
        parts.append(gen_entry_test(e, k, typedefs))
    parts.append("int main(int argc, char **argv)\n{\n    int k = argc > 1 ? atoi(argv[1]) : -1;\n")
    parts.append("    int sample = argc > 2;\n")
    for k, e in enumerate(entries):
        parts.append("    if (k == %d) { if (sample) find_sample_%d(); else test_%d(); }\n" % (k, k, k))
    parts.append("    fflush(stdout);\n    return 0;\n}\n")
    base = os.path.join(tmp, os.path.basename(path)[:-2])
    with open(base + "_harness.c", "w") as f:
        f.write("".join(parts))
    r = run(["gcc", "-O1", "-fwrapv", "-Wall", "-Wno-unused-function", "-Wno-unused-const-variable",
             "-fsanitize=undefined,builtin", "-fno-sanitize-recover=all",
             "-o", base + "_harness", base + "_harness.c"])
    own = [l for l in r.stdout.splitlines() if "warning" in l or "error" in l]
    if r.returncode != 0 or own:
        print(r.stdout)
        for e in entries:
            results.append((e, False, "FAIL %s: the harness does not build cleanly" % e.id))
        return
    if BITSCOPE:
        for k, e in enumerate(entries):
            bitscope_entry(e, base + "_harness", k)
    for k, e in enumerate(entries):
        r = run([base + "_harness", str(k)], timeout=600,
                env=dict(os.environ, UBSAN_OPTIONS="print_stacktrace=0"))
        text = r.stdout.strip()
        lines = text.splitlines()
        if r.returncode == 0 and lines and lines[-1].startswith("ok "):
            results.append((e, True, lines[-1]))
        else:
            ub = [l for l in lines if "runtime error" in l]
            if ub:
                msg = "FAIL %s: undefined behaviour: %s" % (e.id, ub[0].split("runtime error: ")[-1])
            elif lines:
                msg = lines[-1]
            else:
                msg = "FAIL %s: harness exit %d" % (e.id, r.returncode)
            results.append((e, False, msg))


BITSCOPE = None
BITSCOPE_LINES = []
BITSCOPE_FAILS = []


def bitscope_eval(path, fn, names, values):
    """Runs the project's interpreter on one function; (decimal, error)."""
    import json
    cmd = [BITSCOPE, "eval", "--file", path, "--fn", fn, "--json"]
    for n, v in zip(names, values):
        cmd += ["--var", "%s=%s" % (n, v)]
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if r.returncode != 0:
        return None, (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
    try:
        return json.loads(r.stdout)["decimal"], None
    except (ValueError, KeyError):
        return None, "unreadable JSON"


def bitscope_entry(e, harness, k):
    """Evaluates the trick and its spec with the project's binary on one
    input where `restrict` holds, and compares with gcc's values."""
    r = run([harness, str(k), "sample"], timeout=600)
    line = [l for l in r.stdout.splitlines() if l.startswith("SAMPLE ")]
    if not line:
        BITSCOPE_FAILS.append("bitscope %s: no input satisfies restrict" % e.id)
        return
    head, tail = line[0][7:].split(" | ")
    values = head.split()
    got, exp = tail.split()
    names = [n for _, n in e.fn.params]
    shown = ", ".join("%s=%s" % nv for nv in zip(names, values))
    for fn, want in ((e.fn.name, got), (e.spec_fn.name, exp)):
        val, err = bitscope_eval(e.file, fn, names, values)
        if err:
            BITSCOPE_FAILS.append("bitscope %s: `%s` at %s: %s" % (e.id, fn, shown, err))
            return
        if val != want:
            BITSCOPE_FAILS.append("bitscope %s: `%s` at %s gives %s, gcc %s" % (e.id, fn, shown, val, want))
            return
    if e.meta["wrong"] != "none":
        values = [str(e.wrong_at[n]) for n in names]
        shown = ", ".join("%s=%s" % nv for nv in zip(names, values))
        for fn, want in ((e.fn.name, str(e.wrong_gives)), (e.spec_fn.name, str(e.wrong_expected))):
            val, err = bitscope_eval(e.file, fn, names, values)
            if err or val != want:
                BITSCOPE_FAILS.append("bitscope %s: `%s` at the stated %s gives %s, stated %s" % (
                    e.id, fn, shown, err or val, want))
                return
        got, exp = str(e.wrong_gives), str(e.wrong_expected)
    BITSCOPE_LINES.append("bitscope ok %s (%s: %s, spec %s)" % (e.id, shown, got, exp))


def main():
    global BITSCOPE
    for a in sys.argv[1:]:
        if a.startswith("--bitscope="):
            BITSCOPE = a.split("=", 1)[1]
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_ops = "--ops" in sys.argv
    files = sorted(f for f in os.listdir(FAMILIES) if f.endswith(".c"))
    if not files:
        print("no family files in", FAMILIES)
        return 1
    probs = Problems()
    parsed = []
    all_ids = {}
    all_fns = {}
    fam_ids = {}
    for fname in files:
        path = os.path.join(FAMILIES, fname)
        fam_id, title, entries, funcs, typedefs, text = parse_file(path, probs)
        if fam_id in fam_ids:
            probs.add(fname, "family id `%s` also in %s" % (fam_id, fam_ids[fam_id]))
        fam_ids[fam_id] = fname
        fnames = {f.name: f for f in funcs}
        for fn in funcs:
            if fn.name in all_fns:
                probs.add(fname, "function name `%s` also in %s" % (fn.name, all_fns[fn.name]))
            all_fns[fn.name] = fname
        spec_names = set()
        trick_names = set()
        for e in entries:
            where = "%s:%d (%s)" % (e.rel, e.line, e.id)
            if e.id in all_ids:
                probs.add(where, "id also used at %s" % all_ids[e.id])
            all_ids[e.id] = where
            m = e.meta
            if any(k not in m for k in KEYS):
                continue
            if e.fn_name in trick_names:
                probs.add(where, "function `%s` has two metadata blocks" % e.fn_name)
            trick_names.add(e.fn_name)
            spec = fnames.get(m["spec"])
            if spec is None:
                probs.add(where, "spec `%s` not in the file" % m["spec"])
                continue
            e.spec_fn = spec
            spec_names.add(spec.name)
            if spec.signature() != e.fn.signature():
                probs.add(where, "spec signature `%s` differs from `%s`" % (spec.header, e.fn.header))
            if spec.name == e.fn.name:
                probs.add(where, "a trick cannot be its own spec")
            if not 1 <= len(e.fn.params) <= 3:
                probs.add(where, "1 to 3 parameters")
            infos = [type_info(t, typedefs) for t, _ in e.fn.params]
            if any(i is None for i in infos) or type_info(e.fn.ret, typedefs) is None:
                probs.add(where, "parameter and return types must be integer types")
                continue
            if m["width"] not in ("8", "16", "32", "64"):
                probs.add(where, "width must be 8, 16, 32 or 64")
            elif int(m["width"]) != infos[0][0]:
                probs.add(where, "width %s is not the first parameter's (%d)" % (m["width"], infos[0][0]))
            if m["panel"] not in PANELS:
                probs.add(where, "unknown panel `%s`" % m["panel"])
            if not re.fullmatch(r"\d+", m["ops"]):
                probs.add(where, "ops must be a number")
            else:
                counted = count_ops(e.fn.body)
                if show_ops:
                    print("ops %s %d" % (e.id, counted))
                if int(m["ops"]) != counted:
                    probs.add(where, "ops says %s, the body has %d" % (m["ops"], counted))
            aliases = m["aliases"].split("; ")
            if any(not a or a != a.strip() or ";" in a for a in aliases):
                probs.add(where, "aliases must be separated by `; `")
            if m["restrict"] != "none":
                pnames = {n for _, n in e.fn.params}
                for t in tokens(m["restrict"]):
                    if re.match(r"[A-Za-z_]", t) and t not in pnames and t not in KNOWN_CONSTANTS \
                            and t not in C_KEYWORDS:
                        probs.add(where, "restrict names `%s`, not a parameter" % t)
            if m["wrong"] != "none":
                wm = re.fullmatch(r"fixed-by ([a-z0-9]+(?:-[a-z0-9]+)*); at (\w+=-?\d+(?:, \w+=-?\d+)*): "
                                  r"gives (-?\d+), expected (-?\d+)", m["wrong"])
                if not wm:
                    probs.add(where, "bad `wrong` value")
                    continue
                e.fixed_by = wm.group(1)
                e.wrong_at = {}
                for part in wm.group(2).split(", "):
                    n, v = part.split("=")
                    e.wrong_at[n] = int(v)
                if sorted(e.wrong_at) != sorted(n for _, n in e.fn.params):
                    probs.add(where, "`wrong` must give every parameter once")
                    continue
                for i, (t, n) in enumerate(e.fn.params):
                    b, s = infos[i]
                    lo, hi = (-(1 << (b - 1)), (1 << (b - 1)) - 1) if s else (0, (1 << b) - 1)
                    if not lo <= e.wrong_at[n] <= hi:
                        probs.add(where, "`%s=%d` is out of range for %s" % (n, e.wrong_at[n], t))
                rb, rs = type_info(e.fn.ret, typedefs)
                lo, hi = (-(1 << (rb - 1)), (1 << (rb - 1)) - 1) if rs else (0, (1 << rb) - 1)
                e.wrong_gives = int(wm.group(3))
                e.wrong_expected = int(wm.group(4))
                for v in (e.wrong_gives, e.wrong_expected):
                    if not lo <= v <= hi:
                        probs.add(where, "value %d is out of range for %s" % (v, e.fn.ret))
        # calls: only builtins; no recursion; every function is a spec or a trick
        for fn in funcs:
            for t in re.findall(r"\b([A-Za-z_]\w*)\s*\(", fn.body):
                if t in C_KEYWORDS or t in BUILTINS or t in typedefs or t in BASE_TYPES:
                    continue
                if t in fnames:
                    probs.add("%s:%d" % (fname, fn.line), "`%s` calls `%s`: functions are self-contained" % (fn.name, t))
            if fn.name not in spec_names and fn.name not in trick_names:
                probs.add("%s:%d" % (fname, fn.line), "`%s` is neither a spec nor a trick" % fn.name)
            if fn.name in spec_names and fn.name in trick_names:
                probs.add("%s:%d" % (fname, fn.line), "`%s` is both a spec and a trick" % fn.name)
        parsed.append((path, fam_id, title, entries, typedefs))
    # wrong entries: the fixed entry exists, is right, has the same spec
    by_id = {e.id: e for _, _, _, es, _ in parsed for e in es}
    for _, _, _, es, _ in parsed:
        for e in es:
            if getattr(e, "fixed_by", None):
                f = by_id.get(e.fixed_by)
                if f is None:
                    probs.add(e.id, "fixed-by `%s`: no such entry" % e.fixed_by)
                elif f.meta.get("wrong") != "none":
                    probs.add(e.id, "fixed-by `%s` is itself wrong" % e.fixed_by)
                elif f.meta.get("spec") != e.meta.get("spec"):
                    probs.add(e.id, "fixed-by `%s` has another spec" % e.fixed_by)
    if probs.items:
        for p in probs.items:
            print("METADATA", p)
        print("%d metadata problem(s)" % len(probs.items))
        return 1
    if show_ops:
        return 0

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for path, fam_id, title, entries, typedefs in parsed:
            if args and os.path.basename(path) not in args:
                continue
            check_file(path, fam_id, entries, typedefs, tmp, results)
    passed = 0
    failed = 0
    for e, ok, line in results:
        print(line)
        if ok:
            passed += 1
        else:
            failed += 1
    wrong = sum(1 for _, _, _, es, _ in parsed for e in es if e.meta["wrong"] != "none")
    if BITSCOPE:
        for l in BITSCOPE_LINES + BITSCOPE_FAILS:
            print(l)
        print("bitscope: %d entries agree with gcc, %d problems" % (len(BITSCOPE_LINES), len(BITSCOPE_FAILS)))
        failed += len(BITSCOPE_FAILS)
    print("%d passed, %d failed" % (passed, failed))
    print("per family:")
    total = 0
    for path, fam_id, title, entries, typedefs in parsed:
        nw = sum(1 for e in entries if e.meta["wrong"] != "none")
        print("  %-18s %3d  (%s%s)" % (fam_id, len(entries), os.path.basename(path),
                                        ", %d wrong" % nw if nw else ""))
        total += len(entries)
    print("  %-18s %3d  (%d wrong published versions)" % ("total", total, wrong))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
