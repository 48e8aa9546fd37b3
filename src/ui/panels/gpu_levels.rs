//! A merged run's plies as a picture: the nodes (paths) and the distinct
//! positions after merging at each ply, on a log scale, and the same in a
//! table. The gap between the two lines is what merging saves: the leaf
//! kernels run once per distinct position, not once per path.
//!
//! ```text
//!  10^8 |                 o nodes
//!  10^6 |           o   x
//!  10^4 |     o  x           x distinct
//!     1 +o-----------------------
//!        0  1  2  3  4  5  6   ply
//! ```

use crate::gpu::LevelStat;
use yew::prelude::*;

const W: f64 = 460.0;
const H: f64 = 240.0;
const LEFT: f64 = 58.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 36.0;
/// The legend's first marker.
const LX: f64 = W - 120.0;
const LY: f64 = H - BOTTOM - 34.0;

#[derive(Properties, PartialEq)]
pub struct LevelsProps {
    pub levels: Vec<LevelStat>,
}

fn num(x: f64) -> String {
    format!("{x:.1}")
}

/// A power of ten as an axis label: 1, 10, 100, 1 k ... 100 G, then 10^n.
fn decade_label(k: u32) -> String {
    const NAMES: [&str; 12] = [
        "1", "10", "100", "1 k", "10 k", "100 k", "1 M", "10 M", "100 M", "1 G", "10 G", "100 G",
    ];
    NAMES
        .get(k as usize)
        .map_or_else(|| format!("10^{k}"), |s| s.to_string())
}

/// The decades the axis spans: up to the first power of ten at or above
/// the largest count (one at least).
fn top_decade(levels: &[LevelStat]) -> u32 {
    let most = levels
        .iter()
        .flat_map(|s| [s.nodes, s.distinct])
        .flatten()
        .max()
        .unwrap_or(1)
        .max(1);
    let k = most.ilog10();
    if 10u64.pow(k) == most {
        k.max(1)
    } else {
        k + 1
    }
}

/// One series: its polyline (through the plies that have a value) and
/// its markers.
fn series(
    points: &[(f64, f64, u64)],
    class: &'static str,
    square: bool,
    label: &'static str,
) -> Html {
    let line = points
        .iter()
        .map(|(x, y, _)| format!("{},{}", num(*x), num(*y)))
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <g class={class}>
            <polyline points={line} fill="none" />
            { for points.iter().map(|&(x, y, v)| {
                let title = html! { <title>{ format!("{label}: {v}") }</title> };
                if square {
                    html! { <rect x={num(x - 3.5)} y={num(y - 3.5)} width="7" height="7">{ title }</rect> }
                } else {
                    html! { <circle cx={num(x)} cy={num(y)} r="4">{ title }</circle> }
                }
            }) }
        </g>
    }
}

/// The chart and its table.
#[function_component(LevelsChart)]
pub fn levels_chart(props: &LevelsProps) -> Html {
    let levels = &props.levels;
    let top = top_decade(levels);
    let last = levels.last().map_or(1, |s| s.ply).max(1);
    let x_of = |ply: u32| LEFT + (W - LEFT - RIGHT) * f64::from(ply) / f64::from(last);
    let y_of = |v: u64| {
        let l = (v.max(1) as f64).log10();
        TOP + (H - TOP - BOTTOM) * (1.0 - l / f64::from(top))
    };
    let pick = |f: fn(&LevelStat) -> Option<u64>| -> Vec<(f64, f64, u64)> {
        levels
            .iter()
            .filter_map(|s| f(s).map(|v| (x_of(s.ply), y_of(v), v)))
            .collect()
    };
    let nodes = pick(|s| s.nodes);
    let distinct = pick(|s| s.distinct);
    // plies with no level of their own: the fused leaf counts them with the next
    let skipped: Vec<u32> = (0..=last)
        .filter(|p| !levels.iter().any(|s| s.ply == *p))
        .collect();
    html! {
        <figure class="levels-chart">
            <svg viewBox={format!("0 0 {W} {H}")} role="img"
                aria-label="nodes and distinct positions per ply, log scale">
                <text x={num(LEFT)} y="14" class="chart-title">{ "paths (nodes) and distinct positions per ply, log scale" }</text>
                { for (0..=top).map(|k| {
                    let y = y_of(10u64.saturating_pow(k));
                    html! { <g class="tick">
                        <line x1={num(LEFT)} x2={num(W - RIGHT)} y1={num(y)} y2={num(y)} />
                        <text x={num(LEFT - 6.0)} y={num(y + 4.0)} text-anchor="end">{ decade_label(k) }</text>
                    </g> }
                }) }
                { for levels.iter().map(|s| html! {
                    <text class="tick" x={num(x_of(s.ply))} y={num(H - BOTTOM + 16.0)} text-anchor="middle">{ s.ply }</text>
                }) }
                { for skipped.iter().map(|&p| html! {
                    <text class="tick skipped-ply" x={num(x_of(p))} y={num(H - BOTTOM + 16.0)} text-anchor="middle">{ format!("{p}*") }</text>
                }) }
                if !skipped.is_empty() {
                    <text class="chart-note" x={num(LEFT)} y={num(H - 4.0)}>{ "* not drawn: the fused leaf counts it with the next ply" }</text>
                }
                <text class="tick" x={num(W - RIGHT)} y={num(H - 4.0)} text-anchor="end">{ "ply" }</text>
                { series(&nodes, "levels-nodes", false, "nodes") }
                { series(&distinct, "levels-distinct", true, "distinct") }
                // bottom right: the lines climb to the top right
                <g class="legend">
                    <circle class="levels-nodes" cx={num(LX)} cy={num(LY)} r="4" />
                    <text x={num(LX + 8.0)} y={num(LY + 4.0)}>{ "nodes (paths)" }</text>
                    <rect class="levels-distinct" x={num(LX - 3.5)} y={num(LY + 10.5)} width="7" height="7" />
                    <text x={num(LX + 8.0)} y={num(LY + 18.0)}>{ "distinct (kept)" }</text>
                </g>
            </svg>
            { levels_table(levels) }
        </figure>
    }
}

