//! GPU perft through WebGPU: the adapter and its limits, the kernel's
//! workgroup memory against them, a run with progress and cancel, and the
//! CPU perft (wasm, in a worker) of the same position beside it; a mismatch
//! is an error. Without WebGPU the panel says so and offers the CPU perft.
//!
//! Below, the memory-versus-speed matrix (`gpu_matrix.rs`) runs every
//! variant on this GPU. A lost device (the browser's watchdog, a driver
//! reset, or the "simulate" button) is said as such, with a retry in smaller
//! dispatches on a new device and the CPU perft.
//!
//! URL state: `ui::state::GpuState` (`fen`, `depth`, `variant`, `wg`,
//! `slider`, `matrix`).

use super::gpu_levels::LevelsChart;
use super::gpu_matrix::GpuMatrix;
use super::PanelProps;
use crate::chess::{FenError, Position, CPW_POSITIONS};
use crate::gpu::breadth_first::hash::mib;
use crate::gpu::layout::{default_workgroup_storage_limit, WORKGROUP_SIZES};
use crate::gpu::matrix::{adapter_key, winner_storage_key};
use crate::gpu::{
    interactive_depths, workgroup_budget, AdapterReport, AttackMethod, Design, GpuError, GpuPerft,
    GpuRun, Kernel, Options, MAX_PLIES, POS_BYTES,
};
use crate::ui::components::{input_value, on_select, PerftRunner};
use crate::ui::dom::{now_ms, stored};
use crate::ui::hooks::{use_select_value, use_worker_job, JobState, UseWorkerJobHandle};
use crate::ui::state::{GpuAction as Action, GpuState, GPU_HASH_SIZES};
use crate::ui::worker::{worker_count, PerftResult, Request};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Clone)]
enum Adapter {
    Probing,
    Ready(Rc<GpuPerft>),
    /// Why, in words, and the browser's or wgpu's own text (behind
    /// "details").
    Missing(String, Option<String>),
}

#[derive(Clone, PartialEq)]
enum RunState {
    Idle,
    Gpu {
        done: u64,
        total: u64,
    },
    Building,
    /// The GPU is done; the CPU check (the `use_worker_job` beside this
    /// state) runs or has finished.
    Cpu {
        gpu: Box<GpuRun>,
        gpu_seconds: f64,
        build_seconds: f64,
    },
    Cancelled,
    Failed(String),
    /// The device went away during the run.
    Lost(String),
}

/// Frontier positions per dispatch when a run is retried after a lost
/// device: short dispatches, well inside any watchdog.
const RETRY_BATCH: u32 = 256;

/// Whether the browser exposes `navigator.gpu` at all.
fn has_navigator_gpu() -> bool {
    web_sys::window()
        .map(|w| {
            js_sys::Reflect::get(&w.navigator(), &"gpu".into())
                .map(|v| !v.is_undefined() && !v.is_null())
                .unwrap_or(false)
        })
        .unwrap_or(false)
}

