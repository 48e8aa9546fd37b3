//! `DebruijnGraphView`: the de Bruijn graph B(2, n) as SVG, with a magic's
//! walk drawn on it (from `bits::debruijn::{graph, magic_walk}`).
//!
//! Nodes sit on a circle in binary order; each edge is an arrow from the node
//! of its window's first n − 1 bits to the node of its last n − 1 bits,
//! bowed to its right so that the two directions between a pair of nodes do
//! not overlap, and labelled with its window when the graph is small. The
//! walk's edge `current` is thick, with the node it leaves ringed, and the
//! edges walked before it are blue; edges read once are solid, twice or
//! more red, never read dashed.

use crate::bits::debruijn::{Graph, Walk};
use std::f64::consts::PI;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DebruijnGraphProps {
    pub graph: Rc<Graph>,
    pub walk: Rc<Walk>,
    /// The walk's step (shift) to highlight, if any.
    #[prop_or_default]
    pub current: Option<usize>,
}

const SIZE: f64 = 420.0;
const CENTER: f64 = SIZE / 2.0;

/// `n` points on the unit circle, the first at the top, clockwise: each one
/// the last turned by 2π/n. The turn's cosine and sine come from their
/// Taylor series (the angle is at most π/2 here, where 12 terms are exact to
/// double precision), so the page carries no trigonometry library.
fn circle_points(n: usize) -> Vec<(f64, f64)> {
    let a = 2.0 * PI / n.max(1) as f64;
    let (mut c, mut s, mut term) = (0.0, 0.0, 1.0);
    for k in 0..24 {
        // term = a^k / k!
        if k % 2 == 0 {
            c += if k % 4 == 0 { term } else { -term };
        } else {
            s += if k % 4 == 1 { term } else { -term };
        }
        term *= a / (k + 1) as f64;
    }
    let mut p = (0.0, -1.0);
    (0..n)
        .map(|_| {
            let here = p;
            p = (p.0 * c - p.1 * s, p.0 * s + p.1 * c);
            here
        })
        .collect()
}

/// Where the graph's nodes sit and how its edges bend.
struct Layout {
    ring: Vec<(f64, f64)>,
    radius: f64,
    node_r: f64,
}

impl Layout {
    fn new(nodes: usize) -> Layout {
        Layout {
            ring: circle_points(nodes),
            radius: CENTER - 40.0,
            node_r: if nodes <= 8 { 15.0 } else { 9.0 },
        }
    }

    /// Node `v`'s centre: node 0 at the top, clockwise.
    fn at(&self, v: u32) -> (f64, f64) {
        let (x, y) = self.ring.get(v as usize).copied().unwrap_or((0.0, -1.0));
        (CENTER + self.radius * x, CENTER + self.radius * y)
    }

    /// The edge from `from` to `to`: bowed to the right of the direction of
    /// travel and stopped at the target's rim, so that the arrowhead shows.
    fn edge_path(&self, from: u32, to: u32) -> String {
        if from == to {
            return self.self_loop(from);
        }
        let ((x1, y1), (x2, y2)) = (self.at(from), self.at(to));
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let bow = 0.12 * len;
        let (cx, cy) = (mx - dy / len * bow, my + dx / len * bow);
        let (tx, ty) = (x2 - cx, y2 - cy);
        let tl = (tx * tx + ty * ty).sqrt().max(1.0);
        let rim = self.node_r + 1.0;
        let (ex, ey) = (x2 - tx / tl * rim, y2 - ty / tl * rim);
        format!("M {x1:.1} {y1:.1} Q {cx:.1} {cy:.1} {ex:.1} {ey:.1}")
    }

    /// A self-loop, outside the circle, from rim to rim.
    fn self_loop(&self, v: u32) -> String {
        let (x1, y1) = self.at(v);
        let (dx, dy) = ((x1 - CENTER) / self.radius, (y1 - CENTER) / self.radius);
        let (ox, oy) = (x1 + dx * 38.0, y1 + dy * 38.0);
        let (px, py) = (-dy * 18.0, dx * 18.0);
        let k = std::f64::consts::FRAC_1_SQRT_2 * (self.node_r + 1.0);
        let (sx, sy) = (x1 + (dx - dy) * k, y1 + (dy + dx) * k);
        let (ex, ey) = (x1 + (dx + dy) * k, y1 + (dy - dx) * k);
        format!(
            "M {sx:.1} {sy:.1} C {:.1} {:.1} {:.1} {:.1} {ex:.1} {ey:.1}",
            ox + px,
            oy + py,
            ox - px,
            oy - py,
        )
    }