/// A level's lookups in the table of two-ply counts: the share found
/// there, of how many.
fn table_hits(s: &LevelStat) -> String {
    match (s.hit_rate(), s.hash_hits, s.hash_misses) {
        (Some(rate), Some(hits), Some(misses)) => {
            format!("{:.0}% of {}", 100.0 * rate, hits + misses)
        }
        _ => "—".to_string(),
    }
}

/// The same figures as numbers, with how many paths each kept position
/// stands for and, where a level was counted unmerged through the table,
/// how often a position's count was found there.
fn levels_table(levels: &[LevelStat]) -> Html {
    let cell = |v: Option<u64>| v.map_or_else(|| "—".to_string(), |v| v.to_string());
    let looked_up = levels.iter().any(|s| s.hash_hits.is_some());
    let columns = if looked_up { 6 } else { 5 };
    html! {
        <>
        <table class="data levels-table">
            <thead><tr><th>{ "ply" }</th><th>{ "nodes" }</th><th>{ "distinct" }</th><th>{ "paths per position" }</th>
                if looked_up { <th>{ "table hits" }</th> }
                <th>{ "parts" }</th><th>{ "GPU ms" }</th></tr></thead>
            <tbody>{ for levels.iter().map(|s| if walked_through(s) { html! {
                <tr class="level-walked">
                    <td class="num">{ s.ply }</td>
                    <td class="muted" colspan={columns.to_string()}>{ "walked through inside the leaf kernel: counted in the ply below, never stored, so it has no figures of its own" }</td>
                </tr>
            } } else { html! {
                <tr>
                    <td class="num">{ s.ply }</td>
                    <td class="num level-nodes">{ cell(s.nodes) }</td>
                    <td class="num level-distinct">{ cell(s.distinct) }</td>
                    <td class="num">{ match (s.nodes, s.distinct) {
                        (Some(n), Some(d)) if d > 0 => format!("{:.1}", n as f64 / d as f64),
                        _ => "—".to_string(),
                    } }</td>
                    if looked_up { <td class="num level-hits">{ table_hits(s) }</td> }
                    <td class="num">{ if s.parts > 0 { s.parts.to_string() } else { "—".to_string() } }</td>
                    <td class="num">{ s.nanos.map_or_else(|| "—".to_string(), |n| format!("{:.1}", n as f64 * 1e-6)) }</td>
                </tr>
            } }) }</tbody>
        </table>
        <p class="muted levels-note">{ "— where a figure does not exist: the last two plies are counted inside the leaf kernel, not built as levels (no distinct positions, no parts); the CPU's plies have no GPU time; GPU ms needs timestamp queries." }</p>
        </>
    }
}

/// A ply the fused leaf kernel walks through without keeping: no count,
/// no level, no time of its own.
fn walked_through(s: &LevelStat) -> bool {
    s.nodes.is_none()
        && s.distinct.is_none()
        && s.parts == 0
        && s.nanos.is_none()
        && s.hash_hits.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_reaches_the_first_decade_at_or_above_the_largest_count() {
        let stat = |ply, nodes| LevelStat {
            ply,
            nodes: Some(nodes),
            ..LevelStat::default()
        };
        assert_eq!(top_decade(&[stat(0, 1)]), 1);
        assert_eq!(top_decade(&[stat(0, 1), stat(6, 119_060_324)]), 9);
        assert_eq!(top_decade(&[stat(3, 1000)]), 3);
        assert_eq!(decade_label(6), "1 M");
        assert_eq!(decade_label(14), "10^14");
    }

    #[test]
    fn only_a_ply_with_no_figure_at_all_is_said_walked_through() {
        let walked = LevelStat {
            ply: 3,
            ..LevelStat::default()
        };
        assert!(walked_through(&walked));
        let leaves = LevelStat {
            ply: 4,
            nodes: Some(197_281),
            ..LevelStat::default()
        };
        assert!(!walked_through(&leaves));
        let timed = LevelStat {
            nanos: Some(1),
            ..walked.clone()
        };
        assert!(!walked_through(&timed));
    }

    #[test]
    fn table_hits_say_the_share_found_and_of_how_many() {
        let looked_up = LevelStat {
            hash_hits: Some(125_203),
            hash_misses: Some(72_078),
            ..LevelStat::default()
        };
        assert_eq!(table_hits(&looked_up), "63% of 197281");
        assert_eq!(table_hits(&LevelStat::default()), "—");
    }
}
