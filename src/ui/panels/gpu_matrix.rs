//! The memory-versus-speed experiment on the user's own GPU: every variant
//! of `gpu::matrix` (kernel x slider method x workgroup size) counts the
//! start position and Kiwipete, each count checked against the CPU perft;
//! a table, a chart of nodes/s against memory per invocation, and the
//! answer in words, with the numbers measured there and then.

use super::gpu_chart::MatrixChart;
use super::gpu_rows::{fastest, MatrixRow};
use crate::gpu::matrix::{
    adapter_key, matrix_cases, winner_storage_key, MatrixSize, MatrixVariant, Winners,
};
use crate::gpu::measure::{measure_matrix, variant_speeds, MatrixEvent, MatrixHost};
use crate::gpu::{GpuError, GpuPerft, Kernel};
use crate::ui::components::select_value;
use crate::ui::dom::{next_task, now_ms, store};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Clone, Debug, PartialEq)]
enum Status {
    Idle,
    Running {
        done: usize,
        total: usize,
        now: String,
    },
    Done {
        seconds: f64,
    },
    Cancelled,
    Lost(String),
}

#[derive(Properties, Clone)]
pub struct GpuMatrixProps {
    pub gpu: Rc<GpuPerft>,
    pub size: MatrixSize,
    pub on_size: Callback<MatrixSize>,
    /// The adapter's name, for the answer's text.
    pub adapter: AttrValue,
    /// A software adapter (SwiftShader, a fallback adapter): its
    /// "workgroup memory" is ordinary memory.
    pub software: bool,
}

impl PartialEq for GpuMatrixProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.gpu, &other.gpu)
            && self.size == other.size
            && self.on_size == other.on_size
            && self.adapter == other.adapter
            && self.software == other.software
    }
}

/// The matrix on the page: the browser's clock, a task between steps (the
/// page repaints, the cancel button is heard), rows and status as they come.
struct Page {
    rows: UseStateHandle<Vec<MatrixRow>>,
    status: UseStateHandle<Status>,
    cancel: Rc<RefCell<bool>>,
    done: usize,
    total: usize,
}

impl Page {
    fn running(&self, now: String) {
        self.status.set(Status::Running {
            done: self.done,
            total: self.total,
            now,
        });
    }
}

impl MatrixHost for Page {
    fn now(&self) -> f64 {
        now_ms() / 1000.0
    }

    async fn pause(&mut self) {
        next_task().await
    }

    fn go_on(&self) -> bool {
        !*self.cancel.borrow()
    }

    fn event(&mut self, event: MatrixEvent<'_>) {
        match event {
            MatrixEvent::Cpu(case) => {
                self.running(format!("the CPU perft of {} {}", case.name, case.depth))
            }
            MatrixEvent::WarmUp(case, v) | MatrixEvent::Timing(case, v) => {
                self.running(format!("{} on {} {}", v.name(), case.name, case.depth))
            }
            MatrixEvent::Rows(all) => {
                let settled: Vec<MatrixRow> = all.iter().filter(|r| r.settled()).cloned().collect();
                if settled.len() != self.done {
                    self.done = settled.len();
                    self.rows.set(settled);
                }
            }
            _ => {}
        }
    }
}

/// Runs every variant on every case, one round, rows shown as they come.
async fn run_matrix(
    gpu: Rc<GpuPerft>,
    size: MatrixSize,
    rows: UseStateHandle<Vec<MatrixRow>>,
    status: UseStateHandle<Status>,
    cancel: Rc<RefCell<bool>>,
) {
    let cases = matrix_cases(size.depth_offset());
    let total = MatrixVariant::all().len() * cases.len();
    let start = now_ms();
    let mut page = Page {
        rows,
        status: status.clone(),
        cancel,
        done: 0,
        total,
    };
    status.set(match measure_matrix(&gpu, &cases, 1, &mut page).await {
        Ok(rows) => {
            // the panel's default slider method on this adapter from now on
            let key = adapter_key(gpu.report());
            if let Some(slider) = Winners::default().record(&key, &variant_speeds(&rows)) {
                store(&winner_storage_key(&key), slider.name());
            }
            Status::Done {
                seconds: (now_ms() - start) / 1000.0,
            }
        }
        Err(GpuError::DeviceLost(why)) => Status::Lost(why),
        Err(_) => Status::Cancelled,
    });
}