    /// Where an edge's window label goes: beside the middle of its bow.
    fn label_at(&self, from: u32, to: u32) -> (f64, f64) {
        let ((x1, y1), (x2, y2)) = (self.at(from), self.at(to));
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let k = 0.06 * len * 1.6;
        (
            (x1 + x2) / 2.0 - dy / len * k,
            (y1 + y2) / 2.0 + dx / len * k,
        )
    }
}

#[function_component(DebruijnGraphView)]
pub fn debruijn_graph_view(props: &DebruijnGraphProps) -> Html {
    let g = &props.graph;
    let nodes = g.nodes.len();
    let layout = Layout::new(nodes);
    let small = nodes <= 8;
    let bits = (g.n - 1) as usize;
    let current = props
        .current
        .and_then(|i| props.walk.windows.get(i).copied());
    let labels = small.then(|| {
        let views = g.edges.iter().filter(|e| e.from != e.to).map(|e| {
            let (lx, ly) = layout.label_at(e.from, e.to);
            html! { <text class="edge-label" x={format!("{lx:.1}")} y={format!("{ly:.1}")}>{ format!("{:0n$b}", e.window, n = g.n as usize) }</text> }
        });
        html! { <>{ for views }</> }
    });
    let leaving = current.map(|w| w >> 1);
    let node_views = g.nodes.iter().map(|&v| {
        let (x, y) = layout.at(v);
        let class = classes!("node", (leaving == Some(v)).then_some("leaving"));
        html! {
            <g class={class} data-node={v.to_string()}>
                <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={layout.node_r.to_string()} />
                <text x={format!("{x:.1}")} y={format!("{:.1}", y + 4.0)}>{ if nodes <= 16 { format!("{v:0bits$b}") } else { v.to_string() } }</text>
            </g>
        }
    });
    let caption = match current {
        Some(w) => format!(
            "shift {}: window {:0n$b} leaves node {:0b$b}, appends bit {}",
            props.current.unwrap_or(0),
            w,
            w >> 1,
            w & 1,
            n = g.n as usize,
            b = bits
        ),
        None => format!("B(2, {}): {} nodes, {} edges", g.n, nodes, g.edges.len()),
    };
    html! {
        <figure class={classes!("debruijn-graph", (!small).then_some("large"))}>
            <svg viewBox={format!("0 0 {SIZE} {SIZE}")} role="img" aria-label={caption.clone()}>
                <defs>
                    <marker id="dbg-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                </defs>
                { edges_view(g, &props.walk, props.current, &layout) }
                { labels.unwrap_or_default() }
                { for node_views }
            </svg>
            <figcaption class="graph-caption">{ caption }</figcaption>
        </figure>
    }
}

/// Every edge, classed by how often the walk reads it, whether the walk
/// took it before step `current`, and whether it is the current one.
fn edges_view(g: &Graph, walk: &Walk, current: Option<usize>, layout: &Layout) -> Html {
    let now = current.and_then(|i| walk.windows.get(i).copied());
    let walked = current.map_or(&[][..], |i| &walk.windows[..i.min(walk.windows.len())]);
    let bits = (g.n - 1) as usize;
    let edges = g.edges.iter().map(|e| {
        let uses = walk.uses[e.window as usize];
        let class = classes!(
            "edge",
            match uses {
                0 => "unused",
                1 => "once",
                _ => "repeated",
            },
            walked.contains(&e.window).then_some("walked"),
            (now == Some(e.window)).then_some("current"),
        );
        let title = format!(
            "window {:0n$b}: {:0b$b} -> {:0b$b}, read {uses} time(s)",
            e.window,
            e.from,
            e.to,
            n = g.n as usize,
            b = bits
        );
        html! {
            <path class={class} d={layout.edge_path(e.from, e.to)} data-window={e.window.to_string()} marker-end="url(#dbg-arrow)">
                <title>{ title }</title>
            </path>
        }
    });
    html! { <>{ for edges }</> }
}
