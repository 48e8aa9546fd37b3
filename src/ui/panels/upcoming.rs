//! Panels not built yet say what they will do.

use crate::ui::route::Panel;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct UpcomingProps {
    pub panel: Panel,
}

fn plan(panel: Panel) -> (&'static str, &'static [&'static str]) {
    match panel {
        Panel::DeBruijn => (
            "Bit scan by multiply and shift: index = table[((v & -v) * magic) >> (N - log2 N)], for 8, 16, 32 and 64-bit words.",
            &[
                "step through a scan: isolate the lowest bit, multiply, shift, look up",
                "derive the table from the magic's sliding windows",
                "validate any magic and see its collisions",
                "enumerate every valid magic in a Web Worker, with progress and cancel",
                "copy the table as Rust or C",
            ],
        ),
        Panel::Swar => (
            "Lane-wise add, subtract and average inside one register, with H = 0x8888… and L = 0x1111….",
            &[
                "lane widths 2, 4, 8, 16 in 32- and 64-bit words",
                "every sub-expression as a step, each lane checked",
                "the naive x + y beside it, with the lanes a carry leaked into",
            ],
        ),
        Panel::NibbleBoard => (
            "64 squares of 4-bit piece codes in 32 bytes, and the same board as four 64-bit words.",
            &[
                "get and set with shift = (square & 1) << 2 and the mask 240 >> shift",
                "which byte and which nibble a square lives in",
                "round trip with a FEN's piece placement",
            ],
        ),
        Panel::Trits => (
            "Two occupancy bitboards to a ternary board (0 empty, 1, 2), packed five trits per byte.",
            &[
                "overlapping squares named and rejected",
                "13 bytes for 64 squares, against the 101.4-bit limit",
                "a table-driven conversion beside the plain loop",
                "the same board under both square orders",
            ],
        ),
        Panel::Position => (
            "The compact chess position: five bitboards (white, pawns, knights, bishop-likes, rook-likes) plus the king squares.",
            &[
                "FEN in, the ten piece sets out with their formulas",
                "what each layout costs in bytes",
                "the shared-memory budget of the GPU design",
                "perft in a Web Worker, with progress, cancel and divide",
            ],
        ),
        Panel::Gpu => (
            "Chess perft on the GPU through WebGPU: positions and move stacks in workgroup memory.",
            &[
                "adapter name and limits",
                "the memory budget from the kernel's real sizes",
                "workgroup vs private memory variants, compared",
                "the count checked against the CPU perft",
            ],
        ),
        Panel::Nibbles => ("", &[]),
    }
}

#[function_component(Upcoming)]
pub fn upcoming(props: &UpcomingProps) -> Html {
    let (what, items) = plan(props.panel);
    html! {
        <section class="panel upcoming">
            <h2>{ props.panel.title() }</h2>
            <p class="lede">{ what }</p>
            <div class="card">
                <h3>{ "Coming to this panel" }</h3>
                <ul>{ for items.iter().map(|i| html! { <li>{ *i }</li> }) }</ul>
            </div>
        </section>
    }
}
