//! `bitscope float VALUE [--format F] [--json]`: see a float
//! (`bits::float`). VALUE is bits (`0x3dcccccd`: hex with no `.` or `p`)
//! to decode, a number (`0.1`, `-0x1.8p3`, `1/3`, `inf`, `nan`) to round
//! into the format, or one operation: `"A + B"` (`+ - * /`), `"sqrt A"`,
//! `"fma A B C"`, `"to F2 A"` (A converted from --format into F2).

use bitscope::bits::float::arith::{compute, Op};
use bitscope::bits::float::convert::convert;
use bitscope::bits::float::expr::{is_bits, operand, parse_request, Request};
use bitscope::bits::float::{
    decode, decoded, encode, Decoded, FloatError, Format, Overflow, Rounded,
};
use bitscope::bits::trace::Step;
use bitscope::bits::word::Word;
use clap::Args;
use serde_json::{json, Value};

#[derive(Args)]
pub struct FloatArgs {
    /// Bits (0x3dcccccd), a number (0.1, -0x1.8p3, 1/3, inf, nan), or one
    /// operation in quotes: "A + B" (+ - * /), "sqrt A", "fma A B C",
    /// "to F2 A" (A converted from --format into F2).
    #[arg(allow_hyphen_values = true)]
    value: String,
    /// binary16 (half), bfloat16, binary32 (float), binary64 (double),
    /// e5m2 or e4m3 (E4M3FN: no ∞; out-of-range numbers saturate to ±448).
    #[arg(long, default_value = "binary32")]
    format: String,
    #[arg(long)]
    json: bool,
}

pub fn run(args: FloatArgs) -> i32 {
    let result = Format::from_name(&args.format).and_then(|format| {
        let out = match parse_request(&args.value)? {
            Request::Value(text) => value(format, &text)?,
            Request::Operation { op, args } => operation(format, op, &args)?,
            Request::Convert { to, arg } => conversion(format, to, &arg)?,
        };
        Ok(out)
    });
    match result {
        Ok(out) => {
            if args.json {
                println!("{}", out.json);
            } else {
                print!("{}", out.text);
            }
            0
        }
        Err(e) => super::bad_input(format!("{:?}: {e}", args.value)),
    }
}

/// What is printed: the text form and the JSON form.
struct Output {
    text: String,
    json: Value,
}

/// One value: bits decoded, or a number rounded in (then decoded).
fn value(format: Format, text: &str) -> Result<Output, FloatError> {
    let (bits, steps, inexact) = if is_bits(text) {
        let (bits, _) = operand(format, text)?;
        (bits, decode(format, bits)?.1.steps, None)
    } else {
        let (r, trace) = encode(format, text)?;
        (r.bits, trace.steps, Some(r.inexact))
    };
    let d = decoded(format, bits)?;
    let mut json = value_json(&d);
    json["steps"] = serde_json::to_value(&steps).unwrap_or_default();
    let mut out = value_text(&d);
    if let Some(inexact) = inexact {
        json["typed"] = text.trim().into();
        json["inexact"] = inexact.into();
        let how = if inexact { "rounded to" } else { "exactly" };
        out = format!("{} {how} {}\n{out}", text.trim(), hex(format, bits));
    }
    out += &steps_text(&steps);
    Ok(Output { text: out, json })
}

/// `A op B` (or `sqrt A`, `fma A B C`): the operands, the result, the steps.
fn operation(format: Format, op: Op, texts: &[String]) -> Result<Output, FloatError> {
    let mut steps: Vec<Step> = Vec::new();
    let mut bits = Vec::with_capacity(texts.len());
    for t in texts {
        let (b, s) = operand(format, t)?;
        steps.extend(s);
        bits.push(b);
    }
    let (r, trace) = compute(format, op, &bits, Overflow::default_for(format))?;
    steps.extend(trace.steps);
    let operands: Vec<Decoded> = bits
        .iter()
        .map(|&b| decoded(format, b))
        .collect::<Result<_, _>>()?;
    result_output(&trace.title, &operands, format, r, steps)
}

/// `to F2 A`: A in --format, converted to F2.
fn conversion(from: Format, to: Format, text: &str) -> Result<Output, FloatError> {
    let (bits, mut steps) = operand(from, text)?;
    let (r, trace) = convert(from, to, bits, Overflow::default_for(to))?;
    steps.extend(trace.steps);
    result_output(&trace.title, &[decoded(from, bits)?], to, r, steps)
}

fn result_output(
    title: &str,
    operands: &[Decoded],
    format: Format,
    r: Rounded,
    steps: Vec<Step>,
) -> Result<Output, FloatError> {
    let result = decoded(format, r.bits)?;
    let mut json = json!({
        "result": value_json(&result),
        "inexact": r.inexact,
        "overflow": r.overflow,
        "underflow": r.underflow,
        "steps": serde_json::to_value(&steps).unwrap_or_default(),
    });
    let mut text = format!("{title}\n");
    for (name, d) in ["a", "b", "c"].iter().zip(operands) {
        json[*name] = value_json(d);
        text += &format!("{name:<7} {}  {}\n", hex(d.format, d.bits), d.exact);
    }
    text += &format!(
        "result  {}  {}{}\n\n",
        hex(format, r.bits),
        result.exact,
        if r.inexact { " (inexact)" } else { " (exact)" }
    );
    text += &value_text(&result);
    text += &steps_text(&steps);
    Ok(Output { text, json })
}

fn hex(format: Format, bits: u64) -> String {
    Word::new(bits, format.width()).hex()
}

fn value_json(d: &Decoded) -> Value {
    let f = d.format;
    json!({
        "format": f.name,
        "bits": hex(f, d.bits),
        "sign": d.sign as u8,
        "exponent": d.exponent,
        "fraction": format!("0x{:x}", d.fraction),
        "class": d.class.name(),
        "exact": d.exact,
        "significand": d.significand,
        "power": d.power,
        "next_up": d.next_up.map(|b| hex(f, b)),
        "next_down": d.next_down.map(|b| hex(f, b)),
        "ulp": d.ulp,
    })
}

fn value_text(d: &Decoded) -> String {
    let f = d.format;
    let neighbour = |n: Option<u64>| match n {
        Some(b) => format!(
            "{}  {}",
            hex(f, b),
            decoded(f, b).map(|x| x.exact).unwrap_or_default()
        ),
        None => "none".to_string(),
    };
    let mut s = format!("{} {}\n", f.name, hex(f, d.bits));
    s += &format!(
        "  sign {}  exponent {} ({:#x})  fraction {:#x}\n",
        d.sign as u8, d.exponent, d.exponent, d.fraction
    );
    s += &format!(
        "  class      {}\n  exact      {}\n",
        d.class.name(),
        d.exact
    );
    if d.ulp.is_some() {
        s += &format!(
            "  as         {}{} × 2^{}\n",
            if d.sign { "-" } else { "" },
            d.significand,
            d.power
        );
    }
    s += &format!(
        "  next up    {}\n  next down  {}\n",
        neighbour(d.next_up),
        neighbour(d.next_down)
    );
    if let Some(ulp) = &d.ulp {
        s += &format!("  ulp        {ulp}\n");
    }
    s
}

fn steps_text(steps: &[Step]) -> String {
    let mut trace = bitscope::bits::trace::Trace::new(
        "float",
        "steps",
        bitscope::bits::trace::Outcome::Number(0),
    );
    trace.steps = steps.to_vec();
    let text = trace.to_text();
    // Trace::to_text ends with a "result:" line; the result is printed above.
    let body: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("result: "))
        .collect();
    format!("\n{}\n", body.join("\n"))
}
