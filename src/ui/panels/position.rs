//! Position: the compact 5-bitboard chess position, its derived piece sets,
//! what each layout costs, the move encoding, the GPU design's shared-memory
//! budget, CPU perft in a Web Worker, a perft suite on the worker pool
//! (`position_suite`) and a divide against another engine's, descending
//! ply by ply (`position_compare`).
//!
//! URL state: `ui::state::PositionState` (`fen`, `depth`, `mv`, `path`,
//! and the budget inputs `threads`, `pos`, `plies`, `move`).

pub use super::minis::position as mini;
use super::position_compare::CompareCard;
use super::position_suite::SuiteCard;
use super::PanelProps;
use crate::bits::word::Word;
use crate::chess::compare::descend;
use crate::chess::teach::why_five;
use crate::chess::{
    castling_string, Color, Move, Position, Setup, Square, CPW_POSITIONS, MOVE_FIELDS,
};
use crate::gpu::layout::{layout_costs, reference_limits, workgroup_budget, Design};
use crate::gpu::packed::{pack, FIELDS, POS_WORDS};
use crate::gpu::teach::corrections as blog_corrections;
use crate::ui::components::{
    input_value, notes, panel_link, select_value, why, BitGrid, BitRow, PerftRunner,
};
use crate::ui::hooks::use_select_value;
use crate::ui::state::{
    BudgetField, GpuState, PositionAction as Action, PositionState, GPU_WORKGROUP_SIZES,
};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

fn glyph(c: char) -> &'static str {
    match c {
        'K' => "♔",
        'Q' => "♕",
        'R' => "♖",
        'B' => "♗",
        'N' => "♘",
        'P' => "♙",
        'k' => "♚",
        'q' => "♛",
        'r' => "♜",
        'b' => "♝",
        'n' => "♞",
        'p' => "♟",
        _ => "",
    }
}

/// Piece glyphs per square, a1 first.
fn piece_marks(pos: &Position) -> Rc<Vec<String>> {
    Rc::new(
        (0..64u8)
            .map(|i| {
                Square::new(i)
                    .and_then(|sq| pos.piece_at(sq))
                    .map(|p| glyph(p.fen_char()).to_string())
                    .unwrap_or_default()
            })
            .collect(),
    )
}

#[function_component(PositionPanel)]
pub fn position_panel(props: &PanelProps) -> Html {
    let state: PositionState = props.state();
    let dispatch = props.dispatch(&state);
    // The URL may carry a broken FEN (typed by hand) or a path that is not
    // legal from it: say why, and show the start (or the path's root).
    let (root, url_error) = match Setup::from_fen(&state.fen) {
        Ok(s) => (s, None),
        Err(e) => (
            Setup::from_fen(CPW_POSITIONS[0].1).expect("the start position reads"),
            Some(format!(
                "the link's FEN is wrong ({e}); showing the start position"
            )),
        ),
    };
    let (setup, path_error) = match descend(&root, &state.path) {
        Ok(s) => (s, None),
        Err(e) => (
            root,
            Some(format!("the link's path: {e}; showing its root")),
        ),
    };
    let position = setup.position;
    let errors: Vec<String> = url_error.into_iter().chain(path_error).collect();
    let warnings = crate::chess::material::material_warnings(&position);
    html! {
        <PanelFrame panel={Panel::Position} lede={"Five bitboards — w (white), P (pawns), N (knights), B (bishops and queens), R (rooks and queens) — plus the two king squares hold a whole position in 42 bytes. Every piece set comes out of them with a few ands."}>
            <FenCard fen={state.fen.clone()} set_fen={dispatch.reform(Action::SetFen)} {errors} />
            if !warnings.is_empty() {
                <div class="card warning fen-warnings" role="note">
                    <p>{ "This position reads, but no game reaches it (perft counts it all the same, as Stockfish does):" }</p>
                    <ul>{ for warnings.iter().map(|w| html! { <li class="fen-warning">{ w.clone() }</li> }) }</ul>
                </div>
            }
            <BoardCards {position} />
            <DerivedCard {position} />
            <div class="cols even">
                <SizeTable position={position} />
                <BudgetCalculator state={state.clone()} dispatch={dispatch.clone()} />
            </div>
            <MoveLayout position={position} mv={state.mv.clone()} on_move={dispatch.reform(Action::SetMove)} />
            <div class="card">
                <h3>{ "Perft (CPU, in a Web Worker)" }</h3>
                <PerftRunner fen={setup.to_fen()} depth={state.depth} on_depth={dispatch.reform(Action::SetDepth)} />
            </div>
            <CompareCard {setup} state={state.clone()} dispatch={dispatch.clone()} />
            <SuiteCard open={dispatch.reform(Action::SetFen)} />
        </PanelFrame>
    }
}

