//! The start page (the empty route): one card per panel with its lesson in
//! a line and a live miniature computed by the library, and a suggested
//! path through the panels.

use crate::bits::debruijn::scan;
use crate::bits::nibble::sign_extend_nibble;
use crate::bits::nibble_board::NibbleBoard;
use crate::bits::piece::code_name;
use crate::bits::square::square_name;
use crate::bits::swar::{add, lanes_unsigned, LaneLayout};
use crate::bits::trit::{pack, to_trits};
use crate::bits::word::Word;
use crate::chess::Position;
use crate::gpu::layout::{default_workgroup_storage_limit, workgroup_budget, Design};
use crate::ui::components::{BitGrid, BitRow};
use crate::ui::route::Panel;
use yew::prelude::*;

/// The suggested order through the panels.
pub const PATH: [Panel; 6] = [
    Panel::Nibbles,
    Panel::Swar,
    Panel::DeBruijn,
    Panel::Trits,
    Panel::Position,
    Panel::Gpu,
];

/// The panel's lesson in a line; `None` for a panel without a card yet.
fn lesson(p: Panel) -> Option<&'static str> {
    Some(match p {
        Panel::Nibbles => "Four bits, two readings: two's complement makes the top bit weigh −8.",
        Panel::Swar => "One add on a whole word adds every small lane, if no carry crosses a lane.",
        Panel::DeBruijn => "The lowest set bit's index with one multiply and a table lookup.",
        Panel::NibbleBoard => "A chess board in 32 bytes: two 4-bit piece codes a byte.",
        Panel::Trits => "Two bitboards make three states a square; five trits fit a byte.",
        Panel::Position => "A chess position in five bitboards: queens are both bishops and rooks.",
        Panel::Gpu => "Perft on the GPU, each invocation's position and moves in workgroup memory.",
        Panel::Lab => "Type any C bit expression and watch every sub-expression evaluate.",
        Panel::Popcount => "Count the set bits by adding them in lanes of 2, 4, then 8 bits, all in one word.",
        Panel::Quad => "Bit k of every square's piece code in bitboard k: four boards, and a set is one expression.",
        Panel::Bitboard => {
            "One 64-bit board, eight square orders, and whole-board moves as shifts and masks."
        }
        Panel::Magic => {
            "A slider's attacks with one multiply: the de Bruijn hash, keyed by the blockers."
        }
        #[allow(unreachable_patterns)] // a panel added later
        _ => return None,
    })
}

