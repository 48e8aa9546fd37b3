//! Signed nibbles: the 16-row two's complement table, sign extension
//! `(x ^ 8) - 8` and negation stepped on a chosen nibble.
//!
//! URL state: `x` (the nibble, hex), `op` (`sign-extend` | `negate`), `step`.

use super::PanelProps;
use crate::bits::nibble::{negate_trace, sign_extend_trace, signed_table};
use crate::bits::word::{parse_number, Word};
use crate::ui::components::{BitRow, NumberInput, StepPlayer};
use yew::prelude::*;

#[derive(Clone, Copy, PartialEq)]
enum Op {
    SignExtend,
    Negate,
}

impl Op {
    fn from_param(p: Option<&str>) -> Op {
        match p {
            Some("negate") => Op::Negate,
            _ => Op::SignExtend,
        }
    }
    fn param(self) -> &'static str {
        match self {
            Op::SignExtend => "sign-extend",
            Op::Negate => "negate",
        }
    }
    fn title(self) -> &'static str {
        match self {
            Op::SignExtend => "sign extension (x ^ 8) - 8",
            Op::Negate => "negation (~x + 1) & 15",
        }
    }
}

#[function_component(NibblesPanel)]
pub fn nibbles_panel(props: &PanelProps) -> Html {
    let params = &props.params;
    let x = params
        .get("x")
        .and_then(|t| parse_number(t, 4).ok())
        .unwrap_or(0xb) as u8;
    let op = Op::from_param(params.get("op"));
    let step = params.usize_or("step", 0);
    let trace = use_memo((x, op), |&(x, op)| match op {
        Op::SignExtend => sign_extend_trace(x),
        Op::Negate => negate_trace(x),
    });
    let table = use_memo((), |_| signed_table());

    // Choosing a new nibble or operation starts the steps again.
    let set_x = props.update(move |p, v: u64| p.with("x", format!("{v:x}")).without("step"));
    let toggle_bit = {
        let set_x = set_x.clone();
        Callback::from(move |bit: u32| set_x.emit((x ^ (1 << bit)) as u64 & 15))
    };
    let set_op =
        |o: Op| props.update(move |p, _: MouseEvent| p.with("op", o.param()).without("step"));
    let on_step = props.update(move |p, s: usize| p.with("step", s.to_string()));

    let rows = table.iter().map(|row| {
        let chosen = row.nibble == x;
        let set_x = set_x.clone();
        let v = row.nibble as u64;
        html! {
            <tr class={classes!(chosen.then_some("chosen"), (row.signed < 0).then_some("neg"))}
                data-nibble={row.hex()} onclick={Callback::from(move |_| set_x.emit(v))}>
                <td class="mono">
                    <span class="signbit">{ &row.binary()[..1] }</span>{ &row.binary()[1..] }{ "B" }
                </td>
                <td class="mono">{ row.hex() }</td>
                <td class="num">{ row.unsigned }</td>
                <td class="num signed">{ row.signed }</td>
            </tr>
        }
    });

    html! {
        <section class="panel nibbles">
            <h2>{ "Signed nibbles" }</h2>
            <p class="lede">
                { "A nibble is four bits, one hex digit. Read as two's complement, bit 3 is the sign bit: it weighs −8 instead of +8, so 1011B is −8 + 2 + 1 = −5. Click a row, a bit, or type a value." }
            </p>
            <div class="cols">
                <div class="card table-card">
                    <h3>{ "The 16 nibbles" }</h3>
                    <table class="nibble-table">
                        <thead><tr><th>{ "binary" }</th><th>{ "hex" }</th><th>{ "unsigned" }</th><th>{ "signed" }</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
                <div class="card">
                    <h3>{ "Your nibble" }</h3>
                    <NumberInput label="x" name="nibble-x" value={x as u64} width={4} on_change={set_x} />
                    <BitRow word={Word::new(x as u64, 4)} highlight={0b1000u64} on_toggle={toggle_bit} label="x" />
                    <div class="tabs" role="tablist">
                        { for [Op::SignExtend, Op::Negate].into_iter().map(|o| html! {
                            <button type="button" role="tab" aria-selected={(o == op).to_string()}
                                class={classes!("tab", (o == op).then_some("active"))}
                                data-op={o.param()} onclick={set_op(o)}>{ o.title() }</button>
                        }) }
                    </div>
                    <StepPlayer trace={trace.clone()} step={step} {on_step} />
                </div>
            </div>
        </section>
    }
}
