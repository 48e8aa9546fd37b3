//! `bitscope divide D [--width W] [--json]`: unsigned division by a
//! constant as a compiler does it (`bits::divide`): the multiplier and
//! shift, why a smaller shift fails (the input where its floor goes
//! wrong), the exact check that proves it for every input, and the C.

use bitscope::bits::divide::{derive, Derivation, Method};
use bitscope::bits::divide_signed::{derive_signed, SignedMethod};
use bitscope::bits::word::parse_number;
use clap::Args;
use serde_json::json;

#[derive(Args)]
pub struct DivideArgs {
    /// The divisor (decimal or 0x..; negative with --signed).
    #[arg(allow_negative_numbers = true)]
    divisor: String,
    /// Signed (C's truncating) division: Hacker's Delight's magic.
    #[arg(long)]
    signed: bool,
    /// The dividend's width in bits: 8, 16, 32 or 64.
    #[arg(long, default_value_t = 32)]
    width: u32,
    #[arg(long)]
    json: bool,
}

pub fn run(args: DivideArgs) -> i32 {
    if args.signed {
        return run_signed(&args);
    }
    let d = match parse_number(&args.divisor, 64) {
        Ok(d) => d,
        Err(e) => return super::bad_input(format!("divisor {:?}: {e}", args.divisor)),
    };
    let der = match derive(d, args.width) {
        Ok(der) => der,
        Err(e) => return super::bad_input(e),
    };
    if args.json {
        println!("{}", to_json(&der));
    } else {
        print!("{}", text(&der));
    }
    0
}

/// `--signed`: the divisor read with its sign, the method and the C.
fn run_signed(args: &DivideArgs) -> i32 {
    let text = args.divisor.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let d = match parse_number(digits, 64) {
        Ok(v) if v <= 1 << 63 => {
            let v = v as i128;
            (if negative { -v } else { v }) as i64
        }
        Ok(_) => {
            return super::bad_input(format!("divisor {text:?}: out of the signed 64-bit range"))
        }
        Err(e) => return super::bad_input(format!("divisor {text:?}: {e}")),
    };
    let der = match derive_signed(d, args.width) {
        Ok(der) => der,
        Err(e) => return super::bad_input(e),
    };
    let (method, multiplier, shift) = match der.method {
        SignedMethod::Identity { .. } => ("identity", None, 0),
        SignedMethod::Shift { shift, .. } => ("shift", None, shift),
        SignedMethod::Compare => ("compare", None, 0),
        SignedMethod::Multiply { multiplier, shift } => ("multiply", Some(multiplier), shift),
    };
    if args.json {
        let out = json!({"divisor": d, "width": der.width, "signed": true, "method": method,
            "multiplier": multiplier, "shift": shift, "c": der.c_source(),
            "proof": "Hacker's Delight 10-1 (the book's theorem); every input checked at 8 and 16 bits"});
        println!("{out}");
    } else {
        match multiplier {
            Some(m) => println!("x / {d} on signed {}-bit x: the high half of x * {m} (0x{:x}), then >> {shift}, rounded toward zero", der.width, m as u64 & (u64::MAX >> (64 - der.width))),
            None => println!("x / {d} on signed {}-bit x: {method}", der.width),
        }
        print!("{}", der.c_source());
    }
    0
}

fn to_json(der: &Derivation) -> serde_json::Value {
    let (method, multiplier, shift, add) = match der.method {
        Method::Shift { shift } => ("shift", None, shift, false),
        Method::Compare => ("compare", None, 0, false),
        Method::Multiply {
            multiplier,
            shift,
            add,
        } => ("multiply", Some(format!("0x{multiplier:x}")), shift, add),
    };
    let rejected: Vec<_> = der
        .rejected
        .iter()
        .map(|&(s, x)| json!({"shift": s, "wrong_at": x}))
        .collect();
    json!({
        "divisor": der.d, "width": der.width, "method": method, "multiplier": multiplier,
        "shift": shift, "total_shift": der.width + shift, "add": add,
        "error": der.error.to_string(), "rejected": rejected, "c": der.c_source(),
        "proof": "exact: the error bound checked at the two inputs that decide it (bits::divide)",
    })
}

fn text(der: &Derivation) -> String {
    let (d, w) = (der.d, der.width);
    let mut out = match der.method {
        Method::Shift { shift } => {
            format!("x / {d} on {w}-bit x: {d} = 2^{shift}, so x >> {shift}\n")
        }
        Method::Compare => format!(
            "x / {d} on {w}-bit x: {d} > 2^{}, so the quotient is x >= {d} (0 or 1)\n",
            w - 1
        ),
        Method::Multiply {
            multiplier,
            shift,
            add,
        } => {
            let mut s = format!(
                "x / {d} on {w}-bit x = (x * 0x{multiplier:x}) >> {} (m = ceil(2^{} / {d}), {} bits; error e = m*d - 2^{} = {})\n",
                w + shift, w + shift, 128 - multiplier.leading_zeros(), w + shift, der.error
            );
            for &(s0, x) in &der.rejected {
                s += &format!("  shift {s0} fails: at x = {x} the floor is off by one\n");
            }
            s += &format!("  proven for every input: 2^k (x mod d) + x e < d 2^k at x = 2^{w} - 1 and at the largest x with remainder {}\n", d - 1);
            if add {
                s += &format!("  m needs {} bits: the code multiplies by its low {w} bits and adds x back (the \"add\" variant)\n", w + 1);
            }
            s
        }
    };
    out += &der.c_source();
    out
}
