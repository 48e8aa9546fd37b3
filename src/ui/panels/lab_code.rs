//! The Lab's C code mode: a C snippet (`lang::c`), its function and
//! parameters, the return value in bits, and every statement stepped: the
//! listing with the current line, the loop's iteration, the variables with
//! the bits the step changed, and the step's sub-expressions (zoom in).
//!
//! URL state: `ui::state::CodeState` inside `LabState` (`mode=c`). A parse
//! or run error (undefined behaviour included) shows its line with a caret
//! under the column; the last valid run stays on screen meanwhile.

use super::lab_code_compare::CodeCompareCard;
use super::CardProps;
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask as word_mask, Word};
use crate::ui::components::{
    caret_error, data_table, input_value, link_list, select_value, tab_stop, BitRow, StepPlayer,
};
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::route::{Panel, Route};
use crate::ui::state::{
    CodeAction, CodeState, LabAction as Action, LabMode, LabState, PanelState, SynthState,
    C_PRESETS, LAST_STEP,
};
use crate::ui::worker::{
    CError, CProblem, CRun, CRunDone, CStepView as CStep, CValueView, CVarView, Request,
};
use std::rc::Rc;
use yew::prelude::*;

/// A run to show: the function, its parameters and the trace.
#[derive(PartialEq)]
pub(super) struct Shown {
    /// The source it ran (the listing).
    pub src: String,
    /// Whether the listing is the source laid out one statement a line.
    pub laid_out: bool,
    pub functions: Vec<String>,
    pub name: String,
    pub params: Vec<(String, String)>,
    pub run: CRun,
    /// The steps as the step player draws them.
    pub trace: Rc<Trace>,
    /// The error the run stopped at (no value then: its steps end there).
    pub stopped: Option<CError>,
}

/// Why there is no run: the C (with its line and column) or an argument.
pub(super) type Problem = CProblem;

/// The worker's answer as the panel shows it: a run, or its problem.
fn shown(done: &CRunDone) -> Result<Rc<Shown>, Problem> {
    let stopped = match (&done.problem, &done.run) {
        (Some(CProblem::C(e)), Some(_)) => Some(e.clone()),
        (Some(p), _) => return Err(p.clone()),
        (None, _) => None,
    };
    let Some(run) = done.run.clone() else {
        return Err(CProblem::Arg {
            name: String::new(),
            message: "no function to run".into(),
        });
    };
    // a float, or an integer past i64 (unsigned long), as its bits
    let result = match &run.value {
        None => Outcome::Number(0),
        Some(v) => v
            .decimal
            .parse()
            .map_or_else(|_| Outcome::Word(v.word()), Outcome::Number),
    };
    let mut trace = Trace::new("c", done.name.clone(), result);
    trace.steps = run.steps.iter().map(player_step).collect();
    Ok(Rc::new(Shown {
        src: done.src.clone(),
        laid_out: done.laid_out,
        functions: done.functions.clone(),
        name: done.name.clone(),
        params: done.params.clone(),
        run,
        trace: Rc::new(trace),
        stopped,
    }))
}

/// A C step as the step player shows it: its line, loop iteration, text
/// and value.
fn player_step(s: &CStep) -> Step {
    let value = s.value.as_ref().map_or(Word::new(0, 32), |v| v.word());
    let mut label = format!("line {}", s.line);
    if let Some(i) = s.iteration {
        label.push_str(&format!(", iteration {i}"));
    }
    let mut step = Step::new(label, s.text.clone(), value);
    step.note = s.warnings.join("; ");
    step
}