/// The answer in words: the winner per position, and what the memory
/// bought, from the rows.
fn answer(rows: &[MatrixRow], adapter: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut positions: Vec<&str> = rows.iter().map(|r| r.position).collect();
    positions.dedup();
    for p in positions {
        let of = |pred: &dyn Fn(&MatrixRow) -> bool| {
            fastest(rows.iter().filter(|r| pred(r)), p).map(|(v, x)| (v.name(), x))
        };
        let Some((best, best_nps)) = of(&|_| true) else {
            continue;
        };
        let kernel_best = |k: Kernel| of(&move |r: &MatrixRow| r.variant.kernel == k);
        let mut line = format!(
            "{p}: on {adapter}, {best} wins with {:.1} M nodes/s.",
            best_nps / 1e6
        );
        // each kernel's share of one workgroup's memory, at 64 invocations
        let workgroup_bytes = |kernel| {
            MatrixVariant {
                kernel,
                slider: crate::gpu::AttackMethod::KoggeStone,
                workgroup_size: 64,
            }
            .bytes_per_invocation()
        };
        let private_bytes = crate::gpu::layout::private_bytes;
        if let (Some((_, shared)), Some((_, private))) =
            (kernel_best(Kernel::Workgroup), kernel_best(Kernel::Private))
        {
            line += &format!(
                " The position and move stack in workgroup (shared) memory, {} B per invocation, give at best {:.1} M nodes/s; the same {} B in private memory {:.1} M nodes/s (shared is {:.2}x private).",
                workgroup_bytes(Kernel::Workgroup),
                shared / 1e6,
                private_bytes(Kernel::Private),
                private / 1e6,
                shared / private
            );
        }
        if let Some((_, bfs)) = kernel_best(Kernel::BreadthFirst) {
            line += &format!(
                " Breadth-first, with {} B of workgroup memory and {} B of private memory per invocation and every position in global memory, gives at best {:.1} M nodes/s.",
                workgroup_bytes(Kernel::BreadthFirst),
                private_bytes(Kernel::BreadthFirst),
                bfs / 1e6
            );
        }
        lines.push(line);
    }
    lines
}

