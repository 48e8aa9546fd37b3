//! The matrix as a picture: one chart per position, nodes/s (up) for each
//! variant, in one column per kernel with the memory an invocation keeps
//! (breadth-first: 8 B of workgroup memory and its move sources in private
//! memory; workgroup: 244 B shared; private: 256 B private); inside a
//! column, one slot per slider method x workgroup size. The fastest point is
//! ringed.
//!
//! ```text
//!  M nodes/s
//!   |            o
//!   |   o  o     o  o        o
//!   +-----------------------------
//!   8 B shared +   244 B shared   256 B private
//!   592 B private
//! ```

use super::gpu_rows::{fastest, MatrixRow};
use crate::gpu::matrix::MATRIX_WORKGROUP_SIZES;
use crate::gpu::{AttackMethod, Kernel};
use yew::prelude::*;

const W: f64 = 460.0;
const H: f64 = 230.0;
const LEFT: f64 = 52.0;
const BOTTOM: f64 = 44.0;
const TOP: f64 = 22.0;

/// The columns, by workgroup (shared) memory per invocation (ascending).
const KERNELS: [Kernel; 3] = [Kernel::BreadthFirst, Kernel::Workgroup, Kernel::Private];

#[derive(Properties, PartialEq)]
pub struct MatrixChartProps {
    pub rows: Vec<MatrixRow>,
}

/// A coordinate or tick as SVG text.
fn num(x: f64) -> String {
    x.to_string()
}

/// A round upper bound for the axis: 1, 2 or 5 times a power of ten.
fn nice_max(x: f64) -> f64 {
    if !(x > 0.0 && x.is_finite()) {
        return 1.0;
    }
    // the power of ten at or below x, by steps (no logarithm on the page)
    let mut p = 1.0;
    while p > x {
        p /= 10.0;
    }
    while p * 10.0 <= x {
        p *= 10.0;
    }
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|k| k * p)
        .find(|&m| m >= x)
        .unwrap_or(10.0 * p)
}

/// A column's two label lines: the kernel, and the memory one invocation keeps.
fn column_label(kernel: Kernel, rows: &[MatrixRow]) -> (&'static str, String) {
    let bytes = rows
        .iter()
        .find(|r| r.variant.kernel == kernel)
        .map(|r| r.variant.bytes_per_invocation())
        .unwrap_or(0);
    let private = crate::gpu::layout::private_bytes(kernel);
    let memory = match kernel {
        Kernel::Private => format!("{private} B private"),
        Kernel::Workgroup => format!("{bytes} B shared"),
        Kernel::BreadthFirst => format!("{bytes} B shared + {private} B private"),
    };
    (kernel.name(), memory)
}

fn chart(position: &str, rows: &[&MatrixRow]) -> Html {
    let measured: Vec<(&MatrixRow, f64)> = rows
        .iter()
        .filter_map(|r| r.best.as_ref().map(|m| (*r, m.nps() / 1e6)))
        .filter(|(_, y)| y.is_finite())
        .collect();
    let top = nice_max(measured.iter().map(|p| p.1).fold(0.0, f64::max));
    let best = fastest(rows.iter().copied(), position).map(|(v, _)| v);
    let col_w = (W - LEFT - 8.0) / KERNELS.len() as f64;
    let slots = (AttackMethod::ALL.len() * MATRIX_WORKGROUP_SIZES.len()) as f64;
    let x_of = |r: &MatrixRow| {
        let col = KERNELS
            .iter()
            .position(|k| *k == r.variant.kernel)
            .unwrap_or(0) as f64;
        let s = AttackMethod::ALL
            .iter()
            .position(|s| *s == r.variant.slider)
            .unwrap_or(0);
        let w = MATRIX_WORKGROUP_SIZES
            .iter()
            .position(|w| *w == r.variant.workgroup_size)
            .unwrap_or(0);
        let slot = (s * MATRIX_WORKGROUP_SIZES.len() + w) as f64;
        LEFT + col * col_w + col_w * (slot + 1.0) / (slots + 1.0)
    };
    let y_of = |v: f64| TOP + (H - TOP - BOTTOM) * (1.0 - v / top);
    let all: Vec<MatrixRow> = rows.iter().map(|r| (*r).clone()).collect();
    html! {
        <figure class="matrix-chart">
            <svg viewBox={format!("0 0 {} {}", num(W), num(H))} role="img"
                aria-label={format!("M nodes/s per GPU variant on {position}")}>
                <text x={num(LEFT)} y="13" class="chart-title">{ format!("{position}: M nodes/s") }</text>
                { for [0.0, 0.5, 1.0].into_iter().map(|f| {
                    let y = y_of(top * f);
                    html! { <g class="tick">
                        <line x1={num(LEFT)} x2={num(W - 8.0)} y1={num(y)} y2={num(y)} />
                        <text x={num(LEFT - 6.0)} y={num(y + 4.0)} text-anchor="end">{ num(top * f) }</text>
                    </g> }
                }) }
                { for KERNELS.iter().enumerate().map(|(i, k)| {
                    let x0 = LEFT + i as f64 * col_w;
                    let (name, memory) = column_label(*k, &all);
                    let x = num(x0 + col_w / 2.0);
                    html! { <g class="column">
                        <line x1={num(x0)} x2={num(x0)} y1={num(TOP)} y2={num(H - BOTTOM)} />
                        <text x={x.clone()} y={num(H - BOTTOM + 13.0)} text-anchor="middle">{ name }</text>
                        <text x={x} y={num(H - BOTTOM + 25.0)} text-anchor="middle">{ memory }</text>
                    </g> }
                }) }
                <text x={num(LEFT + (W - LEFT) / 2.0)} y={num(H - 6.0)} text-anchor="middle" class="axis-label">
                    { "kernel · memory per invocation" }</text>
                { for measured.iter().map(|(r, y)| {
                    let (cx, cy) = (x_of(r), y_of(*y));
                    let won = best == Some(r.variant);
                    html! { <g class={classes!("point", r.variant.slider.name(), won.then_some("best"))} data-variant={r.variant.name()}>
                        <title>{ format!("{}: {:.1} M nodes/s", r.variant.name(), (*y)) }</title>
                        <circle cx={num(cx)} cy={num(cy)} r={num(2.5 + r.variant.workgroup_size as f64 / 64.0)} />
                        if won {
                            <circle class="ring" cx={num(cx)} cy={num(cy)} r="9" />
                        }
                    </g> }
                }) }
            </svg>
            <figcaption class="legend">
                { for AttackMethod::ALL.iter().map(|s| html! { <span class={classes!("key", s.name())}><i></i>{ s.name() }</span> }) }
                <span class="muted">{ "dot size: workgroup size 64 / 128 / 256; ringed: the fastest" }</span>
            </figcaption>
        </figure>
    }
}

#[function_component(MatrixChart)]
pub fn matrix_chart(props: &MatrixChartProps) -> Html {
    let mut positions: Vec<&str> = props.rows.iter().map(|r| r.position).collect();
    positions.dedup();
    html! {
        <div class="matrix-charts">
            { for positions.into_iter().map(|p| {
                let rows: Vec<&MatrixRow> = props.rows.iter().filter(|r| r.position == p).collect();
                chart(p, &rows)
            }) }
        </div>
    }
}