#[function_component(CodeLab)]
pub(super) fn code_lab(props: &CardProps<LabState>) -> Html {
    let s = &props.state;
    let job = use_worker_job::<CRunDone>();
    let ask = (s.code.src.clone(), s.code.func.clone(), s.code.args.clone());
    {
        let job = job.clone();
        use_effect_with(ask, move |(src, func, args)| {
            job.start(&Request::RunC {
                src: src.clone(),
                func: func.clone(),
                args: args.clone(),
            });
        });
    }
    let last_ok = use_mut_ref(|| None::<Rc<Shown>>);
    let last_problem = use_mut_ref(|| None::<Problem>);
    if let JobState::Done(done) = &*job {
        match shown(done) {
            Ok(run) => {
                // a run that stopped replaces the last one: its steps, no result
                *last_problem.borrow_mut() = run.stopped.clone().map(Problem::C);
                *last_ok.borrow_mut() = Some(run);
            }
            Err(p) => *last_problem.borrow_mut() = Some(p),
        }
    }
    let shown = last_ok.borrow().clone();
    let problem = last_problem.borrow().clone();
    let code_dispatch = props.dispatch.reform(Action::Code);
    let on_step = props.dispatch.reform(Action::Step);
    // (busy until the worker's answer for this code: the parameters'
    // fields and the steps come with it)
    let busy = matches!(&*job, JobState::Idle | JobState::Running(_));
    // the source no longer reads: the last valid run is drawn greyed, named
    // by its function, so its arguments and steps are not taken for this code's
    let stale = shown
        .as_ref()
        .filter(|sh| problem.is_some() && sh.stopped.is_none())
        .map(|sh| sh.name.clone());
    html! {
        <div class="cols" aria-busy={busy.to_string()}>
            <div class="card code-card">
                <h3>{ "C code" }</h3>
                { source_field(&s.code, problem.as_ref(), &code_dispatch) }
                if let Some(sh) = &shown {
                    <div class={classes!("c-call", stale.is_some().then_some("stale-run"))}>
                        { call_fields(&s.code, sh, problem.as_ref(), &code_dispatch) }
                    </div>
                }
                { c_presets_view(s) }
            </div>
            <div class="lab-side">
                <CodeCompareCard state={s.clone()} dispatch={props.dispatch.clone()} />
                <div class="card code-steps">
                    <h3>{ "Steps" }</h3>
                    if let Some(sh) = &shown {
                        if let Some(name) = &stale {
                            <p class="muted stale" data-function={name.clone()}>{ format!("The source above does not read: greyed below, the last valid run, of `{name}`.") }</p>
                        }
                        <div class={classes!("c-run", stale.is_some().then_some("stale-run"))}>
                            { return_view(sh) }
                            <CodeSteps shown={sh.clone()} step={s.step} {on_step} />
                        </div>
                    }
                </div>
                { shorter_link(&s.code) }
            </div>
        </div>
    }
}

/// "find a shorter way": the Shortest program panel searching this code's
/// function (after the steps: no Tab more before their controls).
fn shorter_link(code: &CodeState) -> Html {
    let params = SynthState::link_params(&code.src, code.func.as_deref());
    let href = Route {
        panel: Panel::Shortest,
        params,
    }
    .to_hash();
    html! {
        <p class="card lab-shorter">
            <a class="panel-link" data-link="shortest" {href}>{ "find a shorter way" }</a>
            <span class="muted">{ " the shortest branch-free program equal to this function" }</span>
        </p>
    }
}

/// The source textarea and its error (the line, a caret under the column).
fn source_field(
    code: &CodeState,
    problem: Option<&Problem>,
    dispatch: &Callback<CodeAction>,
) -> Html {
    let oninput = dispatch.reform(|e: InputEvent| {
        let input: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        CodeAction::SetSrc(input.value())
    });
    let error = match problem {
        Some(Problem::C(e)) => Some(c_error_view(&code.src, e)),
        _ => None,
    };
    let lines = code.src.lines().count().clamp(6, 24);
    html! {
        <div class={classes!("expr-field", "code-field", error.is_some().then_some("invalid"))}>
            <label for="lab-src">{ "C source (a function or several; the last is run unless you pick one)" }</label>
            <textarea id="lab-src" name="lab-src" spellcheck="false" autocomplete="off" rows={lines.to_string()}
                value={code.src.clone()} {oninput} aria-invalid={error.is_some().to_string()} />
            { for error }
        </div>
    }
}

/// A C error: its line of the source, a caret under the column, the message.
fn c_error_view(src: &str, e: &CError) -> Html {
    let line = src
        .lines()
        .nth(e.line.saturating_sub(1) as usize)
        .unwrap_or_default();
    html! {
        <div class="c-error" data-line={e.line.to_string()} data-kind={e.kind.name()}>
            { caret_error(line, e.col as usize, e.to_string()) }
        </div>
    }
}