fn mini(p: Panel) -> Html {
    let start = Position::startpos();
    match p {
        Panel::Nibbles => html! {
            <>
            <BitRow word={Word::new(0xB, 4)} readouts={false} label="0xB" />
            <p class="mini">{ format!("unsigned 11, signed {}", sign_extend_nibble(0xB)) }</p>
            </>
        },
        Panel::Swar => {
            let (x, y) = (0x7838, 0x1858);
            let z = LaneLayout::new(32, 4).map(|l| add(l, x, y)).unwrap_or(0);
            let lanes = |v: u64| format!("{:?}", &lanes_unsigned(Word::new(v, 32), 4)[..4]);
            html! {
                <>
                <BitRow word={Word::new(z, 16)} lane_bits={4} readouts={false} label="SWAR add, 4-bit lanes (low 16 bits)" />
                <p class="mini">{ format!("{} + {} = {} (mod 16 each)", lanes(x), lanes(y), lanes(z)) }</p>
                </>
            }
        }
        Panel::DeBruijn => {
            let v = 0x68u64;
            html! {
                <>
                <BitRow word={Word::new(v & v.wrapping_neg(), 8)} highlight={v & v.wrapping_neg()} readouts={false} label="x & -x of 0x68" />
                <p class="mini">{ format!("lowest set bit of 0x68: {}", scan(8, 0x1D, v).map_or("?".into(), |i| i.to_string())) }</p>
                </>
            }
        }
        Panel::NibbleBoard => {
            let code = NibbleBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
                .and_then(|b| b.get(60))
                .unwrap_or(0);
            html! { <p class="mini">{ format!("e8 = byte 30, low nibble: {code} ({})", code_name(code)) }</p> }
        }
        Panel::Trits => {
            let bytes = to_trits(start.white(), start.black())
                .and_then(|t| pack(&t))
                .map(|b| b.to_vec())
                .unwrap_or_default();
            html! { <p class="mini">{ format!("start position, {} bytes: {:?}", bytes.len(), bytes) }</p> }
        }
        Panel::Position => {
            let q = start.bishops() & start.rooks();
            let names: Vec<String> = (0..64)
                .filter(|s| q >> s & 1 == 1)
                .map(square_name)
                .collect();
            html! {
                <>
                <BitGrid board={q} small=true label="B & R = queens" />
                <p class="mini">{ format!("queens: {}", names.join(", ")) }</p>
                </>
            }
        }
        Panel::Gpu => {
            let b = workgroup_budget(Design::SEED);
            html! { <p class="mini">{ format!("{} invocations: {} B of the {} B every WebGPU device offers", b.threads, b.kernel.total, default_workgroup_storage_limit()) }</p> }
        }
        Panel::Lab => {
            let vars = crate::bits::expr::Vars {
                x: 0x68,
                y: 0,
                z: 0,
            };
            let value = crate::bits::expr::evaluate("x & (x - 1)", 8, vars)
                .map_or_else(|e| e.to_string(), |t| t.result_text());
            html! { <p class="mini">{ format!("x & (x - 1) with x = 0x68: {value} (the lowest bit cleared)") }</p> }
        }
        Panel::Bitboard => {
            use crate::bits::board_ops::{apply, BoardOperation};
            let queens = start.bishops() & start.rooks();
            html! {
                <>
                <BitGrid board={apply(BoardOperation::Rotate90, queens)} small=true label="the queens, rotated 90°" />
                </>
            }
        }
        Panel::Magic => {
            use crate::chess::magic_lab::{mask, usual_bits, Slider};
            use crate::chess::Square;
            let m = mask(Slider::Rook, Square::D4);
            let bits = usual_bits(Slider::Rook, Square::D4);
            html! {
                <>
                <BitGrid board={m} small=true label="rook on d4: its mask" />
                <p class="mini">{ format!("{bits} blockers that matter: a {}-entry table", 1u32 << bits) }</p>
                </>
            }
        }
        Panel::Popcount => {
            use crate::bits::popcount::{kernighan, swar};
            let x = 0xb6u64;
            html! {
                <>
                <BitRow word={Word::new(x, 8)} lane_bits={2} readouts={false} label="0xb6 in 2-bit lanes" />
                <p class="mini">{ format!("SWAR {}, Kernighan {} turns, count_ones {}", swar(8, x).unwrap_or(0), kernighan(x), x.count_ones()) }</p>
                </>
            }
        }
        Panel::Quad => {
            use crate::bits::quad::{Quad, QuadSet};
            let q = Quad::from_board(
                &NibbleBoard::from_fen(crate::chess::CPW_POSITIONS[0].1).unwrap_or_default(),
            );
            html! {
                <>
                <BitGrid board={QuadSet::Sliders.eval(&q)} small=true label="(q1 ^ q2) & (q0 | q2) = sliders" />
                <p class="mini">{ format!("start position, q3 (black) = {:#018x}", q.0[3]) }</p>
                </>
            }
        }
        #[allow(unreachable_patterns)]
        _ => Html::default(),
    }
}

#[function_component(StartPage)]
pub fn start_page() -> Html {
    let link = |p: Panel| html! { <a href={format!("#/{}", p.slug())} data-start={p.slug()}>{ p.title() }</a> };
    html! {
        <section class="panel start">
            <h2>{ "Bit tricks, step by step" }</h2>
            <p class="lede">{ "Each panel takes one trick apart on real bits, checks every step against plain arithmetic, and says where its source texts are wrong. A suggested path:" }</p>
            <ol class="path">{ for PATH.iter().map(|p| html! { <li>{ link(*p) }</li> }) }</ol>
            <div class="cards">
                { for Panel::ALL.iter().filter_map(|p| lesson(*p).map(|l| (p, l))).map(|(p, l)| html! {
                    <div class="card start-card" data-card={p.slug()}>
                        <h3>{ link(*p) }</h3>
                        <p>{ l }</p>
                        { mini(*p) }
                    </div>
                }) }
            </div>
        </section>
    }
}
