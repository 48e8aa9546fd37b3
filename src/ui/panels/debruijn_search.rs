//! The search that finds every magic, drawn and stepped (8 and 16 bits):
//! `bits::debruijn::search_trace` gives the steps (push, cut, leaf,
//! backtrack); this draws the tree they build, top down, with the part
//! played so far solid, and each leaf a button that opens its magic.

use crate::bits::debruijn::search_trace;
use crate::bits::trace::{Outcome, Trace};
use crate::ui::components::StepPlayer;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SearchTreeProps {
    pub width: u32,
    pub step: usize,
    pub on_step: Callback<usize>,
    /// A leaf was clicked: its magic.
    pub on_pick: Callback<u64>,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Branch,
    Cut,
    Leaf,
}

/// One node of the drawn tree: where it sits and which step made it.
struct Node {
    parent: Option<usize>,
    depth: u32,
    x: f64,
    kind: Kind,
    step: usize,
    magic: u64,
}

/// The tree the trace's steps build: a push adds a child and descends, a cut
/// adds a cut child, a leaf marks the node, a backtrack climbs.
fn tree(trace: &Trace) -> Vec<Node> {
    let mut nodes = vec![Node {
        parent: None,
        depth: 0,
        x: 0.0,
        kind: Kind::Branch,
        step: 0,
        magic: 0,
    }];
    let mut path = vec![0usize];
    for (i, s) in trace.steps.iter().enumerate() {
        let top = *path.last().unwrap_or(&0);
        let child = |kind| Node {
            parent: Some(top),
            depth: nodes[top].depth + 1,
            x: 0.0,
            kind,
            step: i,
            magic: s.value.bits,
        };
        if s.label.ends_with(": push") {
            nodes.push(child(Kind::Branch));
            path.push(nodes.len() - 1);
        } else if s.label.ends_with(": cut") {
            nodes.push(child(Kind::Cut));
        } else if s.label.starts_with("leaf") {
            nodes[top].kind = Kind::Leaf;
            nodes[top].magic = s.value.bits;
        } else if s.label == "cut at the wrap" {
            nodes[top].kind = Kind::Cut;
        } else if s.label == "backtrack" {
            path.pop();
        }
    }
    // x: childless nodes left to right, parents centred over their children
    let mut next = 0.0;
    for i in (0..nodes.len()).rev() {
        let kids: Vec<f64> = nodes
            .iter()
            .filter(|n| n.parent == Some(i))
            .map(|n| n.x)
            .collect();
        nodes[i].x = if kids.is_empty() {
            next += 1.0;
            -next
        } else {
            kids.iter().sum::<f64>() / kids.len() as f64
        };
    }
    let shift = next + 1.0;
    for n in &mut nodes {
        n.x += shift;
    }
    nodes
}

#[function_component(SearchTree)]
pub fn search_tree(props: &SearchTreeProps) -> Html {
    let trace = use_memo(props.width, |&w| search_trace(w).ok().map(Rc::new));
    let Some(trace) = (*trace).clone() else {
        return html! {};
    };
    let nodes = tree(&trace);
    let step = props.step.min(trace.steps.len().saturating_sub(1));
    let wide = nodes.iter().map(|n| n.x).fold(1.0, f64::max) + 1.0;
    let deep = nodes.iter().map(|n| n.depth).max().unwrap_or(1) as f64 + 1.0;
    let (w, h) = (wide * 14.0, deep * 26.0);
    let pos = |n: &Node| (n.x * 14.0, 12.0 + n.depth as f64 * 26.0);
    let (leaves, cuts) = match trace.result {
        Outcome::Search { leaves, cuts } => (leaves, cuts),
        _ => (0, 0),
    };
    let lines = nodes.iter().filter_map(|n| {
        let p = &nodes[n.parent?];
        let ((x1, y1), (x2, y2)) = (pos(p), pos(n));
        let class = classes!("tree-edge", (n.step > step).then_some("later"));
        Some(html! { <line class={class} x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} /> })
    });
    let dots = nodes.iter().skip(1).map(|n| {
        let (x, y) = pos(n);
        let kind = match n.kind {
            Kind::Branch => "branch",
            Kind::Cut => "cut",
            Kind::Leaf => "leaf",
        };
        let class = classes!("tree-node", kind, (n.step > step).then_some("later"), (n.step == step).then_some("current"));
        let body = html! { <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={if n.kind == Kind::Leaf { "6" } else { "4" }} /> };
        if n.kind == Kind::Leaf {
            let pick = props.on_pick.reform({
                let m = n.magic;
                move |_: MouseEvent| m
            });
            html! { <g {class} onclick={pick} data-magic={format!("{:#x}", n.magic)}><title>{ format!("magic {:#x}: open its scan", n.magic) }</title>{ body }</g> }
        } else {
            html! { <g {class}>{ body }</g> }
        }
    });
    html! {
        <div class="search-tree">
            <p class="muted">{ format!(
                "The search appends 0, then 1, after {} zeros and cuts a branch the moment a window repeats: {leaves} leaves (every {}-bit sequence that starts with {} zeros), {cuts} cuts.",
                props.width.trailing_zeros(), props.width, props.width.trailing_zeros()) }</p>
            <div class="table-scroll">
                <svg viewBox={format!("0 0 {w:.0} {h:.0}")} width={format!("{w:.0}")} height={format!("{h:.0}")} role="img" aria-label="search tree">
                    { for lines }
                    { for dots }
                </svg>
            </div>
            <StepPlayer trace={trace.clone()} {step} on_step={props.on_step.clone()} />
        </div>
    }
}