/// The function picker (when the file has several) and one field per parameter.
fn call_fields(
    code: &CodeState,
    sh: &Shown,
    problem: Option<&Problem>,
    dispatch: &Callback<CodeAction>,
) -> Html {
    let picker = (sh.functions.len() > 1).then(|| {
        let onchange = dispatch.reform(|e: Event| CodeAction::SetFn(Some(select_value(&e))));
        html! {
            <div class="field">
                <label for="lab-fn">{ "function" }</label>
                <select id="lab-fn" name="lab-fn" {onchange}>
                    { for sh.functions.iter().map(|f| html! {
                        <option value={f.clone()} selected={*f == sh.name}>{ f.clone() }</option>
                    }) }
                </select>
            </div>
        }
    });
    let params = sh.params.iter().map(|(name, ty)| {
        let n = name.clone();
        let oninput = dispatch.reform(move |e: InputEvent| {
            CodeAction::SetArg(n.clone(), input_value(&e))
        });
        let error = match problem {
            Some(Problem::Arg { name: bad, message }) if bad == name => Some(message.clone()),
            _ => None,
        };
        let id = format!("lab-arg-{name}");
        html! {
            <div class={classes!("field", "c-arg", error.is_some().then_some("invalid"))} data-param={name.clone()}>
                <label for={id.clone()}>{ format!("{name} ({ty})") }</label>
                <input id={id.clone()} name={id} type="text" spellcheck="false" autocomplete="off"
                    value={code.arg(name).to_string()} {oninput} aria-invalid={error.is_some().to_string()} />
                if let Some(m) = error { <p class="error" role="alert">{ m }</p> }
            </div>
        }
    });
    html! { <div class="c-call">{ for picker }{ for params }</div> }
}

/// The return value in bits at the return type's width, and in decimal;
/// or where the run stopped (no value).
fn return_view(sh: &Shown) -> Html {
    if let Some(e) = &sh.stopped {
        return html! {
            <p class="c-return c-stopped error" role="alert" data-line={e.line.to_string()}>
                { format!("The run stopped here, at line {}: {}. No result.", e.line, e.message) }
            </p>
        };
    }
    match &sh.run.value {
        Some(v) => html! {
            <div class="c-return" data-decimal={v.decimal.clone()} data-hex={v.hex.clone()}>
                <BitRow word={v.word()} label="return" />
                <p class="c-return-text">{ format!("{}() returns {} {} ({})", sh.name, v.ty, v.decimal, v.hex) }</p>
                { float_fields(v) }
            </div>
        },
        None => {
            html! { <p class="c-return muted">{ format!("{}() returns nothing (void)", sh.name) }</p> }
        }
    }
}

/// A variable's bytes as x86-64 stores them, lowest address first
/// (little-endian): `0x12345678` is `78 56 34 12`.
fn memory(v: &CVarView) -> String {
    match (&v.value, &v.bytes) {
        (_, Some(b)) => b.clone(),
        (Some(x), None) => {
            let n = x.width.max(8).div_ceil(8);
            (0..n)
                .map(|i| format!("{:02x}", (x.bits >> (8 * i)) & 0xff))
                .collect::<Vec<_>>()
                .join(" ")
        }
        (None, None) => String::new(),
    }
}

/// A float's sign, exponent and fraction, its class and exact value.
fn float_fields(v: &CValueView) -> Html {
    match &v.float {
        Some(f) => {
            html! { <p class="c-float-fields" data-class={f.class.clone()}>{ f.text() }</p> }
        }
        None => Html::default(),
    }
}

/// The six C presets, each a link to the Lab with its code.
fn c_presets_view(s: &LabState) -> Html {
    let items = C_PRESETS.iter().enumerate().map(|(i, p)| {
        let state = s
            .clone()
            .apply(Action::Mode(LabMode::C))
            .apply(Action::Code(CodeAction::Preset(i)));
        html! {
            <li data-preset={p.id}>
                <a class="preset c-preset" href={Route::of(&state).to_hash()} tabindex={tab_stop(i == 0)}>{ p.title }</a>
            </li>
        }
    });
    link_list("C presets", items)
}

