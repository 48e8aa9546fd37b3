//! SWAR: lane-wise add, sub and average inside one register, every
//! sub-expression stepped, each lane checked against plain per-lane
//! arithmetic, and the naive whole-word operation with its leaked lanes.
//!
//! URL state: `op` (`add` | `sub` | `avg`), `width` (32 | 64), `lanes`
//! (2 | 4 | 8 | 16), `x`, `y` (hex), `step`.

use super::PanelProps;
use crate::bits::swar::{lane_reference, lanes_signed, lanes_unsigned, trace, SwarOp};
use crate::bits::trace::Outcome;
use crate::bits::word::{lane_high_bits, lane_low_bits, mask, parse_number, Word};
use crate::ui::components::{BitRow, NumberInput, StepPlayer};
use std::rc::Rc;
use yew::prelude::*;

const OPS: [(SwarOp, &str, &str); 3] = [
    (SwarOp::Add, "add", "((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)"),
    (SwarOp::Sub, "sub", "((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)"),
    (SwarOp::Average, "avg", "(x & y) + (((x ^ y) & ~L) >> 1)"),
];

#[function_component(SwarPanel)]
pub fn swar_panel(props: &PanelProps) -> Html {
    let p = &props.params;
    let (op, _, formula) = OPS
        .iter()
        .copied()
        .find(|(_, k, _)| Some(*k) == p.get("op"))
        .unwrap_or(OPS[0]);
    let width = match p.get("width") {
        Some("64") => 64,
        _ => 32,
    };
    let lane_bits = p
        .get("lanes")
        .and_then(|l| l.parse::<u32>().ok())
        .filter(|l| matches!(l, 2 | 4 | 8 | 16))
        .unwrap_or(4);
    let read = |key: &str, default: u64| {
        p.get(key)
            .and_then(|t| parse_number(&format!("0x{t}"), width).ok())
            .unwrap_or(default & mask(width))
    };
    let x = read("x", 0x7a5c_3f18_9e2d_6b41);
    let y = read("y", 0x28f3_4c61_57ba_9d0e);
    let step = p.usize_or("step", 0);
    let traced = use_memo(
        (op, width, lane_bits, x, y),
        |&(op, width, lane_bits, x, y)| trace(op, width, lane_bits, x, y).map(Rc::new),
    );

    let set = |key: &'static str| {
        props.update(move |p, v: u64| p.with(key, format!("{v:x}")).without("step"))
    };
    let toggle = |key: &'static str, value: u64| {
        let set = set(key);
        Callback::from(move |bit: u32| set.emit(value ^ (1u64 << bit)))
    };
    let choose = |key: &'static str, value: String| {
        props.update(move |p, _: MouseEvent| p.with(key, value.clone()).without("step"))
    };
    let on_step = props.update(move |p, s: usize| p.with("step", s.to_string()));

    let trace = match &*traced {
        Ok(t) => t.clone(),
        Err(e) => {
            return html! { <section class="panel swar"><p class="error-box">{ e.to_string() }</p></section> }
        }
    };
    let result = match trace.result {
        Outcome::Word(w) => w,
        _ => Word::new(0, width),
    };
    // The trace's last step is the plain whole-word operation, its leaked
    // lanes highlighted.
    let naive = trace
        .steps
        .last()
        .map(|s| (s.value, s.highlight, s.expr.clone()));
    let lanes = result.lane_count(lane_bits);
    let xs = lanes_unsigned(Word::new(x, width), lane_bits);
    let ys = lanes_unsigned(Word::new(y, width), lane_bits);
    let rs = lanes_unsigned(result, lane_bits);
    let signed = lanes_signed(result, lane_bits);
    let naive_lanes = naive
        .as_ref()
        .map(|(w, _, _)| lanes_unsigned(*w, lane_bits))
        .unwrap_or_default();
    let leak_mask = naive.as_ref().map(|n| n.1).unwrap_or(0);
    let all_ok = (0..lanes as usize).all(|i| rs[i] == lane_reference(op, lane_bits, xs[i], ys[i]));
    let leaked: Vec<u32> = (0..lanes)
        .filter(|i| leak_mask >> (i * lane_bits) & mask(lane_bits) != 0)
        .collect();

    let tab = |active: bool, key: &'static str, value: String, text: String| {
        html! {
            <button type="button" class={classes!("tab", active.then_some("active"))}
                data-choice={format!("{key}={value}")} onclick={choose(key, value)}>{ text }</button>
        }
    };

    html! {
        <section class="panel swar">
            <h2>{ "SWAR: lanes inside one register" }</h2>
            <p class="lede">
                { "SIMD within a register: treat one word as several small lanes and add, subtract or average all of them at once. The trick keeps carries and borrows from crossing into the next lane by handling each lane's top bit (H) or low bit (L) apart." }
            </p>
            <div class="card">
                <div class="tabs">
                    { for OPS.iter().map(|(o, k, _)| tab(*o == op, "op", k.to_string(), format!("{o}"))) }
                    <span class="sep"></span>
                    { for [32u32, 64].iter().map(|w| tab(*w == width, "width", w.to_string(), format!("{w}-bit word"))) }
                    <span class="sep"></span>
                    { for [2u32, 4, 8, 16].iter().map(|l| tab(*l == lane_bits, "lanes", l.to_string(), format!("{l}-bit lanes"))) }
                </div>
                <p class="mono formula">{ format!("z = {formula}") }</p>
                <p class="mono masks">
                    { format!("H = {}   L = {}", Word::new(lane_high_bits(width, lane_bits), width).hex(), Word::new(lane_low_bits(width, lane_bits), width).hex()) }
                </p>
                <NumberInput label="x" name="swar-x" value={x} {width} on_change={set("x")} />
                <BitRow word={Word::new(x, width)} lane_bits={lane_bits} on_toggle={toggle("x", x)} label="x (click the bits)" readouts={false} />
                <NumberInput label="y" name="swar-y" value={y} {width} on_change={set("y")} />
                <BitRow word={Word::new(y, width)} lane_bits={lane_bits} on_toggle={toggle("y", y)} label="y" readouts={false} />
            </div>
            <div class="stack">
                <div class="card">
                    <h3>{ "Each lane, checked" }</h3>
                    <p class={classes!("verdict", if all_ok { "ok" } else { "bad" })}>
                        { if all_ok { format!("all {lanes} lanes equal plain per-lane arithmetic mod 2^{lane_bits}") } else { "a lane differs from the reference".into() } }
                    </p>
                    <div class="table-scroll">
                    <table class="data lanes">
                        <thead><tr>
                            <th>{ "lane" }</th><th>{ "x" }</th><th>{ "y" }</th><th>{ "SWAR" }</th><th>{ "signed" }</th><th>{ "reference" }</th>
                            <th>{ naive.as_ref().map(|n| n.2.clone()).unwrap_or_default() }</th>
                        </tr></thead>
                        <tbody>
                            { for (0..lanes as usize).rev().map(|i| {
                                let reference = lane_reference(op, lane_bits, xs[i], ys[i]);
                                let ok = rs[i] == reference;
                                let leak = leaked.contains(&(i as u32));
                                html! {
                                    <tr class={classes!(leak.then_some("leak"))} data-lane={i.to_string()}>
                                        <td class="num">{ i }</td>
                                        <td class="num">{ xs[i] }</td>
                                        <td class="num">{ ys[i] }</td>
                                        <td class="num swar-lane">{ rs[i] }</td>
                                        <td class="num">{ signed[i] }</td>
                                        <td class={classes!("num", if ok { "ok" } else { "bad" })}>{ format!("{reference} {}", if ok { "✓" } else { "✗" }) }</td>
                                        <td class={classes!("num", leak.then_some("bad"))}>{ naive_lanes.get(i).copied().unwrap_or(0) }{ if leak { " ✗" } else { "" } }</td>
                                    </tr>
                                }
                            }) }
                        </tbody>
                    </table>
                    </div>
                    if let Some((w, hl, expr)) = &naive {
                        <h4>{ format!("naive {expr}") }</h4>
                        <BitRow word={*w} lane_bits={lane_bits} highlight={*hl} readouts={false} />
                        <p class={classes!("leak-note", if leaked.is_empty() { "ok" } else { "bad" })}>
                            { if leaked.is_empty() {
                                "no carry crossed a lane boundary for these inputs: try larger lanes values".to_string()
                              } else {
                                format!("a {} crossed into lane{} {}", if op == SwarOp::Sub { "borrow" } else if op == SwarOp::Average { "bit" } else { "carry" },
                                    if leaked.len() > 1 { "s" } else { "" },
                                    leaked.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", "))
                              } }
                        </p>
                    }
                </div>
                <div class="card">
                    <StepPlayer trace={trace.clone()} {step} {on_step} />
                </div>
            </div>
        </section>
    }
}