/// What the browser itself says of its adapter (`GPUAdapter.info`: vendor,
/// architecture, description, and whether it is a fallback adapter), which
/// wgpu's report leaves out on the web.
async fn browser_adapter_info() -> Option<String> {
    use wasm_bindgen_futures::JsFuture;
    let get = |v: &wasm_bindgen::JsValue, k: &str| js_sys::Reflect::get(v, &k.into()).ok();
    let navigator = web_sys::window()?.navigator();
    let gpu = get(&navigator, "gpu")?;
    let request: js_sys::Function = get(&gpu, "requestAdapter")?.into();
    let promise: js_sys::Promise = request.call0(&gpu).ok()?.into();
    let adapter = JsFuture::from(promise).await.ok()?;
    if adapter.is_null() || adapter.is_undefined() {
        return None;
    }
    let info = get(&adapter, "info")?;
    let text = |k: &str| {
        get(&info, k)
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let fallback = get(&info, "isFallbackAdapter")
        .or_else(|| get(&adapter, "isFallbackAdapter"))
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let mut parts: Vec<String> = [
        text("vendor"),
        text("architecture"),
        text("device"),
        text("description"),
    ]
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect();
    if fallback {
        parts.push("(fallback adapter)".into());
    }
    Some(parts.join(" "))
}

fn rate(nodes: u64, seconds: f64) -> String {
    if seconds > 0.0 {
        format!(
            "{:.1} M nodes/s",
            crate::chess::perft::nodes_per_second(nodes, seconds) as f64 / 1e6
        )
    } else {
        "—".into()
    }
}
/// What every card of the panel gets.
type CardProps = super::CardProps<GpuState>;

#[function_component(GpuPanel)]
pub fn gpu_panel(props: &PanelProps) -> Html {
    let settings: GpuState = props.state();
    let dispatch = props.dispatch(&settings);
    let (adapter, browser_info) = use_adapter();

    let report = match &*adapter {
        Adapter::Ready(g) => Some(g.report().clone()),
        _ => None,
    };
    let limit = report
        .as_ref()
        .map(|r| r.max_compute_workgroup_storage_size as u64)
        .unwrap_or_else(default_workgroup_storage_limit);
    let adapter_name: AttrValue = match (&report, &*browser_info) {
        (Some(r), _) if !r.name.is_empty() => r.name.clone().into(),
        (_, Some(info)) if !info.is_empty() => info.clone().into(),
        _ => "this GPU".into(),
    };
    // A link that names no slider method takes the one that won this
    // adapter's last matrix here (gpu_matrix.rs keeps it).
    {
        let (dispatch, named) = (dispatch.clone(), props.params.get("slider").is_some());
        let key = report.as_ref().map(adapter_key);
        use_effect_with(key, move |key| {
            let won = key
                .as_ref()
                .and_then(|k| stored(&winner_storage_key(k)))
                .and_then(|name| AttackMethod::from_name(&name));
            if let (false, Some(slider)) = (named, won) {
                dispatch.emit(Action::SetSlider(slider));
            }
        });
    }
    // A run that found the device lost goes on on a new one: the adapter's.
    let on_device = {
        let adapter = adapter.clone();
        Callback::from(move |g: Rc<GpuPerft>| adapter.set(Adapter::Ready(g)))
    };
    let card = CardProps {
        state: settings.clone(),
        dispatch: dispatch.clone(),
    };
    html! {
        <PanelFrame panel={Panel::Gpu} lede={format!("WGSL kernels walk the move tree on the GPU. Depth-first, each invocation searches one position, keeping its {POS_BYTES}-byte position and a move stack of one u32 per ply (each move carries its own undo information) in workgroup memory, the fast on-chip memory a workgroup shares, or in private memory. Breadth-first, the GPU expands the tree level by level in global memory and counts the last two plies fused. Slider attacks come from Kogge-Stone fills, magic tables or hyperbola quintessence.")}>
            <div class="cols even">
                { adapter_card(&adapter, browser_info.as_ref()) }
                { budget_card(limit, settings.workgroup_size) }
            </div>
            if let Adapter::Ready(gpu) = &*adapter {
                <RunCard card={card} gpu={gpu.clone()} {on_device} />
                <GpuMatrix gpu={gpu.clone()} size={settings.matrix} on_size={dispatch.reform(Action::SetMatrixSize)}
                    adapter={adapter_name} software={gpu.report().software} />
            } else {
                { cpu_card(&card) }
            }
        </PanelFrame>
    }
}

/// The adapter, asked for once when the panel mounts, and what the browser
/// itself says of it.
#[hook]
fn use_adapter() -> (UseStateHandle<Adapter>, UseStateHandle<Option<String>>) {
    let adapter = use_state(|| Adapter::Probing);
    let browser_info = use_state(|| None::<String>);
    {
        let adapter = adapter.clone();
        let browser_info = browser_info.clone();
        use_effect_with((), move |_| {
            if !has_navigator_gpu() {
                adapter.set(Adapter::Missing(
                    "This browser has no WebGPU: navigator.gpu is missing (Chromium needs a GPU, or --enable-unsafe-webgpu for its software adapter).".into(),
                    None,
                ));
            } else {
                wasm_bindgen_futures::spawn_local(async move {
                    browser_info.set(browser_adapter_info().await);
                    match GpuPerft::new().await {
                        Ok(g) => adapter.set(Adapter::Ready(Rc::new(g))),
                        Err(e) => adapter.set(Adapter::Missing(
                            "This browser has WebGPU, but it gave no GPU adapter to this page: the GPU may be blocked, missing, or turned off in the browser's settings.".into(),
                            Some(e.to_string()),
                        )),
                    }
                });
            }
        });
    }
    (adapter, browser_info)
}

/// The Adapter card: asking, missing (and why), or the adapter's report.
fn adapter_card(adapter: &Adapter, browser_info: Option<&String>) -> Html {
    let body = match adapter {
        Adapter::Probing => {
            html! { <p class="muted">{ "Asking the browser for a WebGPU adapter…" }</p> }
        }
        Adapter::Missing(why, detail) => html! {
            <div class="no-webgpu">
                <p class="error-box" role="alert">{ why.clone() }</p>
                if let Some(d) = detail {
                    <details class="no-webgpu-detail"><summary>{ "details" }</summary><p class="mono">{ d.clone() }</p></details>
                }
                <p>{ "The CPU perft below runs the same count in WebAssembly." }</p>
            </div>
        },
        Adapter::Ready(gpu) => adapter_table(gpu.report(), browser_info),
    };
    html! {
        <div class="card">
            <h3>{ "Adapter" }</h3>
            { body }
        </div>
    }
}

/// The adapter's name (or the browser's words for it) and its limits.
fn adapter_table(r: &AdapterReport, browser_info: Option<&String>) -> Html {
    html! {
        <table class="data adapter">
            <tbody>
                <tr><th>{ "adapter" }</th><td class="adapter-name">{
                    match (r.name.is_empty(), browser_info) {
                        (false, _) => r.name.clone(),
                        (true, Some(info)) if !info.is_empty() => info.clone(),
                        _ => "(the browser gives no name)".to_string(),
                    }
                }</td></tr>
                <tr><th>{ "backend" }</th><td>{ r.backend.clone() }</td></tr>
                <tr><th>{ "device type" }</th><td>{ r.device_type.clone() }</td></tr>
                <tr><th>{ "driver" }</th><td>{ format!("{} {}", r.driver, r.driver_info) }</td></tr>
                <tr><th>{ "maxComputeWorkgroupStorageSize" }</th><td class="num adapter-limit">{ r.max_compute_workgroup_storage_size }</td></tr>
                <tr><th>{ "maxComputeInvocationsPerWorkgroup" }</th><td class="num">{ r.max_compute_invocations_per_workgroup }</td></tr>
                <tr><th>{ "maxStorageBufferBindingSize" }</th><td class="num">{ r.max_storage_buffer_binding_size }</td></tr>
            </tbody>
        </table>
    }
}

/// The "Workgroup memory of the kernel" card: each workgroup size's memory
/// against the adapter's `limit`, the one asked for (`wanted_wg`) marked.
fn budget_card(limit: u64, wanted_wg: u32) -> Html {
    html! {
        <div class="card">
            <h3>{ "Workgroup memory of the kernel" }</h3>
            <table class="data budget-gpu">
                <thead><tr><th>{ "invocations" }</th><th>{ "positions B" }</th><th>{ "move stacks B" }</th><th>{ "total B" }</th><th>{ format!("vs {limit} B") }</th></tr></thead>
                <tbody>{ for WORKGROUP_SIZES.map(|wg| budget_row(wg, limit, wanted_wg)) }</tbody>
            </table>
            <p class="muted">{ format!("Sizes from the kernel's own declarations (each var<workgroup> array rounded up to 16 bytes). The private variant keeps both in per-invocation memory: 0 B of workgroup memory. A workgroup size whose memory does not fit is halved until it does.") }</p>
        </div>
    }
}

/// One workgroup size's row of the budget table.
fn budget_row(wg: u32, limit: u64, wanted_wg: u32) -> Html {
    let kernel = workgroup_budget(Design {
        threads: wg,
        plies: MAX_PLIES,
        ..Design::SEED
    })
    .kernel;
    let wg_bytes = kernel.total;
    let fits = kernel.fits(limit);
    html! {
        <tr class={classes!(if fits { "ok" } else { "bad" }, (wg == wanted_wg).then_some("chosen"))}>
            <td class="num">{ wg }</td>
            <td class="num">{ format!("{wg} × {} = {}", kernel.position_bytes, kernel.positions) }</td>
            <td class="num">{ format!("{wg} × {} × {MAX_PLIES} = {}", kernel.move_bytes, kernel.stacks) }</td>
            <td class="num">{ wg_bytes }</td>
            <td>{ if fits { "fits" } else { "too big: shrinks" } }</td>
        </tr>
    }
}

/// Without an adapter (yet): the CPU perft of the same position.
fn cpu_card(card: &CardProps) -> Html {
    let CardProps { state, dispatch } = card;
    let position = Position::from_fen(&state.fen);
    let depth = state.depth;
    html! {
        <div class="card">
            <h3>{ "CPU perft (WebAssembly)" }</h3>
            if let Ok(pos) = &position {
                <PerftRunner fen={pos.to_fen()} {depth} on_depth={dispatch.reform(Action::SetDepth)} />
            }
        </div>
    }
}

/// The Run card's props: the card's, the adapter's device, and how to hand
/// the adapter a new device when a run finds this one lost.
#[derive(Properties, Clone)]
struct RunCardProps {
    card: CardProps,
    gpu: Rc<GpuPerft>,
    on_device: Callback<Rc<GpuPerft>>,
}

impl PartialEq for RunCardProps {
    fn eq(&self, other: &Self) -> bool {
        self.card == other.card
            && Rc::ptr_eq(&self.gpu, &other.gpu)
            && self.on_device == other.on_device
    }
}

/// The Run card: the position and the kernel's settings, run, cancel and
/// "lose the device", and the run's progress or result.
#[function_component(RunCard)]
fn run_card(props: &RunCardProps) -> Html {
    let CardProps {
        state: settings,
        dispatch,
    } = &props.card;
    let position = Position::from_fen(&settings.fen);
    let state = use_state(|| RunState::Idle);
    let cancel_flag: Rc<RefCell<bool>> = use_mut_ref(|| false);
    let cpu = use_worker_job::<PerftResult>();
    let preset = CPW_POSITIONS
        .iter()
        .find(|(_, f)| *f == settings.fen)
        .map(|(_, f)| f.to_string())
        .unwrap_or_default();
    let preset_ref = use_select_value(preset.clone());

    let start_run = start_run(Runner {
        state: state.clone(),
        cancel: cancel_flag.clone(),
        cpu: cpu.clone(),
        gpu: props.gpu.clone(),
        on_device: props.on_device.clone(),
        settings: settings.clone(),
    });
    let run = start_run.reform(|_: MouseEvent| None);
    let retry = start_run.reform(|_: MouseEvent| Some(RETRY_BATCH));
    // What a browser's watchdog does to a dispatch that runs too long.
    let lose_device = {
        let gpu = props.gpu.clone();
        Callback::from(move |_: MouseEvent| gpu.destroy())
    };
    let cancel = cancel_callback(&state, &cancel_flag, &cpu);
    let running = match *state {
        RunState::Building | RunState::Gpu { .. } => true,
        RunState::Cpu { .. } => matches!(*cpu, JobState::Idle | JobState::Running(_)),
        _ => false,
    };
    let on_cpu_depth = dispatch.reform(Action::SetDepth);
    let depth = settings.depth;
    let result = run_result(&state, &cpu, |why| {
        lost_box(why, retry, &position, depth, on_cpu_depth)
    });
    html! {
        <div class="card">
            <h3>{ "Run" }</h3>
            { fen_row(&settings.fen, dispatch, &preset, preset_ref) }
            if let Err(e) = &position {
                <p class="error-box fen-error" role="alert">{ e.to_string() }</p>
            }
            <div class="row">
                { run_selects(settings, dispatch, running) }
                <button type="button" class="primary gpu-run" onclick={run} disabled={running || position.is_err()}>{ "run on the GPU" }</button>
                <button type="button" class="gpu-cancel" onclick={cancel} disabled={!running}>{ "cancel" }</button>
                <button type="button" class="linkish gpu-lose" onclick={lose_device} disabled={!running}
                    title="destroy the device now, as a browser's watchdog would">{ "simulate a lost device" }</button>
            </div>
            { result }
        </div>
    }
}

/// Cancel: the GPU stops at its next progress report; a CPU check that runs
/// is cancelled, and the run with it.
fn cancel_callback(
    state: &UseStateHandle<RunState>,
    cancel: &Rc<RefCell<bool>>,
    cpu: &UseWorkerJobHandle<PerftResult>,
) -> Callback<MouseEvent> {
    let (state, cancel, cpu) = (state.clone(), cancel.clone(), cpu.clone());
    Callback::from(move |_: MouseEvent| {
        *cancel.borrow_mut() = true;
        if cpu.is_active() {
            cpu.cancel();
            state.set(RunState::Cancelled);
        }
    })
}

/// The FEN to run, typed or one of the presets.
fn fen_row(fen: &str, dispatch: &Callback<Action>, preset: &str, preset_ref: NodeRef) -> Html {
    let on_fen = dispatch.reform(|e: InputEvent| Action::SetFen(input_value(&e)));
    html! {
        <div class="row fen-row">
            <label class="grow">{ "FEN" }
                <input type="text" id="gpu-fen" class="fen-input" value={fen.to_string()} oninput={on_fen} spellcheck="false" />
            </label>
            <label>{ "preset " }
                <select class="preset" onchange={on_select(dispatch, |v| Some(Action::SetFen(v.to_string())))} ref={preset_ref}>
                    <option value="" selected={preset.is_empty()}>{ "—" }</option>
                    { for CPW_POSITIONS.iter().map(|(n, f)| html! { <option value={*f} selected={*f == fen}>{ *n }</option> }) }
                </select>
            </label>
        </div>
    }
}

/// The run's settings: depth, memory variant, sliders and workgroup size
/// (none of them changes while a run goes on).
fn run_selects(settings: &GpuState, dispatch: &Callback<Action>, running: bool) -> Html {
    let GpuState {
        depth,
        variant,
        workgroup_size: wanted_wg,
        slider,
        ..
    } = *settings;
    html! {
        <>
            <label>{ "depth " }
                <select class="gpu-depth" onchange={on_select(dispatch, |v| v.parse().ok().map(Action::SetDepth))} disabled={running}>
                    { for interactive_depths().map(|d| html! { <option value={d.to_string()} selected={d == depth}>{ d }</option> }) }
                </select>
            </label>
            <label>{ "memory " }
                <select class="gpu-variant" onchange={on_select(dispatch, |v| Kernel::ALL.into_iter().find(|x| x.name() == v).map(Action::SetVariant))} disabled={running}>
                    <option value="workgroup" selected={variant == Kernel::Workgroup}>{ "workgroup (shared)" }</option>
                    <option value="private" selected={variant == Kernel::Private}>{ "private (per invocation)" }</option>
                    <option value="breadth-first" selected={variant == Kernel::BreadthFirst}>{ "breadth-first (level by level)" }</option>
                </select>
            </label>
            <label>{ "sliders " }
                <select class="gpu-slider" onchange={on_select(dispatch, |v| AttackMethod::from_name(v).map(Action::SetSlider))} disabled={running}>
                    { for AttackMethod::ALL.into_iter().map(|x| html! { <option value={x.name()} selected={x == slider}>{ x.name() }</option> }) }
                </select>
            </label>
            <label>{ "workgroup size " }
                <select class="gpu-wg" onchange={on_select(dispatch, |v| v.parse().ok().map(Action::SetWorkgroupSize))} disabled={running}>
                    { for WORKGROUP_SIZES.iter().map(|w| html! { <option value={w.to_string()} selected={*w == wanted_wg}>{ w }</option> }) }
                </select>
            </label>
            <label class="check" title="breadth-first only: equal positions of a level kept once, with the number of paths to them">
                <input type="checkbox" class="gpu-merge" checked={settings.merge}
                    disabled={running || variant != Kernel::BreadthFirst}
                    onchange={dispatch.reform(|e: Event| {
                        let el: web_sys::HtmlInputElement = e.target_unchecked_into();
                        Action::SetMerge(el.checked())
                    })} />
                { " merge transpositions" }
            </label>
            <label class="check" title="merged: the last level before the leaves counted unmerged, each child looked up first in a table of two-ply counts (its size: the hash table's, or from the level)">
                <input type="checkbox" class="gpu-leaf-table" checked={settings.leaf_table}
                    disabled={running || variant != Kernel::BreadthFirst || !settings.merge}
                    onchange={dispatch.reform(|e: Event| {
                        let el: web_sys::HtmlInputElement = e.target_unchecked_into();
                        Action::SetLeafTable(el.checked())
                    })} />
                { " leaf level through a table" }
            </label>
            <label title="breadth-first: the counts two plies from the leaves, kept by position (merged: for the leaf level counted unmerged, when its parts are too many)">{ "hash table " }
                <select class="gpu-hash" onchange={on_select(dispatch, |v| v.parse().ok().map(Action::SetHash))}
                    disabled={running || variant != Kernel::BreadthFirst}>
                    { for GPU_HASH_SIZES.iter().map(|&h| html! {
                        <option value={h.to_string()} selected={h == settings.hash_mb}>{ if h == 0 { "none".to_string() } else { format!("{h} MiB") } }</option>
                    }) }
                </select>
            </label>
        </>
    }
}

/// What a run needs: the handles it drives, the device, and the settings it
/// runs with.
#[derive(Clone)]
struct Runner {
    state: UseStateHandle<RunState>,
    cancel: Rc<RefCell<bool>>,
    cpu: UseWorkerJobHandle<PerftResult>,
    gpu: Rc<GpuPerft>,
    on_device: Callback<Rc<GpuPerft>>,
    settings: GpuState,
}

/// A run, on a fresh device when the last one was lost; `batch` caps the
/// frontier positions per dispatch (None: the host picks).
fn start_run(runner: Runner) -> Callback<Option<u32>> {
    Callback::from(move |batch: Option<u32>| {
        *runner.cancel.borrow_mut() = false;
        runner.cpu.reset();
        runner.state.set(RunState::Building);
        wasm_bindgen_futures::spawn_local(runner.clone().run(batch));
    })
}

/// How a failed GPU run is said.
fn failed(e: GpuError) -> RunState {
    match e {
        GpuError::Cancelled => RunState::Cancelled,
        GpuError::DeviceLost(why) => RunState::Lost(why),
        e => RunState::Failed(e.to_string()),
    }
}

impl Runner {
    /// The device to run on: this one, or a new one (the adapter's from now
    /// on) when this one was lost.
    async fn device(&self) -> Result<Rc<GpuPerft>, String> {
        if !self.gpu.is_lost() {
            return Ok(self.gpu.clone());
        }
        let g = Rc::new(GpuPerft::new().await.map_err(|e| e.to_string())?);
        self.on_device.emit(g.clone());
        Ok(g)
    }

    /// The GPU count (after a build run outside the timing), then the same
    /// count on the CPU to check it.
    async fn run(self, batch: Option<u32>) {
        let state = self.state.clone();
        let gpu = match self.device().await {
            Ok(g) => g,
            Err(e) => return state.set(RunState::Failed(e)),
        };
        let GpuState {
            fen,
            depth,
            variant,
            workgroup_size,
            slider,
            hash_mb,
            merge,
            leaf_table,
            ..
        } = self.settings;
        let breadth_first = variant == Kernel::BreadthFirst;
        let options = Options {
            variant,
            slider,
            workgroup_size,
            batch_size: batch,
            // (merged, the table is the unmerged leaf level's)
            hash_bytes: if breadth_first { mib(hash_mb) } else { 0 },
            leaf_table: merge && leaf_table,
            leaf_parts: (merge && leaf_table).then_some(0),
            merge: merge && breadth_first,
            ..Options::default()
        };
        let root = match Position::from_fen(&fen) {
            Ok(p) => p,
            Err(e) => return state.set(failed(GpuError::BadPosition(e.to_string()))),
        };
        // the pipeline is built outside the timing
        let build_start = now_ms();
        if let Err(e) = gpu.warm_up(&root, depth, &options).await {
            return state.set(failed(e));
        }
        let build_seconds = (now_ms() - build_start) / 1000.0;
        state.set(RunState::Gpu { done: 0, total: 0 });
        let start = now_ms();
        let progress_state = state.clone();
        let progress_cancel = self.cancel.clone();
        let result = gpu
            .run(&root, depth, &options, move |done, total| {
                progress_state.set(RunState::Gpu { done, total });
                !*progress_cancel.borrow()
            })
            .await;
        let gpu_seconds = (now_ms() - start) / 1000.0;
        let gpu_run = match result {
            Ok(r) => Box::new(r),
            Err(e) => return state.set(failed(e)),
        };
        // The same count on the CPU (wasm, in a worker), to check.
        state.set(RunState::Cpu {
            gpu: gpu_run,
            gpu_seconds,
            build_seconds,
        });
        self.cpu
            .start_on(&Request::perft(fen, depth), worker_count());
    }
}

/// The run's progress or result; `lost` says a lost device.
fn run_result(
    state: &RunState,
    cpu: &JobState<PerftResult>,
    lost: impl FnOnce(&str) -> Html,
) -> Html {
    match state {
        RunState::Idle => html! {},
        RunState::Gpu { done, total } => html! {
            <div>
                <progress class="gpu-progress" max={(*total).max(1).to_string()} value={done.to_string()}></progress>
                <p class="stats">{ format!("GPU: {done} / {total} frontier positions") }</p>
            </div>
        },
        RunState::Building => html! { <p class="muted">{ "building the kernel's pipeline…" }</p> },
        RunState::Cpu {
            gpu,
            gpu_seconds,
            build_seconds,
        } => cpu_check(gpu, *gpu_seconds, *build_seconds, cpu),
        RunState::Cancelled => html! { <p class="muted gpu-cancelled">{ "Cancelled." }</p> },
        RunState::Failed(e) => {
            html! { <p class="error-box gpu-error" role="alert">{ e.clone() }</p> }
        }
        RunState::Lost(why) => lost(why),
    }
}

/// The GPU is done: the CPU check, running or done.
fn cpu_check(
    gpu: &GpuRun,
    gpu_seconds: f64,
    build_seconds: f64,
    cpu: &JobState<PerftResult>,
) -> Html {
    match cpu {
        JobState::Idle | JobState::Running(_) => html! {
            <div>
                <p class="stats">{ format!("GPU: {} nodes in {gpu_seconds:.3} s", gpu.nodes) }</p>
                <p class="muted">{ "checking on the CPU (wasm worker)…" }</p>
            </div>
        },
        JobState::Cancelled => html! { <p class="muted gpu-cancelled">{ "Cancelled." }</p> },
        JobState::Failed(e) => {
            html! { <p class="error-box gpu-error" role="alert">{ format!("CPU check: {e}") }</p> }
        }
        JobState::Done(cpu_result) => gpu_result(gpu, gpu_seconds, build_seconds, cpu_result),
    }
}

/// Both counts side by side, how the GPU split the work, and whether they
/// agree.
fn gpu_result(
    gpu: &GpuRun,
    gpu_seconds: f64,
    build_seconds: f64,
    cpu_result: &PerftResult,
) -> Html {
    let cpu_nodes = &(cpu_result.nodes as u64);
    let cpu_seconds = &cpu_result.seconds;
    let matches = gpu.nodes == *cpu_nodes;
    html! {
        <div class="gpu-result">
            <table class="data">
                <thead><tr><th></th><th>{ "nodes" }</th><th>{ "time" }</th><th>{ "speed" }</th></tr></thead>
                <tbody>
                    <tr><th>{ format!("GPU ({} memory, {} invocations/workgroup)", gpu.variant, gpu.workgroup_size) }</th>
                        <td class="num gpu-nodes">{ gpu.nodes }</td><td class="num gpu-seconds">{ format!("{gpu_seconds:.3} s") }</td><td class="num gpu-nps">{ rate(gpu.nodes, gpu_seconds) }</td></tr>
                    <tr><th>{ "CPU (wasm, Web Worker)" }</th>
                        <td class="num cpu-nodes">{ cpu_nodes }</td><td class="num">{ format!("{cpu_seconds:.3} s") }</td><td class="num">{ rate(*cpu_nodes, *cpu_seconds) }</td></tr>
                </tbody>
            </table>
            <p class="muted">{ format!("The CPU played {} ply(s) to a frontier of {} positions; the GPU searched the last {} ply(s) of each, in {} batches of up to {}; {} B of workgroup memory per workgroup.",
                gpu.split_depth, gpu.positions, gpu.gpu_depth, gpu.batches, gpu.batch_size, gpu.workgroup_bytes) }</p>
            <p class="muted gpu-setup">{ format!("Setup, before the timing: {build_seconds:.2} s (the pipelines built and each kernel dispatched once, on a small run).") }</p>
            <p class="muted gpu-waits">{ format!("The page waited for the GPU {} time(s) (read-backs), in {} submission(s) of {} dispatch(es).",
                gpu.readbacks, gpu.submits, gpu.dispatches) }
                if let Some(k) = gpu.kernel_seconds() {
                    <span class="gpu-kernel-time">{ format!(" Inside the kernels (timestamp queries): {k:.3} s.") }</span>
                }
            </p>
            if gpu.hash_hits + gpu.hash_misses > 0 {
                <p class="muted gpu-hash-counts">{ format!("Hash table: {} of {} positions two plies from the leaves found their count in it ({:.0}%).",
                    gpu.hash_hits, gpu.hash_hits + gpu.hash_misses, 100.0 * gpu.hash_hits as f64 / (gpu.hash_hits + gpu.hash_misses) as f64) }</p>
            }
            if !gpu.levels.is_empty() {
                <LevelsChart levels={gpu.levels.clone()} />
            }
            if matches {
                <p class="ok gpu-match">{ "GPU and CPU agree ✓" }</p>
            } else {
                <p class="error-box gpu-mismatch" role="alert">{ format!("MISMATCH: the GPU counted {} and the CPU {} — the kernel is wrong for this position.", gpu.nodes, cpu_nodes) }</p>
            }
        </div>
    }
}

/// A lost device: why, a retry in smaller dispatches on a new device, and
/// the CPU perft.
fn lost_box(
    why: &str,
    retry: Callback<MouseEvent>,
    position: &Result<Position, FenError>,
    depth: u32,
    on_cpu_depth: Callback<u32>,
) -> Html {
    html! {
        <div class="gpu-lost">
            <p class="error-box" role="alert">{ format!("The GPU device was lost: {why}. A browser takes the device away when one dispatch runs for seconds; nothing counted on it is kept.") }</p>
            <div class="row">
                <button type="button" class="primary gpu-retry" onclick={retry}>{ format!("retry on a new device, {RETRY_BATCH} positions per dispatch") }</button>
            </div>
            <p>{ "Or count on the CPU (WebAssembly, in a worker):" }</p>
            if let Ok(pos) = &position {
                <PerftRunner fen={pos.to_fen()} {depth} on_depth={on_cpu_depth} />
            }
        </div>
    }
}

pub use super::gpu_mini::mini;
