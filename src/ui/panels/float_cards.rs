//! The Float panel's cards: the bits with their fields, the value in every
//! format, the neighbouring floats on a line, the special values, and why
//! a sum is not what was typed. Each only renders what `bits::float`
//! computed.

use crate::bits::float::arith::{compute, Op};
use crate::bits::float::around::{difference, is_finite, neighbourhood, specials};
use crate::bits::float::convert::convert;
use crate::bits::float::convert::convert_bits;
use crate::bits::float::encode::encode_bits;
use crate::bits::float::exact::abbreviated;
use crate::bits::float::explain::explain_sum;
use crate::bits::float::expr::operand;
use crate::bits::float::format::{Format, Overflow, ALL, BINARY32, BINARY64};
use crate::bits::float::tricks::FloatTrick;
use crate::bits::float::{decode, decoded, encode, Class, Decoded, Rounded};
use crate::bits::trace::Trace;
use crate::bits::word::Word;
use crate::ui::components::BitRow;
use crate::ui::state::{FloatAction as Action, FloatMode, FloatState};
use std::rc::Rc;
use yew::prelude::*;

/// The value a state shows, as the library computed it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Shown {
    /// The format the value is in (a conversion's target).
    pub format: Format,
    pub decoded: Rc<Decoded>,
    /// How it was made, stepped.
    pub trace: Rc<Trace>,
    /// What rounding did (none for bits decoded).
    pub rounded: Option<Rounded>,
}

/// The value of `s`, or why there is none (a typed text that does not read).
pub(super) fn shown(s: &FloatState) -> Result<Shown, String> {
    let text = |e: crate::bits::float::FloatError| e.to_string();
    let (format, bits, rounded, trace) = match s.mode {
        FloatMode::Bits => {
            let (_, trace) = decode(s.format, s.bits).map_err(text)?;
            (s.format, s.bits, None, trace)
        }
        FloatMode::Number => {
            let (r, trace) = encode(s.format, &s.number).map_err(text)?;
            (s.format, r.bits, Some(r), trace)
        }
        FloatMode::Op => {
            let texts = [&s.a, &s.b, &s.c];
            let args = texts[..s.op.arity()]
                .iter()
                .map(|t| operand(s.format, t).map(|(bits, _)| bits))
                .collect::<Result<Vec<u64>, _>>()
                .map_err(text)?;
            let overflow = Overflow::default_for(s.format);
            let (r, trace) = compute(s.format, s.op, &args, overflow).map_err(text)?;
            (s.format, r.bits, Some(r), trace)
        }
        FloatMode::Convert => {
            let (bits, _) = operand(s.format, &s.number).map_err(text)?;
            let overflow = Overflow::default_for(s.to);
            let (r, trace) = convert(s.format, s.to, bits, overflow).map_err(text)?;
            (s.to, r.bits, Some(r), trace)
        }
        FloatMode::Trick => {
            let (bits, trace) = s.trick.run(&s.number).map_err(text)?;
            let format = if s.trick == FloatTrick::IntToDouble {
                BINARY64
            } else {
                BINARY32
            };
            (format, bits, None, trace)
        }
    };
    let (decoded, _) = decode(format, bits).map_err(text)?;
    Ok(Shown {
        format,
        decoded: Rc::new(decoded),
        trace: Rc::new(trace),
        rounded,
    })
}

/// The colours of the sign, exponent and fraction fields (CSS variables).
const FIELD_COLOURS: [&str; 3] = ["var(--float-sign)", "var(--float-exp)", "var(--float-frac)"];

#[derive(Properties, PartialEq)]
pub(super) struct ShownProps {
    pub shown: Shown,
    pub dispatch: Callback<Action>,
}