#[derive(Properties, PartialEq)]
struct FenCardProps {
    /// The state's (root) FEN.
    fen: String,
    set_fen: Callback<String>,
    /// The link's own problems (a bad FEN, a bad path).
    errors: Vec<String>,
}

/// The FEN field and the presets; a bad FEN shows its error and changes
/// nothing.
#[function_component(FenCard)]
fn fen_card(props: &FenCardProps) -> Html {
    let fen = props.fen.clone();
    let parsed = Position::from_fen(&fen);
    let fen_text = use_state(|| fen.clone());
    let fen_error = use_state(|| None::<String>);
    {
        let fen_text = fen_text.clone();
        let fen_error = fen_error.clone();
        use_effect_with(fen.clone(), move |fen| {
            if Position::from_fen(&fen_text).map(|p| p.to_fen())
                != Position::from_fen(fen).map(|p| p.to_fen())
            {
                fen_text.set(fen.clone());
                fen_error.set(None);
            }
        });
    }
    let set_fen = props.set_fen.clone();
    let on_fen_input = {
        let fen_text = fen_text.clone();
        let fen_error = fen_error.clone();
        let set_fen = set_fen.clone();
        Callback::from(move |e: InputEvent| {
            let text = input_value(&e);
            match Position::from_fen(&text) {
                Ok(_) => {
                    fen_error.set(None);
                    set_fen.emit(text.trim().to_string());
                }
                Err(err) => fen_error.set(Some(err.to_string())),
            }
            fen_text.set(text);
        })
    };
    let on_preset = Callback::from(move |e: Event| {
        let name = select_value(&e);
        if let Some((_, f)) = CPW_POSITIONS.iter().find(|(n, _)| *n == name) {
            set_fen.emit(f.to_string());
        }
    });
    let preset_name = CPW_POSITIONS
        .iter()
        .find(|(_, f)| Position::from_fen(f).ok() == parsed.as_ref().ok().copied())
        .map(|(n, _)| *n)
        .unwrap_or("");
    let preset_ref = use_select_value(preset_name.to_string());
    html! {
        <div class="card">
            <div class="row fen-row">
                <label class="grow">{ "FEN" }
                    <input type="text" id="fen" class="fen-input" spellcheck="false" autocomplete="off"
                        value={(*fen_text).clone()} oninput={on_fen_input}
                        aria-invalid={fen_error.is_some().to_string()} />
                </label>
                <label>{ "preset " }
                    <select class="preset" onchange={on_preset} ref={preset_ref}>
                        <option value="" selected={preset_name.is_empty()}>{ "—" }</option>
                        { for CPW_POSITIONS.iter().map(|(n, _)| html! {
                            <option value={*n} selected={*n == preset_name}>{ *n }</option>
                        }) }
                    </select>
                </label>
            </div>
            if let Some(e) = &*fen_error {
                <p class="error-box fen-error" role="alert">{ e.clone() }</p>
            }
            { for props.errors.iter().map(|e| html! { <p class="error-box fen-error" role="alert">{ e.clone() }</p> }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct PositionProps {
    position: Position,
}

/// The board with its flags, and the five bitboards beside it.
#[function_component(BoardCards)]
fn board_cards(props: &PositionProps) -> Html {
    let position = props.position;
    let marks = use_memo(position, piece_marks);
    let five = [
        ("w", "white pieces (kings too)", position.white()),
        ("P", "pawns", position.pawns()),
        ("N", "knights", position.knights()),
        ("B", "bishop-likes: bishops and queens", position.bishops()),
        ("R", "rook-likes: rooks and queens", position.rooks()),
    ];
    let ep = position
        .ep_square()
        .map(|s| s.to_string())
        .unwrap_or_else(|| "-".into());
    let kings = format!(
        "white king {}, black king {}",
        position.king_square(Color::White),
        position.king_square(Color::Black)
    );
    html! {
        <div class="cols even">
            <div class="card">
                <h3>{ "Board" }</h3>
                <BitGrid board={position.occupied()} marks={Some((*marks).clone())} label="occupied = P | N | B | R | kings" />
                <p class="stats">
                    <span>{ format!("{} to move", position.side_to_move().name()) }</span>
                    <span>{ format!("castling {}", castling_string(position.castling_rights())) }</span>
                    <span>{ format!("en passant {ep}") }</span>
                </p>
                <p class="muted">{ kings }</p>
            </div>
            <div class="card">
                <h3>{ "The five bitboards" }</h3>
                <div class="grids">
                    { for five.iter().map(|(name, what, bits)| html! {
                        <div class="grid-item" title={*what}>
                            <BitGrid board={*bits} small=true label={format!("{name}: {what}")} />
                        </div>
                    }) }
                </div>
            </div>
        </div>
    }
}

/// The ten derived piece sets and why five bitboards suffice.
#[function_component(DerivedCard)]
fn derived_card(props: &PositionProps) -> Html {
    let derived = props.position.derived_sets();
    html! {
        <div class="card">
            <h3>{ "Ten piece sets, derived" }</h3>
            <div class="grids derived">
                { for derived.iter().map(|d| html! {
                    <div class="grid-item derived-set" data-set={d.name}>
                        <BitGrid board={d.bits} small=true label={format!("{} = {}", d.name, d.formula)} />
                    </div>
                }) }
            </div>
            { why(why_five(&props.position)) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct SizeTableProps {
    position: Position,
}

#[function_component(SizeTable)]
fn size_table(props: &SizeTableProps) -> Html {
    let costs = layout_costs();
    let gpu = pack(&props.position);
    html! {
        <div class="card">
            <h3>{ "What each layout costs" }</h3>
            <table class="data sizes">
                <thead><tr><th>{ "layout" }</th><th>{ "bits" }</th><th>{ "bytes" }</th></tr></thead>
                <tbody>
                    { for costs.iter().map(|c| html! {
                        <tr title={c.how}><td>{ c.name }</td><td class="num">{ c.bits }</td><td class="num">{ c.bytes }</td></tr>
                    }) }
                </tbody>
            </table>
            <p class="muted">{ format!("size_of::<Position>() = {} bytes here: 42 bytes of board, 3 bytes of flags, padded to a multiple of 8.", std::mem::size_of::<Position>()) }</p>
            <h4>{ format!("Packed for the GPU: {POS_WORDS} × u32") }</h4>
            <ol class="gpu-words mono" start="0">
                { for gpu.iter().enumerate().map(|(i, w)| html! {
                    <li title={FIELDS.iter().filter(|f| f.word == i).map(|f| f.name).collect::<Vec<_>>().join(", ")}>{ format!("0x{w:08x}") }</li>
                }) }
            </ol>
        </div>
    }
}

type BudgetProps = super::CardProps<PositionState>;

#[function_component(BudgetCalculator)]
fn budget_calculator(props: &BudgetProps) -> Html {
    let threads = props.state.budget(BudgetField::Threads);
    let pos_bytes = props.state.budget(BudgetField::PositionBytes);
    let plies = props.state.budget(BudgetField::Plies);
    let move_bytes = props.state.budget(BudgetField::MoveBytes);
    let breakdown = workgroup_budget(Design {
        threads,
        plies,
        position_bytes: pos_bytes,
        move_bytes,
    });
    let budget = breakdown.seed;
    // The same position in the GPU panel, at this thread count when it offers it.
    let gpu = GpuState {
        fen: props.state.fen.clone(),
        depth: props.state.depth.clamp(
            *crate::gpu::interactive_depths().start(),
            *crate::gpu::interactive_depths().end(),
        ),
        workgroup_size: if GPU_WORKGROUP_SIZES.contains(&threads) {
            threads
        } else {
            crate::gpu::DEFAULT_WORKGROUP_SIZE
        },
        ..GpuState::default()
    };
    let field = |f: BudgetField| {
        html! { <BudgetInput field={f} value={props.state.budget(f)} dispatch={props.dispatch.clone()} /> }
    };
    let verdict = |limit: u64| {
        let fits = budget.fits(limit);
        let spare = budget.spare(limit);
        html! {
            <tr class={if fits { "ok" } else { "bad" }}>
                <td>{ format!("{} KB", limit / 1024) }</td>
                <td class="num">{ format!("{:.1}%", budget.percent_of(limit)) }</td>
                <td>{ if fits { format!("fits, {spare} B to spare") } else { format!("over by {} B", -spare) } }</td>
            </tr>
        }
    };
    html! {
        <div class="card budget">
            <h3>{ "Shared-memory budget of the GPU design" }</h3>
            <div class="row">
                { for BudgetField::ALL.into_iter().map(field) }
            </div>
            <p class="mono budget-sum">
                { format!("{threads} × {pos_bytes} B = {} B positions", budget.positions) }<br/>
                { format!("{threads} × {move_bytes} B × {plies} plies = {} B move stacks", budget.stacks) }<br/>
                <strong class="budget-total">{ format!("{} B = {:.1} KB in all", budget.total, budget.total as f64 / 1024.0) }</strong>
            </p>
            <p class="muted budget-kernel">{ format!(
                "The kernel itself declares {} B for {threads} invocations and {plies} plies: {} B of positions ({} B each: 11 whole u32, the king squares sharing a word with the flags) + {} B of move stacks, each array rounded up to 16 B.",
                breakdown.kernel.total, breakdown.kernel.positions, breakdown.kernel.position_bytes, breakdown.kernel.stacks) }</p>
            <table class="data">
                <tbody>{ for reference_limits().map(|(limit, _)| verdict(limit)) }</tbody>
            </table>
            { notes(&blog_corrections(), &["position"]) }
            { panel_link(&gpu, format!("this position on the GPU: the kernel's real workgroup memory for {} invocations", gpu.workgroup_size)) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct MoveLayoutProps {
    position: Position,
    /// The chosen move in UCI (the first legal move when none or illegal).
    mv: Option<String>,
    on_move: Callback<String>,
}

/// Colours of the move's fields, in MOVE_FIELDS order.
const FIELD_COLORS: [&str; 8] = [
    "#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777",
];

#[function_component(MoveLayout)]
fn move_layout(props: &MoveLayoutProps) -> Html {
    let moves: Vec<Move> = props.position.legal_moves().iter().copied().collect();
    let chosen = props
        .mv
        .as_deref()
        .and_then(|uci| moves.iter().find(|m| m.to_uci() == uci).copied())
        .or_else(|| moves.first().copied());
    let on_move = props.on_move.reform(|e: Event| select_value(&e));
    let Some(mv) = chosen else {
        return html! {
            <div class="card"><h3>{ "Move encoding" }</h3><p>{ "No legal moves: checkmate or stalemate." }</p></div>
        };
    };
    let fields = mv.fields();
    html! {
        <div class="card move-layout">
            <h3>{ "One move = one u32, with everything needed to undo it" }</h3>
            <label>{ format!("{} legal moves: ", moves.len()) }
                <select class="move-select" onchange={on_move}>
                    { for moves.iter().map(|m| html! {
                        <option value={m.to_uci()} selected={*m == mv}>{ m.to_uci() }</option>
                    }) }
                </select>
            </label>
            <BitRow word={Word::new(mv.raw() as u64, 32)} label={format!("move {} = 0x{:08x}", mv.to_uci(), mv.raw())}
                fields={Some(Rc::new(MOVE_FIELDS.iter().zip(FIELD_COLORS).map(|(f, c)| (f.1, f.2, AttrValue::from(c))).collect::<Vec<_>>()))} />
            <table class="data move-fields">
                <thead><tr><th>{ "field" }</th><th>{ "bits" }</th><th>{ "value" }</th><th>{ "means" }</th></tr></thead>
                <tbody>
                    { for fields.iter().zip(FIELD_COLORS).map(|((name, shift, bits, value), color)| html! {
                        <tr>
                            <td><span class="swatch" style={format!("background:{color}")}></span>{ *name }</td>
                            <td class="num">{ format!("{}–{}", shift, shift + bits - 1) }</td>
                            <td class="num">{ value }</td>
                            <td>{ field_meaning(mv, name, *value) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            <p class="muted">{ format!("{} fields, {} bits used of 32.", MOVE_FIELDS.len(), MOVE_FIELDS.iter().map(|f| f.2).sum::<u32>()) }</p>
            { notes(&blog_corrections(), &["move"]) }
        </div>
    }
}

fn field_meaning(mv: Move, name: &str, value: u32) -> String {
    use crate::chess::{PieceKind, Special};
    let kind = |c: u32| {
        PieceKind::from_code(c)
            .map_or("none", |k| k.name())
            .to_string()
    };
    match name {
        "from" | "to" => Square::from_index_masked(value).to_string(),
        "captured" | "piece" => kind(value),
        "special" => Special::from_code(value)
            .map_or("?", |s| s.name())
            .to_string(),
        "promotion" => match mv.promotion() {
            Some(k) => k.name().to_string(),
            None => "— (not a promotion)".into(),
        },
        "castling before" => castling_string(value as u8),
        "en passant before" => {
            if value & 8 != 0 {
                format!("file {}", (b'a' + (value & 7) as u8) as char)
            } else {
                "none".into()
            }
        }
        _ => String::new(),
    }
}

#[derive(Properties, PartialEq)]
struct BudgetInputProps {
    field: BudgetField,
    value: u32,
    dispatch: Callback<Action>,
}

/// One budget field: a value in its range goes to the state (and the
/// link); one outside it is marked invalid with the range, and the state
/// keeps the last good value.
#[function_component(BudgetInput)]
fn budget_input(props: &BudgetInputProps) -> Html {
    let bad = use_state(|| false);
    let (f, range) = (props.field, BudgetField::RANGE);
    let oninput = {
        let (dispatch, bad) = (props.dispatch.clone(), bad.clone());
        Callback::from(
            move |e: InputEvent| match input_value(&e).trim().parse::<u32>() {
                Ok(v) if BudgetField::RANGE.contains(&v) => {
                    bad.set(false);
                    dispatch.emit(Action::SetBudget(f, v));
                }
                _ => bad.set(true),
            },
        )
    };
    let id = format!("budget-{}", f.key());
    html! {
        <label class={classes!("budget-field", bad.then_some("invalid"))} for={id.clone()}>{ f.label() }
            <input {id} type="number" min={range.start().to_string()} max={range.end().to_string()} data-budget={f.key()}
                value={props.value.to_string()} {oninput} aria-invalid={bad.to_string()} />
            if *bad {
                <span class="error" role="alert">{ format!("{} to {}: the budget keeps {}", range.start(), range.end(), props.value) }</span>
            }
        </label>
    }
}