#[function_component(GpuMatrix)]
pub fn gpu_matrix(props: &GpuMatrixProps) -> Html {
    let rows = use_state(Vec::<MatrixRow>::new);
    let status = use_state(|| Status::Idle);
    let cancel = use_mut_ref(|| false);
    let running = matches!(*status, Status::Running { .. });
    let run = {
        let (gpu, size) = (props.gpu.clone(), props.size);
        let (rows, status, cancel) = (rows.clone(), status.clone(), cancel.clone());
        Callback::from(move |_: MouseEvent| {
            *cancel.borrow_mut() = false;
            rows.set(Vec::new());
            let args = (gpu.clone(), rows.clone(), status.clone(), cancel.clone());
            wasm_bindgen_futures::spawn_local(async move {
                run_matrix(args.0, size, args.1, args.2, args.3).await
            });
        })
    };
    let stop = {
        let cancel = cancel.clone();
        Callback::from(move |_: MouseEvent| *cancel.borrow_mut() = true)
    };
    let on_size = props
        .on_size
        .reform(|e: Event| MatrixSize::from_name(&select_value(&e)).unwrap_or_default());
    let depths = matrix_cases(props.size.depth_offset());
    // the fastest variant per position, to mark its row
    let won_on = |position: &str| fastest(rows.iter(), position).map(|(v, _)| v);

    html! {
        <div class="card gpu-matrix">
            <h3>{ "Memory versus speed, measured here" }</h3>
            <p class="lede">{ "How small must a position be to fit the GPU's shared memory, and what does that cost in speed? Every variant below counts the same positions on this GPU: the kernel (search depth-first with the stack in workgroup memory or in private memory, or breadth-first with each level in global memory) × how it computes slider attacks (Kogge-Stone fills, magic tables, hyperbola quintessence) × the workgroup size." }</p>
            <div class="row">
                <label>{ "depths " }
                    <select class="matrix-size" onchange={on_size} disabled={running}>
                        { for MatrixSize::ALL.into_iter().map(|s| {
                            let [a, b] = matrix_cases(s.depth_offset());
                            html! { <option value={s.name()} selected={s == props.size}>{ format!("{}: {} {}, {} {}", s.name(), a.name, a.depth, b.name, b.depth) }</option> }
                        }) }
                    </select>
                </label>
                <button type="button" class="primary matrix-run" onclick={run} disabled={running}>{ format!("run all {} variants", MatrixVariant::all().len()) }</button>
                <button type="button" class="matrix-cancel" onclick={stop} disabled={!running}>{ "cancel" }</button>
            </div>
            { match &*status {
                Status::Idle => html! { <p class="muted">{ format!("Counts {} {} and {} {} with each variant, checked against the CPU perft; the pipeline of each is built before its clock starts.", depths[0].name, depths[0].depth, depths[1].name, depths[1].depth) }</p> },
                Status::Running { done, total, now } => html! {
                    <div><progress class="matrix-progress" max={total.to_string()} value={done.to_string()}></progress>
                    <p class="stats">{ format!("{done} / {total}: {now}") }</p></div>
                },
                Status::Done { seconds } => html! { <p class="stats matrix-done">{ format!("{} rows in {seconds:.1} s", rows.len()) }</p> },
                Status::Cancelled => html! { <p class="muted matrix-cancelled">{ "Cancelled." }</p> },
                Status::Lost(why) => html! { <p class="error-box matrix-lost" role="alert">{ format!("The GPU device was lost during the matrix ({why}). Reload the page to get a new device; a smaller depth keeps each dispatch shorter.") }</p> },
            } }
            if !rows.is_empty() {
                <MatrixChart rows={(*rows).clone()} />
                <div class="matrix-answer">
                    { for answer(&rows, &props.adapter).into_iter().map(|l| html! { <p class="answer">{ l }</p> }) }
                    if props.software {
                        <p class="muted software-note">{ "This is a software adapter: it runs the kernels on the CPU, where workgroup memory is ordinary memory, so these numbers show how much work each variant does, not what on-chip memory buys. On a real GPU the same button answers the question." }</p>
                    }
                </div>
                <div class="scroll">
                <table class="data matrix-table">
                    <thead><tr>
                        <th>{ "variant" }</th><th>{ "position" }</th><th>{ "nodes" }</th><th>{ "s" }</th><th>{ "M nodes/s" }</th>
                        <th>{ "workgroup B" }</th><th>{ "B / invocation" }</th><th>{ "global B / position" }</th><th>{ "dispatches" }</th><th>{ "check" }</th>
                    </tr></thead>
                    <tbody>
                        { for rows.iter().map(|r| {
                            let v = &r.variant;
                            let won = won_on(r.position) == Some(*v);
                            let common = html! { <>
                                <td class="variant-name">{ v.name() }</td><td>{ format!("{} {}", r.position, r.depth) }</td>
                            </> };
                            let memory = html! { <>
                                <td class="num">{ v.workgroup_bytes() }</td><td class="num">{ v.bytes_per_invocation() }</td><td class="num">{ v.global_bytes_per_position() }</td>
                            </> };
                            match (&r.best, &r.error) {
                                (Some(m), None) => html! {
                                    <tr class={classes!("measured", won.then_some("winner"), (!m.correct).then_some("bad"))}>
                                        { common }<td class="num matrix-nodes">{ m.run.nodes }</td><td class="num">{ format!("{:.3}", m.seconds) }</td>
                                        <td class="num matrix-nps">{ format!("{:.1}", m.nps() / 1e6) }</td>{ memory }<td class="num">{ m.run.dispatches }</td>
                                        <td>{ if m.correct { "✓" } else { "WRONG" } }</td>
                                    </tr>
                                },
                                (_, why) => html! {
                                    <tr class="skipped">{ common }<td colspan="3" class="muted">{ why.as_ref().map(ToString::to_string).unwrap_or_default() }</td>{ memory }<td></td><td></td></tr>
                                },
                            }
                        }) }
                    </tbody>
                </table>
                </div>
            }
        </div>
    }
}