/// The value's bits (each a button), its fields and its exact value.
#[function_component(BitsCard)]
pub(super) fn bits_card(props: &ShownProps) -> Html {
    let Shown {
        format,
        decoded: d,
        rounded,
        ..
    } = &props.shown;
    let (format, bits) = (*format, d.bits);
    let fields = Rc::new(vec![
        (format.width() - 1, 1, AttrValue::from(FIELD_COLOURS[0])),
        (
            format.frac_bits,
            format.exp_bits,
            AttrValue::from(FIELD_COLOURS[1]),
        ),
        (0, format.frac_bits, AttrValue::from(FIELD_COLOURS[2])),
    ]);
    let on_toggle = props.dispatch.reform(move |bit| Action::Flip {
        format,
        shown: bits,
        bit,
    });
    html! {
        <div class="card float-bits-card">
            <h3>{ format!("{}: {} bits, 1 sign, {} exponent, {} fraction", format.name, format.width(), format.exp_bits, format.frac_bits) }</h3>
            <BitRow word={Word::new(bits, format.width())} {on_toggle} fields={Some(fields)} readouts={false} label={format!("0x{:0w$x}", bits, w = format.width().div_ceil(4) as usize)} />
            <dl class="float-fields">
                <div class="f-sign"><dt>{ "sign" }</dt><dd>{ if d.sign { "1: negative" } else { "0: positive" } }</dd></div>
                <div class="f-exp"><dt>{ "exponent" }</dt><dd>{ exponent_words(format, d) }</dd></div>
                <div class="f-frac"><dt>{ "fraction" }</dt><dd>{ format!("0x{:x}", d.fraction) }</dd></div>
                <div><dt>{ "class" }</dt><dd class="float-class">{ d.class.name() }</dd></div>
                <div><dt>{ "as an integer × a power of two" }</dt><dd>{ power_words(d) }</dd></div>
                <div class="float-exact-row"><dt>{ "exactly" }</dt><dd class="float-exact">{ d.exact.clone() }</dd></div>
                if let Some(r) = rounded {
                    <div><dt>{ "rounding" }</dt><dd class="float-rounding">{ rounding_words(format, r) }</dd></div>
                }
            </dl>
        </div>
    }
}

/// "01111011 = 123; 123 − 127 = −4" (or what an all-zero or all-one field means).
fn exponent_words(format: Format, d: &Decoded) -> String {
    let field = format!(
        "{:0w$b} = {}",
        d.exponent,
        d.exponent,
        w = format.exp_bits as usize
    );
    match d.class {
        Class::Zero | Class::Subnormal => {
            format!(
                "{field}: zero or subnormal, the power is emin = {}",
                d.unbiased
            )
        }
        Class::Normal => format!("{field}; {} − {} = {}", d.exponent, format.bias, d.unbiased),
        _ => format!("{field}: all ones, infinity or NaN"),
    }
}

/// "13421773 × 2^-27" for a finite value.
fn power_words(d: &Decoded) -> String {
    match d.class {
        Class::Zero | Class::Subnormal | Class::Normal => {
            let sign = if d.sign { "−" } else { "" };
            format!("{sign}{} × 2^{}", d.significand, d.power)
        }
        _ => "none: not a finite value".into(),
    }
}