/// A link to the Lab's code mode on preset `id` (for the panels that
/// explain the tricks).
pub fn c_preset_link(id: &str) -> Option<String> {
    let i = crate::ui::state::CPreset::index(id)?;
    let state = LabState::default()
        .apply(Action::Mode(LabMode::C))
        .apply(Action::Code(CodeAction::Preset(i)));
    Some(Route::of(&state).to_hash())
}

#[derive(Properties, PartialEq)]
struct CodeStepsProps {
    shown: Rc<Shown>,
    step: usize,
    on_step: Callback<usize>,
}

#[function_component(CodeSteps)]
fn code_steps(props: &CodeStepsProps) -> Html {
    let steps = &props.shown.run.steps;
    if steps.is_empty() {
        let why = if props.shown.stopped.is_some() {
            "It stopped before its first step."
        } else {
            "No steps."
        };
        return html! { <p class="muted">{ why }</p> };
    }
    let current = if props.step == LAST_STEP {
        steps.len() - 1
    } else {
        props.step.min(steps.len() - 1)
    };
    let st = &steps[current];
    html! {
        <>
            if props.shown.laid_out {
                <p class="muted c-laid-out">{ "Laid out one statement a line, so that each step has a line of its own:" }</p>
            }
            { listing(&props.shown.src, st.line) }
            <p class="c-statement" data-line={st.line.to_string()}>
                <span class="muted">{ format!("step {} of {}, line {} in {}: ", current + 1, steps.len(), st.line, st.function) }</span>
                <code>{ st.text.clone() }</code>
                if let (Some(i), false) = (st.iteration, loop_test(st)) { <span class="c-iteration">{ format!(" iteration {i}") }</span> }
                if let Some(v) = &st.value { <span class="muted">{ format!(" = {} ({})", v.decimal, v.hex) }</span> }
                if let Some(n) = &st.note { <span class="c-note">{ format!(" — {n}") }</span> }
            </p>
            { for st.warnings.iter().map(|w| html! { <p class="warning c-warning">{ w.clone() }</p> }) }
            { vars_table(st) }
            { zoom_view(st) }
            { run_to_line(steps, current, &props.on_step) }
            <StepPlayer trace={props.shown.trace.clone()} step={current} on_step={props.on_step.clone()} />
        </>
    }
}

/// A loop's test, whose note names the iteration it decides (so the
/// iteration it is counted in is not shown beside it).
fn loop_test(st: &CStep) -> bool {
    matches!(st.kind, crate::lang::c::StepKind::Condition { .. }) && st.note.is_some()
}

/// The source with line numbers, the step's line marked.
fn listing(src: &str, line: u32) -> Html {
    let rows = src.lines().enumerate().map(|(i, text)| {
        let n = i as u32 + 1;
        html! {
            <span class={classes!("c-line", (n == line).then_some("current"))} data-line={n.to_string()}>
                <span class="c-lineno">{ format!("{n:>3} ") }</span>{ text.to_string() }{ "\n" }
            </span>
        }
    });
    html! { <pre class="c-listing">{ for rows }</pre> }
}

/// The variables after the step: name, type, bits (the changed ones
/// marked), decimal.
fn vars_table(st: &CStep) -> Html {
    let rows = st.vars.iter().map(|v| {
        let (bits, decimal) = match &v.value {
            Some(x) => (
                html! { <><BitRow word={x.word()} highlight={v.changed} readouts={false} />{ float_fields(x) }</> },
                x.decimal.clone(),
            ),
            None if v.bytes.is_some() => (
                html! { <code class="c-bytes">{ format!("bytes {}", v.bytes.clone().unwrap_or_default()) }</code> },
                String::new(),
            ),
            None if v.elements > 0 => (html! { <span class="muted">{ format!("{} elements", v.elements) }</span> }, String::new()),
            None => (html! { <span class="muted">{ "not set" }</span> }, String::new()),
        };
        html! {
            <tr data-var={v.name.clone()} class={classes!((v.changed != 0 || v.elements_changed != 0).then_some("changed"))}>
                <td><code>{ v.name.clone() }</code></td>
                <td class="c-type">{ v.ty.clone() }</td>
                <td class="c-bits">{ bits }</td>
                <td class="num c-decimal">{ decimal }</td>
                <td class="c-memory"><code>{ memory(v) }</code></td>
            </tr>
        }
    });
    let head = [
        "variable",
        "type",
        "bits (changed marked)",
        "value",
        "bytes in memory",
    ];
    data_table("lab-steps c-vars", &head, rows)
}

