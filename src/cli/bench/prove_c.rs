//! `bitscope bench prove`, its C part: a 30-line snippet with a 32-step
//! loop evaluated (goal under 5 ms), the parallel popcount against the
//! bit-by-bit loop at 32 bits (under 1 s) and at 64 bits (under 3 s), and
//! the median over a corpus of tricks proven against their plain forms
//! (under 0.5 s).

use bitscope::lang::c::examples::{POP_LOOP, POP_SWAR};
use bitscope::lang::c::{Program, RunOptions};
use bitscope::lang::prove::c::prove_entries;
use bitscope::lang::prove::Options;
use std::time::Instant;

const LOOP_SNIPPET: &str = "#include <stdint.h>
/* reverse the bits of a word, one at a time, with a checksum on the side */
#define BITS 32
typedef uint32_t word;

static int parity_of(word v) {
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v &= 0xf;
    return (0x6996 >> v) & 1;
}

word reverse_and_mix(word x) {
    word r = 0;
    int ones = 0, flips = 0;
    for (int i = 0; i < BITS; i++) {
        int bit = (x >> i) & 1;
        r = (r << 1) | bit;
        if (bit) {
            ones++;
        } else if (i & 1) {
            flips += 2;
        }
    }
    r ^= (word)ones << 24;
    r += flips;
    return r ^ parity_of(x);
}";

const POP64: &str = "#include <stdint.h>
int pop(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}";
/// Kernighan's loop: one turn a set bit, so its unrolling stops only once
/// "x still has a bit after 64 turns" is shown impossible.
const POP64_KERNIGHAN: &str =
    "int f(unsigned long x) { int c = 0; while (x) { x &= x - 1; c++; } return c; }";

const POP64_LOOP: &str = "int pop(unsigned long x) { int n = 0; for (int i = 0; i < 64; i++) n += (x >> i) & 1; return n; }";

/// Tricks and their plain forms (each pair: the trick, the plain form).
const PAIRS: [(&str, &str, &str); 10] = [
    ("abs by the sign mask", "int f(int x) { int m = x >> 31; return (x ^ m) - m; }", "int f(int x) { return x < 0 ? -x : x; }"),
    ("min without a branch", "int f(int x, int y) { return y ^ ((x ^ y) & -(x < y)); }", "int f(int x, int y) { return x < y ? x : y; }"),
    ("sign of x", "int f(int x) { return (x > 0) - (x < 0); }", "int f(int x) { if (x > 0) return 1; if (x < 0) return -1; return 0; }"),
    ("lowest set bit", "unsigned long f(unsigned long x) { return x & -x; }", "unsigned long f(unsigned long x) { for (int i = 0; i < 64; i++) if (x >> i & 1) return 1UL << i; return 0; }"),
    ("power of two", "int f(unsigned x) { return x && !(x & (x - 1)); }", "int f(unsigned x) { return __builtin_popcount(x) == 1; }"),
    ("round up to a power of two", "unsigned f(unsigned v) { v--; v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v + 1; }", "unsigned f(unsigned v) { if (v == 0) return 0; unsigned p = 1; while (p < v && p) p <<= 1; return p; }"),
    ("byte swap", "unsigned f(unsigned x) { return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24); }", "unsigned f(unsigned x) { return __builtin_bswap32(x); }"),
    ("average without overflow", "unsigned f(unsigned a, unsigned b) { return (a & b) + ((a ^ b) >> 1); }", "unsigned f(unsigned a, unsigned b) { return (unsigned)(((unsigned long)a + b) >> 1); }"),
    ("parity by folding", "int f(unsigned v) { v ^= v >> 16; v ^= v >> 8; v ^= v >> 4; v &= 0xf; return (0x6996 >> v) & 1; }", "int f(unsigned v) { return __builtin_parity(v); }"),
    ("divide by 3", "unsigned f(unsigned x) { return (unsigned)(((unsigned long)x * 0xAAAAAAABUL) >> 33); }", "unsigned f(unsigned x) { return x / 3; }"),
];

fn prove_pair(a: &str, b: &str) -> Result<String, String> {
    let pa = Program::parse(a).map_err(|e| e.to_string())?;
    let pb = Program::parse(b).map_err(|e| e.to_string())?;
    // the CLI's budget: 10 s, then "not proven" with the agreeing inputs
    let mut deadline = super::super::prove::Deadline::after(10.0);
    let v =
        prove_entries(&pa, &pb, &Options::default(), &mut deadline).map_err(|e| e.to_string())?;
    let what = match v.equal {
        Some(true) => "equal",
        Some(false) => "NOT EQUAL",
        None => "not proven",
    };
    let agreeing = if v.equal.is_none() {
        format!(" ({} inputs agree)", v.agreeing)
    } else {
        String::new()
    };
    Ok(format!("{what} {}{agreeing}", v.method.name()))
}

pub fn run(rounds: u32) {
    println!("prove (C functions), best of {rounds}");
    let p = Program::parse(LOOP_SNIPPET).expect("the snippet parses");
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    let (t, r) = super::best(rounds.max(5), || {
        p.run("reverse_and_mix", &[0xdead_beef], &opts)
    });
    let steps = r.map(|r| r.steps.len()).unwrap_or(0);
    println!(
        "  {:<44} {:>8.4} s  {steps} steps traced",
        "eval: 30 lines, a 32-iteration loop", t
    );
    for (name, a, b) in [
        (
            "popcount 32: parallel vs bit-by-bit loop",
            POP_SWAR,
            POP_LOOP,
        ),
        (
            "popcount 64: parallel vs bit-by-bit loop",
            POP64,
            POP64_LOOP,
        ),
        (
            "popcount 64: Kernighan vs bit-by-bit loop",
            POP64_KERNIGHAN,
            POP64_LOOP,
        ),
    ] {
        let (t, v) = super::best(rounds, || prove_pair(a, b));
        println!(
            "  {name:<44} {t:>8.4} s  {}",
            v.unwrap_or_else(|e| format!("error: {e}"))
        );
    }
    let mut times = Vec::new();
    for (name, a, b) in PAIRS {
        let start = Instant::now();
        let v = prove_pair(a, b);
        let t = start.elapsed().as_secs_f64();
        times.push(t);
        println!(
            "    {name:<42} {t:>8.4} s  {}",
            v.unwrap_or_else(|e| format!("error: {e}"))
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "  {:<44} {:>8.4} s  ({} pairs, slowest {:.4} s)",
        "median over the corpus of pairs",
        times[times.len() / 2],
        times.len(),
        times[times.len() - 1]
    );
}