fn rounding_words(format: Format, r: &Rounded) -> String {
    match (r.inexact, r.overflow, r.underflow) {
        (_, true, _) if format.has_infinity() => "overflow: too large, rounded to infinity".into(),
        (_, true, _) => "too large: saturated to the largest finite value".into(),
        (true, _, true) => "underflow: rounded to a subnormal or to zero".into(),
        (true, _, _) => "inexact: rounded to the nearest float, ties to even".into(),
        _ => "exact: nothing was rounded".into(),
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct FormatsProps {
    pub shown: Shown,
    /// The text typed in `number` mode: each format rounds it itself.
    pub typed: Option<String>,
}

/// The same value in every format, with each one's error.
#[function_component(FormatsCard)]
pub(super) fn formats_card(props: &FormatsProps) -> Html {
    let shown = &props.shown;
    let rows = ALL.iter().map(|&f| {
        let overflow = Overflow::default_for(f);
        let bits = match &props.typed {
            Some(t) => encode_bits(f, t, overflow).map(|r| r.bits),
            None => convert_bits(shown.format, f, shown.decoded.bits, overflow).map(|r| r.bits),
        };
        let Some(d) = bits.ok().and_then(|b| decoded(f, b).ok()) else {
            return html! {};
        };
        let error = difference(&shown.decoded, &d).unwrap_or_else(|| "—".into());
        let this = f == shown.format;
        html! {
            <tr class={classes!(this.then_some("this-format"))} data-format={f.name}>
                <th scope="row">{ f.name }</th>
                <td><code>{ format!("0x{:0w$x}", d.bits, w = f.width().div_ceil(4) as usize) }</code></td>
                <td>{ long_decimal(&d.exact) }</td>
                <td class="float-error-cell">{ if this { html! { "this one" } } else { long_decimal(&error) } }</td>
            </tr>
        }
    });
    let from = if props.typed.is_some() {
        "the number typed, rounded in each"
    } else {
        "this value, converted to each"
    };
    html! {
        <div class="card float-formats-card">
            <h3>{ "In every format" }</h3>
            <p class="note">{ format!("{from}; the error is each one minus the value above, exactly.") }</p>
            <div class="table-scroll">
                <table class="data float-formats-table">
                    <thead><tr><th>{ "format" }</th><th>{ "bits" }</th><th>{ "value" }</th><th>{ "error" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </div>
    }
}

/// An exact decimal: whole when short, else its first 24 digits, the
/// whole one a click away.
fn long_decimal(text: &str) -> Html {
    match abbreviated(text, 24) {
        None => html! { <span class="float-exact">{ text.to_string() }</span> },
        Some(short) => html! {
            <details class="float-long">
                <summary><span class="float-exact">{ short }</span>{ format!(" ({} characters)", text.len()) }</summary>
                <span class="float-exact">{ text.to_string() }</span>
            </details>
        },
    }
}

/// The value as a binary64 number, for drawing only (every format's
/// values are binary64 values).
fn approx(format: Format, bits: u64) -> f64 {
    convert_bits(format, BINARY64, bits, Overflow::Infinity)
        .map_or(f64::NAN, |r| f64::from_bits(r.bits))
}

/// The neighbouring floats, drawn to scale, with the gaps between them.
#[function_component(LineCard)]
pub(super) fn line_card(props: &ShownProps) -> Html {
    let format = props.shown.format;
    let x = &props.shown.decoded;
    if !is_finite(x) {
        return html! {
            <div class="card float-line-card"><h3>{ "Neighbours" }</h3><p class="note">{ "Infinity and NaN have no neighbours on the line." }</p></div>
        };
    }
    let near = neighbourhood(format, x.bits);
    let gaps: Vec<String> = near
        .windows(2)
        .map(|w| difference(&w[0], &w[1]).unwrap_or_default())
        .collect();
    let doubles = gaps.windows(2).any(|g| g[0] != g[1]);
    let rows = near.iter().enumerate().map(|(i, d)| {
        let (bits, this) = (d.bits, d.bits == x.bits);
        let onclick = props.dispatch.reform(move |_: MouseEvent| Action::Show { format, bits });
        html! {
            <li class={classes!(this.then_some("this-float"))}>
                <button type="button" class="linkish float-neighbour" data-bits={format!("{bits:x}")} {onclick}>
                    <code>{ format!("0x{:0w$x}", bits, w = format.width().div_ceil(4) as usize) }</code>
                </button>
                { long_decimal(&d.exact) }
                if let Some(g) = gaps.get(i) { <div class="float-gap">{ "gap " }{ long_decimal(g) }</div> }
            </li>
        }
    });
    html! {
        <div class="card float-line-card">
            <h3>{ "Neighbours" }</h3>
            { number_line(format, &near, x.bits) }
            if doubles {
                <p class="note float-doubles">{ "The gap changes where the exponent does: it doubles at each power of two going up, because the fraction's last bit then weighs twice as much." }</p>
            }
            <ol class="float-neighbours">{ for rows }</ol>
        </div>
    }
}

/// The floats as ticks on a line, the value's tick marked.
fn number_line(format: Format, near: &[Decoded], at: u64) -> Html {
    let (Some(first), Some(last)) = (near.first(), near.last()) else {
        return html! {};
    };
    let (lo, hi) = (approx(format, first.bits), approx(format, last.bits));
    let span = hi - lo;
    let x_of = |d: &Decoded| {
        let v = approx(format, d.bits);
        if span > 0.0 {
            10.0 + 280.0 * (v - lo) / span
        } else {
            150.0
        }
    };
    let ticks = near.iter().map(|d| {
        let x = format!("{:.2}", x_of(d));
        let this = d.bits == at;
        html! { <line class={classes!("tick", this.then_some("this-float"))} x1={x.clone()} x2={x} y1={if this { "4" } else { "10" }} y2="30" /> }
    });
    html! {
        <svg class="float-number-line" viewBox="0 0 300 40" role="img" aria-label="the neighbouring floats drawn to scale">
            <line class="axis" x1="0" x2="300" y1="30" y2="30" />
            { for ticks }
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct SpecialsProps {
    pub format: Format,
    /// The pattern shown, whose button is marked.
    pub shown: u64,
    pub dispatch: Callback<Action>,
}

/// The special values one click away.
#[function_component(SpecialsCard)]
pub(super) fn specials_card(props: &SpecialsProps) -> Html {
    let format = props.format;
    let buttons = specials(format).into_iter().map(|(name, bits)| {
        let on = bits == props.shown;
        let onclick = props.dispatch.reform(move |_: MouseEvent| Action::Show { format, bits });
        html! {
            <button type="button" class={classes!("tab", on.then_some("active"))} aria-pressed={on.to_string()} data-special={name} {onclick}>{ name }</button>
        }
    });
    html! {
        <div class="card float-specials-card">
            <h3>{ format!("Special values of {}", format.name) }</h3>
            <div class="float-specials">{ for buttons }</div>
        </div>
    }
}

/// Whether `a + b` equals `c` once each is rounded, and why not.
#[function_component(SumCard)]
pub(super) fn sum_card(props: &SumProps) -> Html {
    let s = &props.state;
    let Ok((equal, trace)) = explain_sum(s.format, &s.a, &s.b, &s.c) else {
        return html! {};
    };
    let verdict = if equal { "==" } else { "!=" };
    let steps = trace.steps.iter().map(|step| {
        html! {
            <li><strong>{ step.label.clone() }</strong>{ " " }<code>{ step.value.hex() }</code>
                if !step.note.is_empty() { <div class="note">{ step.note.clone() }</div> }</li>
        }
    });
    html! {
        <div class="card float-sum-card">
            <h3>{ format!("{} + {} {verdict} {} in {}", s.a, s.b, s.c, s.format.name) }</h3>
            <ol class="float-why">{ for steps }</ol>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct SumProps {
    pub state: FloatState,
}

/// Whether a state shows the sum card: an addition with something to
/// compare it with.
pub(super) fn shows_sum(s: &FloatState) -> bool {
    s.mode == FloatMode::Op && s.op == Op::Add && !s.c.trim().is_empty()
}

/// Both magic constants' largest relative error over every positive
/// normal binary32 (the library's sweep of one pair of binades, about
/// 2 × 16.8 million evaluations, computed once per mount).
#[function_component(InvSqrtErrorsCard)]
pub(super) fn inv_sqrt_errors_card() -> Html {
    use crate::bits::float::tricks::{max_relative_error, LOMONT_MAGIC, QUAKE_MAGIC};
    let rows = use_memo((), |_| {
        [QUAKE_MAGIC, LOMONT_MAGIC].map(|magic| (magic, max_relative_error(magic)))
    });
    let row = |(magic, (error, at)): &(u32, (f64, u32))| {
        html! {
            <tr data-magic={format!("{magic:#x}")}>
                <th scope="row"><code>{ format!("{magic:#x}") }</code></th>
                <td class="num inv-sqrt-max">{ format!("{:.6}%", error * 100.0) }</td>
                <td><code>{ format!("{at:#010x}") }</code>{ format!(" = {}", f32::from_bits(*at)) }</td>
            </tr>
        }
    };
    html! {
        <div class="card float-inv-sqrt-card">
            <h3>{ "The largest error over every positive float" }</h3>
            <p class="note">{ "After one Newton step, over every positive normal binary32 (the error repeats every two binades, so one pair is swept):" }</p>
            <table class="data">
                <thead><tr><th>{ "constant" }</th><th>{ "largest relative error" }</th><th>{ "at x" }</th></tr></thead>
                <tbody>{ for rows.iter().map(row) }</tbody>
            </table>
        </div>
    }
}