/// Zoom in: the step's sub-expressions, innermost first, and each
/// implicit conversion a row of its own (its bits before and after, the
/// rule), those that change the value marked. "show every conversion"
/// (on) is a plain checkbox: unticked, the stylesheet folds away the
/// conversions that keep the value (no state: it changes only the view).
fn zoom_view(st: &CStep) -> Html {
    if st.exprs.is_empty() {
        return html! {};
    }
    let any = st.exprs.iter().any(|e| e.conversion.is_some());
    html! {
        <details class="c-zoom" open=true>
            <summary>{ "zoom in: the sub-expressions and C's conversions, innermost first" }</summary>
            if any {
                <label class="c-every">
                    <input type="checkbox" checked=true data-local="a view toggle" />
                    { " show every conversion (off: only those that change the value)" }
                </label>
            }
            <div class="table-scroll">
                { data_table("lab-steps c-exprs", &["sub-expression", "type", "hex", "value"], st.exprs.iter().map(expr_row)) }
            </div>
        </details>
    }
}

/// A sub-expression's row, or a conversion's two rows (what, then its bits
/// and rule).
fn expr_row(e: &crate::ui::worker::CExprView) -> Html {
    let Some(c) = &e.conversion else {
        return html! {
            <tr>
                <td><code>{ e.text.clone() }</code></td>
                <td class="c-type">{ e.value.ty.clone() }</td>
                <td class="mono hex">{ e.value.hex.clone() }</td>
                <td class="num">{ e.value.decimal.clone() }</td>
            </tr>
        };
    };
    let (from, to) = (c.before.width, e.value.width);
    // the bits a widening adds, or a narrowing drops
    let added = if to > from {
        word_mask(to) & !word_mask(from)
    } else {
        0
    };
    let dropped = if from > to {
        word_mask(from) & !word_mask(to)
    } else {
        0
    };
    let class = classes!("c-conversion", c.changes.then_some("changes"));
    html! {
        <>
            <tr class={class.clone()} data-why={c.why.name()}>
                <td><code>{ e.text.clone() }</code>{ format!(" → {} ({} in ", e.value.ty, c.why.name()) }<code>{ c.within.clone() }</code>{ ")" }</td>
                <td class="c-type">{ format!("{} → {}", c.before.ty, e.value.ty) }</td>
                <td class="mono hex">{ format!("{} → {}", c.before.hex, e.value.hex) }</td>
                <td class="num">{ format!("{} → {}", c.before.decimal, e.value.decimal) }</td>
            </tr>
            <tr class={classes!(class, "c-conversion-bits")}>
                <td colspan="4">
                    <BitRow word={c.before.word()} label={format!("before, {}", c.before.ty)} highlight={dropped} readouts={false} />
                    <BitRow word={e.value.word()} label={format!("after, {}", e.value.ty)} highlight={added} readouts={false} />
                    <p class="c-rule">{ c.rule.clone() }</p>
                </td>
            </tr>
        </>
    }
}

/// "Run to line": the next step on that line after the current one (or
/// the first one, wrapping around).
fn run_to_line(steps: &[CStep], current: usize, on_step: &Callback<usize>) -> Html {
    let lines: Vec<u32> = steps.iter().map(|s| s.line).collect();
    let on_step = on_step.clone();
    let onchange = Callback::from(move |e: Event| {
        let Ok(line) = input_value(&e).trim().parse::<u32>() else {
            return;
        };
        let next = (current + 1..lines.len())
            .chain(0..=current)
            .find(|&i| lines[i] == line);
        if let Some(i) = next {
            on_step.emit(i);
        }
    });
    html! {
        <div class="field c-run-to">
            <label for="lab-run-to">{ "run to line" }</label>
            <input id="lab-run-to" name="lab-run-to" type="number" min="1" {onchange} data-local="an action: the step goes to the link" />
        </div>
    }
}
