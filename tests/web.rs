//! Tests compiled to wasm32 and run in real headless Chromium
//! (`wasm-pack test --headless --chrome`).
#![cfg(target_arch = "wasm32")]

use bitscope::bits::word::Word;
use bitscope::gpu::{GpuPerft, GpuRun, Kernel, Options};
use bitscope::ui::app::App;
use bitscope::ui::components::BitRow;
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh element to render into.
fn mount_point() -> Element {
    let div = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&div).unwrap();
    div
}

/// Lets Yew render: 120 ms (30 ms was too short now and then on the
/// 2-core machine, right after the GPU tests).
async fn settle() {
    TimeoutFuture::new(120).await;
}

/// Sets the location hash and waits for its `hashchange` to be delivered
/// (at most 2 s), so that it reaches no app mounted after this returns.
/// (The app keys its panel by the links followed: a `hashchange` that
/// arrived late remounted the panel mid-test and dropped its local state.)
async fn go_to(hash: &str) {
    let window = web_sys::window().unwrap();
    let current = window.location().hash().unwrap_or_default();
    if current.trim_start_matches('#') == hash.trim_start_matches('#') {
        return;
    }
    let delivered = js_sys::Promise::new(&mut |resolve, _| {
        let listener = gloo::events::EventListener::once(&window, "hashchange", move |_| {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        });
        listener.forget();
    });
    window.location().set_hash(hash).unwrap();
    let timeout = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 2000);
    });
    let either = js_sys::Promise::race(&js_sys::Array::of2(&delivered, &timeout));
    let _ = wasm_bindgen_futures::JsFuture::from(either).await;
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

#[wasm_bindgen_test]
async fn shell_renders_navigation_and_signed_nibble_table() {
    go_to("/nibbles?x=c").await;
    let root = mount_point();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;

    let nav = texts(&root, "nav.panels a");
    assert_eq!(
        nav,
        [
            "de Bruijn",
            "SWAR",
            "Popcount",
            "Signed nibbles",
            "Nibble board",
            "Quad-bitboards",
            "Trits",
            "Position",
            "GPU perft",
            "Lab",
            "Float",
            "Bitboard",
            "Magic bitboards",
            "Bit permutations",
            "Division",
            "Gray code",
            "Shortest program",
            "Practice",
        ]
    );
    let active = texts(&root, "nav.panels a.active");
    assert_eq!(active, ["Signed nibbles"]);

    // The table: 16 rows, binary / hex / unsigned / signed as in two's complement.
    let rows = root.query_selector_all(".nibble-table tbody tr").unwrap();
    assert_eq!(rows.length(), 16);
    for i in 0..16u32 {
        let row: Element = rows.item(i).unwrap().dyn_into().unwrap();
        let cells = texts(&row, "td");
        let expected_signed = if i >= 8 { i as i32 - 16 } else { i as i32 };
        assert_eq!(cells[0], format!("{i:04b}B"));
        assert_eq!(cells[1], format!("0x{i:X}"));
        assert_eq!(cells[2], i.to_string());
        assert_eq!(cells[3], expected_signed.to_string(), "row {i}");
    }
    // The link's nibble 0xC (the default is 0xB) is marked, and its sign
    // extension starts at step 1.
    assert_eq!(texts(&root, ".nibble-table tr.chosen td")[1], "0xC");
    assert_eq!(texts(&root, ".nibble-table tr.chosen td")[3], "-4");
    assert_eq!(texts(&root, ".step-count"), ["step 1 of 3"]);

    // Step to the end: the result is -4 and the last value 0xfc.
    let next: HtmlElement = root
        .query_selector(".step-controls .next")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    next.click();
    settle().await;
    next.click();
    settle().await;
    assert_eq!(texts(&root, ".step-count"), ["step 3 of 3"]);
    assert_eq!(texts(&root, ".result-value"), ["-4"]);
    assert_eq!(texts(&root, ".step.current .readouts .hex"), ["0xfc"]);
    root.remove();
}

#[function_component(ToggleHarness)]
fn toggle_harness() -> Html {
    let word = use_state(|| Word::new(0b0101, 8));
    let on_toggle = {
        let word = word.clone();
        Callback::from(move |bit: u32| word.set(word.toggled(bit)))
    };
    html! { <BitRow word={*word} {on_toggle} /> }
}

#[wasm_bindgen_test]
async fn bit_row_click_toggles_a_bit() {
    let root = mount_point();
    yew::Renderer::<ToggleHarness>::with_root(root.clone()).render();
    settle().await;

    assert_eq!(texts(&root, ".readouts .hex"), ["0x05"]);
    let bits = root.query_selector_all(".bit").unwrap();
    assert_eq!(bits.length(), 8, "an 8-bit word has 8 cells");
    let bit3: HtmlElement = root
        .query_selector("[data-bit='3']")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(bit3.get_attribute("aria-pressed").as_deref(), Some("false"));
    bit3.click();
    settle().await;
    assert_eq!(texts(&root, ".readouts .hex"), ["0x0d"]);
    assert_eq!(texts(&root, ".readouts .unsigned"), ["13"]);
    let bit3 = root.query_selector("[data-bit='3']").unwrap().unwrap();
    assert_eq!(bit3.get_attribute("aria-pressed").as_deref(), Some("true"));
    // and back
    let bit3: HtmlElement = bit3.dyn_into().unwrap();
    bit3.click();
    settle().await;
    assert_eq!(texts(&root, ".readouts .hex"), ["0x05"]);
    root.remove();
}

#[wasm_bindgen_test]
async fn a_wrong_number_keeps_the_last_valid_value() {
    go_to("/nibbles?x=3").await;
    let root = mount_point();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    let input: web_sys::HtmlInputElement = root
        .query_selector("#nibble-x")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value("0x1f");
    let event = web_sys::InputEvent::new("input").unwrap();
    input.dispatch_event(&event).unwrap();
    settle().await;
    let error = texts(&root, ".number-input .error");
    assert_eq!(error.len(), 1);
    assert!(error[0].contains("does not fit in 4 bits"), "{error:?}");
    // still 3
    assert_eq!(texts(&root, ".nibble-table tr.chosen td")[1], "0x3");
    root.remove();
}

/// Renders the app at a route and lets it settle.
async fn open(hash: &str) -> Element {
    go_to(hash).await;
    let root = mount_point();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    root
}

async fn click(root: &Element, selector: &str) {
    let el: HtmlElement = root
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .dyn_into()
        .unwrap();
    el.click();
    settle().await;
}

/// Issue 14: the lab evaluates a link's expression, draws a caret under an
/// error's column, and keeps the last valid steps; bad text never panics.
#[wasm_bindgen_test]
async fn lab_panel_evaluates_and_points_at_errors() {
    let root = open("/lab?e=x+%5E+(x+-+1)&w=16&x=68").await;
    assert_eq!(texts(&root, ".result-value"), ["0x000f"]);
    assert_eq!(
        texts(&root, ".lab-steps tbody td:nth-child(2)"),
        ["x", "x", "1", "x - 1", "x ^ (x - 1)"]
    );
    root.remove();
    let root = open("/lab?e=1+%3C%3C+16&w=16").await;
    assert_eq!(texts(&root, ".caret-line"), ["  ^"]);
    let error = texts(&root, ".expr-error .error");
    assert!(error[0].contains("column 3: shift by 16"), "{error:?}");
    root.remove();
    for junk in ["%29%29", "%28%28%28", "0x", "%C3%A9", "x+%26%26+y"] {
        let root = open(&format!("/lab?e={junk}&w=8")).await;
        assert_eq!(texts(&root, ".expr-error").len(), 1, "{junk}");
        root.remove();
    }
}

/// Issue 14: the bitboard viewer draws the word under the eight orders and
/// steps an operation from its link.
#[wasm_bindgen_test]
async fn bitboard_panel_shows_orders_and_steps_an_operation() {
    let root = open("/bitboard?b=8000000000000001&op=flip-diagonal&step=99").await;
    assert_eq!(root.query_selector_all(".order").unwrap().length(), 8);
    assert_eq!(texts(&root, ".result-value"), ["0x8000000000000001"]);
    click(&root, ".tab[data-op='rotate90']").await;
    for _ in 0..10 {
        click(&root, ".step-controls .next").await;
    }
    assert_eq!(texts(&root, ".result-value"), ["0x0100000000000080"]);
    root.remove();
}

#[wasm_bindgen_test]
async fn debruijn_panel_scans_and_derives_in_the_browser() {
    let root = open("/debruijn?width=64&v=8000000000000000&step=99&dstep=99").await;
    assert_eq!(
        texts(&root, ".validity.ok").len(),
        1,
        "0x03F79D71B4CB0A89 is valid"
    );
    // the last step of the scan of bit 63
    let results = texts(&root, ".result-value");
    assert_eq!(results[0], "63", "{results:?}");
    let table = texts(&root, ".table-0");
    assert!(
        table[0].starts_with("0-based: {0, 1, 48, 2, 57, 49, 28, 3,"),
        "{table:?}"
    );
    // dstep=99 is clamped to the derivation's last step (64 windows, then the table): every window read,
    // none pending, the player on its last step
    assert_eq!(
        root.query_selector_all("table.windows tbody tr")
            .unwrap()
            .length(),
        64
    );
    assert_eq!(
        root.query_selector_all("table.windows tr.pending")
            .unwrap()
            .length(),
        0
    );
    let counts = texts(&root, ".step-count");
    assert_eq!(
        counts,
        ["step 6 of 6", "step 66 of 66"],
        "scan and derivation on their last steps"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn swar_panel_checks_every_lane_and_shows_the_leak() {
    // a link far from the defaults (add, 32 bits, 4-bit lanes, other words):
    // sub in 64 bits with 8-bit lanes, each lane 1..8 minus 16
    let root =
        open("/swar?op=sub&width=64&lanes=8&x=102030405060708&y=1010101010101010&step=99").await;
    assert_eq!(texts(&root, ".result-value"), ["0xf1f2f3f4f5f6f7f8"]);
    assert_eq!(
        root.query_selector_all("table.lanes tbody tr")
            .unwrap()
            .length(),
        8
    );
    assert_eq!(texts(&root, ".verdict.ok").len(), 1);
    root.remove();
    let root = open("/swar?op=add&width=32&lanes=4&x=7830003f&y=18500051").await;
    assert_eq!(texts(&root, ".verdict.ok").len(), 1);
    let leaks: Vec<String> = {
        let rows = root.query_selector_all("table.lanes tr.leak").unwrap();
        (0..rows.length())
            .map(|i| {
                let row: Element = rows.item(i).unwrap().dyn_into().unwrap();
                row.get_attribute("data-lane").unwrap()
            })
            .collect()
    };
    assert_eq!(leaks, ["7", "1"]);
    click(&root, ".tab[data-choice='op=sub']").await;
    // the sub's own result, on its last step: 7-1, 8-8, 3-5 = 0xE, ..., F-1
    for _ in 0..20 {
        click(&root, ".step-controls .next").await;
    }
    assert_eq!(texts(&root, ".result-value"), ["0x60e000ee"]);
    assert_eq!(texts(&root, ".verdict.ok").len(), 1);
    root.remove();
}

#[wasm_bindgen_test]
async fn trits_panel_rejects_overlap_and_packs() {
    let root = open("/trits?a=10000000&b=10000001").await;
    let error = texts(&root, ".overlap-error");
    assert!(error[0].contains("e4"), "{error:?}");
    assert_eq!(texts(&root, "table.packed").len(), 0);
    root.remove();
    // not the default boards (0xffff and 0xffff << 48): rank 1 and a7, h7
    let root = open("/trits?a=ff&b=81000000000000").await;
    let bytes = texts(&root, "table.packed .packed-byte");
    assert_eq!(
        bytes,
        ["121", "13", "0", "0", "0", "0", "0", "0", "0", "54", "0", "2", "0"]
    );
    root.remove();
}

/// Issue 11: every nibble survives its link. Clicking a row writes `x` as
/// bare hex; the link, opened again, shows the same row (0xA and 0xC..0xF
/// used to come back as the fallback 0xB). Each run starts from another
/// nibble, so the click always changes the URL.
#[wasm_bindgen_test]
async fn every_nibble_survives_its_link() {
    for x in 0..16u32 {
        let root = open(&format!("/nibbles?x={:x}", (x + 1) % 16)).await;
        click(&root, &format!(".nibble-table tr[data-nibble='0x{x:X}']")).await;
        let hash = web_sys::window().unwrap().location().hash().unwrap();
        assert!(hash.contains(&format!("x={x:x}")), "{hash}");
        root.remove();
        let root = open(&hash).await;
        let chosen = texts(&root, ".nibble-table tr.chosen td");
        assert_eq!(chosen[1], format!("0x{x:X}"), "{hash}");
        root.remove();
    }
}

fn known_magic_select(root: &Element) -> web_sys::HtmlSelectElement {
    root.query_selector("select.known-magic")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap()
}

/// Issue 15: a magic of your own, reopened from its link, shows no known
/// magic (Yew inserts a list's options last first, so without a chosen
/// option the browser picked the last one, 0x09AF at 16 bits).
#[wasm_bindgen_test]
async fn a_custom_de_bruijn_magic_reopens_identical() {
    let root = open("/debruijn?width=16&magic=cbd").await;
    assert_eq!(known_magic_select(&root).value(), "");
    let magic: web_sys::HtmlInputElement = root
        .query_selector("#magic")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(magic.value(), "0x0cbd");
    root.remove();
    let root = open("/debruijn?width=16").await;
    assert_eq!(known_magic_select(&root).value(), "9af");
    root.remove();
}

// ---- the GPU kernel through WebGPU (SwiftShader in headless Chromium;
// webdriver.json adds --enable-unsafe-webgpu) ----

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

#[wasm_bindgen_test]
async fn gpu_perft_in_the_browser() {
    let gpu = match GpuPerft::new().await {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    web_sys_log(&format!("{:?}", gpu.report()));
    for variant in Kernel::DEPTH_FIRST {
        let mut batches = 0;
        let opts = Options {
            batch_size: Some(256),
            ..Options::with_variant(variant)
        };
        let run = gpu
            .run_fen(KIWIPETE, 3, &opts, |_, _| {
                batches += 1;
                true
            })
            .await
            .unwrap();
        assert_eq!(run.nodes, 97862, "{variant}: {run:?}");
        assert_eq!(run.batches, batches);
        let root = gpu
            .run_fen(
                KIWIPETE,
                3,
                &Options {
                    split_depth: Some(0),
                    ..Options::with_variant(variant)
                },
                |_, _| true,
            )
            .await
            .unwrap();
        assert_eq!(root.nodes, 97862, "{variant}, root only");
        assert_timed_where_offered(&gpu, &run);
    }
    // the default (breadth-first) kernels, timed the same way
    let run = gpu
        .run_fen(KIWIPETE, 3, &Options::default(), |_, _| true)
        .await
        .unwrap();
    assert_eq!(run.nodes, 97862, "{run:?}");
    assert_timed_where_offered(&gpu, &run);
}

/// A run reports GPU time from timestamp queries exactly when the adapter
/// has them.
fn assert_timed_where_offered(gpu: &GpuPerft, run: &GpuRun) {
    assert_eq!(
        run.kernel_seconds().is_some(),
        gpu.report().timestamp_query,
        "{run:?}"
    );
}

/// Kiwipete depth 4 in the browser, timed by the page's clock (the library
/// itself never reads one); the figures go to the console (`--nocapture`).
#[wasm_bindgen_test]
async fn gpu_perft_speed_in_the_browser() {
    let gpu = GpuPerft::new().await.unwrap();
    for variant in Kernel::DEPTH_FIRST {
        let opts = Options::with_variant(variant);
        gpu.run_fen(KIWIPETE, 1, &opts, |_, _| true).await.unwrap(); // compile
        let t = js_sys::Date::now();
        let run = gpu.run_fen(KIWIPETE, 4, &opts, |_, _| true).await.unwrap();
        let s = (js_sys::Date::now() - t) / 1000.0;
        assert_eq!(run.nodes, 4_085_603);
        web_sys_log(&format!(
            "browser {variant}: kiwipete 4, {} nodes in {s:.3} s = {:.0} nodes/s ({} positions, {} batches)",
            run.nodes,
            run.nodes as f64 / s,
            run.positions,
            run.batches
        ));
    }
}

fn web_sys_log(s: &str) {
    wasm_bindgen_test::console_log!("{}", s);
}

/// The derivation's step lights the graph edge of its own table row: at
/// dstep=4 on 0x1D (8 bits) the newest row is shift 3, window 111 = 7, which
/// leaves node 11 = 3; the three edges before it are drawn as walked.
#[wasm_bindgen_test]
async fn debruijn_graph_lights_the_derivation_row() {
    let root = open("/debruijn?width=8&magic=1d&dstep=4").await;
    let row = root
        .query_selector("table.windows tr.current")
        .unwrap()
        .expect("a current row");
    let cells = texts(&row, "td");
    assert_eq!(cells[0], "3");
    assert_eq!(cells[2], "7");
    let edge = root
        .query_selector("path.edge.current")
        .unwrap()
        .expect("a current edge");
    assert_eq!(edge.get_attribute("data-window").as_deref(), Some("7"));
    let node = root.query_selector("g.node.leaving").unwrap().unwrap();
    assert_eq!(node.get_attribute("data-node").as_deref(), Some("3"));
    assert_eq!(
        root.query_selector_all("path.edge.walked")
            .unwrap()
            .length(),
        3
    );
    root.remove();
}

/// Issue 13: the magic lookup in the browser shows the library's index and
/// attack set, a click on the occupancy changes both, a bad magic lists
/// breaking collisions, and the panel links to the de Bruijn scan.
#[wasm_bindgen_test]
async fn magic_panel_looks_up_validates_and_links() {
    use bitscope::bits::trace::Outcome;
    use bitscope::chess::magic_lab::{builtin_magic, lookup_trace, ray_walk, SliderPiece};
    use bitscope::chess::Square;
    let expect = |occ: u64| {
        let m = builtin_magic(SliderPiece::Rook, Square::D4);
        let t = lookup_trace(SliderPiece::Rook, Square::D4, occ, m, 10).unwrap();
        let Outcome::Word(w) = t.result else { panic!() };
        (
            t.steps[3].value.bits.to_string(),
            format!("0x{:016x}", w.bits),
        )
    };
    let occ = Square::D6.bit() | Square::B4.bit();
    let root = open(&format!("/magic?piece=rook&sq=d4&occ={occ:x}&step=99")).await;
    let (index, attack) = expect(occ);
    assert_eq!(texts(&root, ".magic-index"), [index]);
    assert_eq!(texts(&root, ".magic-attack"), [attack.clone()]);
    assert_eq!(
        attack,
        format!("0x{:016x}", ray_walk(SliderPiece::Rook, Square::D4, occ))
    );
    assert_eq!(texts(&root, ".step-count"), ["step 5 of 5"]);
    assert_eq!(texts(&root, ".validity.ok").len(), 1);
    assert_eq!(texts(&root, ".collision.breaking").len(), 0);
    assert_eq!(
        root.query_selector_all("a.panel-link[data-link='debruijn']")
            .unwrap()
            .length(),
        1
    );
    // a blocker on d2
    click(&root, ".occ-grid [data-square='d2']").await;
    let (index, attack) = expect(occ | Square::D2.bit());
    assert_eq!(texts(&root, ".magic-index"), [index]);
    assert_eq!(texts(&root, ".magic-attack"), [attack]);
    root.remove();

    let root = open("/magic?piece=bishop&sq=a1&magic=1&bits=6").await;
    assert_eq!(texts(&root, ".validity.bad").len(), 1);
    assert!(!texts(&root, ".collision.breaking").is_empty());
    assert_eq!(
        texts(&root, ".export-rust").len(),
        0,
        "no export of a bad magic"
    );
    root.remove();

    // and the de Bruijn panel links back
    let root = open("/debruijn").await;
    assert_eq!(
        root.query_selector_all("a.panel-link[data-link='magic']")
            .unwrap()
            .length(),
        1
    );
    root.remove();
}

/// Issue 13: the popcount panel steps the SWAR count on growing lanes, each
/// lane checked, beside Kernighan's loop and the instruction; a bad word
/// keeps the last good one.
#[wasm_bindgen_test]
async fn popcount_panel_counts_three_ways() {
    use bitscope::bits::popcount::{lane_popcounts, swar};
    let root = open("/popcount?width=64&x=f0f0000000000001&step=1").await;
    assert_eq!(texts(&root, ".pop-swar"), ["9"]);
    assert_eq!(texts(&root, ".pop-kernighan"), ["9"]);
    assert_eq!(texts(&root, ".pop-hardware"), ["9"]);
    // step 2: 32 two-bit lanes, each holding its lane's count
    let want = lane_popcounts(64, 0xf0f0_0000_0000_0001, 2);
    let held = texts(&root, "table.lane-checks tbody td:nth-child(2)");
    let mut held: Vec<i64> = held.iter().map(|t| t.parse().unwrap()).collect();
    held.reverse();
    assert_eq!(held, want);
    assert_eq!(
        root.query_selector_all("table.lane-checks td.bad")
            .unwrap()
            .length(),
        0
    );
    for _ in 0..10 {
        click(&root, ".pop-swar-card .step-controls .next").await;
    }
    assert_eq!(texts(&root, ".pop-swar-card .result-value"), ["9"]);
    assert_eq!(texts(&root, ".pop-swar-card .step-count"), ["step 6 of 6"]);
    // 8 bits: no multiply step
    click(&root, ".tab[data-choice='width=8']").await;
    assert_eq!(texts(&root, ".pop-swar-card .step-count"), ["step 1 of 5"]);
    assert_eq!(texts(&root, ".pop-swar"), [swar(8, 1).unwrap().to_string()]);
    let input: web_sys::HtmlInputElement = root
        .query_selector("#pop-x")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value("0x1ff");
    input
        .dispatch_event(&web_sys::InputEvent::new("input").unwrap())
        .unwrap();
    settle().await;
    assert!(texts(&root, ".number-input .error")[0].contains("does not fit in 8 bits"));
    assert_eq!(texts(&root, ".pop-hardware"), ["1"]);
    root.remove();
}

/// Issue 13: the quad panel draws the four boards, reads a clicked square
/// and steps a whole-board set; a bad FEN keeps the last good position.
#[wasm_bindgen_test]
async fn quad_panel_reads_squares_and_sets() {
    use bitscope::bits::quad::{Quad, QuadSet};
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let root = open(&format!("/quad?fen={start}&op=set&set=sliders&step=9")).await;
    let hexes: Vec<String> = texts(&root, ".quad-board .grid-hex")
        .iter()
        .map(|t| t.trim().to_string())
        .collect();
    let q = Quad::from_fen(start).unwrap();
    assert_eq!(
        hexes,
        q.0.iter()
            .map(|b| format!("0x{b:016x}"))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        texts(&root, ".result-value"),
        [format!("0x{:016x}", QuadSet::Sliders.eval(&q))]
    );
    click(&root, ".cols button[data-square='e8']").await;
    for _ in 0..4 {
        click(&root, ".step-controls .next").await;
    }
    assert_eq!(texts(&root, ".result-value"), ["14"]);
    assert!(texts(&root, ".quad-square")[0].contains("black king"));
    let input: web_sys::HtmlInputElement = root
        .query_selector("#quad-fen")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR");
    input
        .dispatch_event(&web_sys::InputEvent::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(texts(&root, ".fen-error").len(), 1);
    assert_eq!(texts(&root, ".result-value"), ["14"]);
    let links = root
        .query_selector("a.panel-link[data-link='nibble-board']")
        .unwrap()
        .unwrap();
    assert!(links
        .get_attribute("href")
        .unwrap()
        .contains("fen=rnbqkbnr"));
    root.remove();
}

/// NaN bits by x86-64's rule in wasm too: WebAssembly leaves a NaN's sign
/// and payload open (Chromium gives 0x7fc00000 for every NaN), so the page
/// computes them by the rule, and must agree with the CLI bit for bit.
#[wasm_bindgen_test]
fn nan_bits_follow_x86_64_in_wasm() {
    use bitscope::bits::float::arith::{evaluate, Op};
    use bitscope::bits::float::x86::{f32_add, f32_mul, f32_sub, f64_div, f64_sqrt};
    use bitscope::bits::float::{decoded, Overflow, BINARY32, BINARY64, E4M3};
    let (inf, one, snan, qnan_neg) = (0x7f80_0000, 0x3f80_0000, 0x7f80_0001, 0xffc0_1234);
    assert_eq!(f32_sub(inf, inf), 0xffc0_0000, "inf - inf: the default NaN");
    assert_eq!(f32_mul(0, inf), 0xffc0_0000, "0 × inf");
    assert_eq!(
        f32_add(snan, one),
        0x7fc0_0001,
        "a signalling NaN comes back quieted"
    );
    assert_eq!(
        f32_add(one, qnan_neg),
        qnan_neg,
        "the NaN operand, its sign and payload kept"
    );
    assert_eq!(f32_add(qnan_neg, snan), qnan_neg, "the first NaN operand");
    assert_eq!(f64_div(0, 0), 0xfff8_0000_0000_0000, "0 / 0");
    assert_eq!(
        f64_sqrt(0xbff0_0000_0000_0000),
        0xfff8_0000_0000_0000,
        "√-1"
    );
    // the exact library gives the same bits in every format
    let add = |f, a, b| {
        evaluate(f, Op::Add, &[a, b], Overflow::default_for(f))
            .unwrap()
            .bits
    };
    assert_eq!(add(BINARY32, u64::from(snan), u64::from(one)), 0x7fc0_0001);
    assert_eq!(
        add(BINARY64, 0x7ff0_0000_0000_0000, 0xfff0_0000_0000_0000),
        0xfff8_0000_0000_0000
    );
    assert_eq!(
        add(E4M3, 0x7e, 0x7e),
        0x7e,
        "E4M3 saturates: 448 + 448 = 448"
    );
    assert_eq!(
        decoded(BINARY32, 0x3dcc_cccd).unwrap().exact,
        "0.100000001490116119384765625"
    );
}

/// C's floats in wasm give the bits gcc gives on x86-64: the Lab's
/// evaluator runs in the worker, where Chromium leaves a NaN's sign and
/// payload open, so every value here is the CLI's (each checked against
/// gcc -O0 by `tests/native/c_gcc_float.rs`).
#[wasm_bindgen_test]
fn c_floats_in_wasm_are_gcc_s() {
    use bitscope::lang::c::{Program, RunOptions};
    let src = "#include <math.h>
static float u2f(unsigned u) { union { unsigned u; float f; } a; a.u = u; return a.f; }
static unsigned f2u(float f) { return *(unsigned *)&f; }
unsigned sub(unsigned a, unsigned b) { return f2u(u2f(a) - u2f(b)); }
unsigned twice(unsigned a) { return f2u(2 * u2f(a)); }
unsigned neg(unsigned a) { return f2u(-u2f(a)); }
int to_int(unsigned a) { return (int)u2f(a); }
unsigned long to_ulong(unsigned long long b) { return (unsigned long)*(double *)&b; }
unsigned root(unsigned a) { return f2u(sqrtf(u2f(a))); }
unsigned rounded(long n) { return f2u((float)n); }";
    let p = Program::parse(src).unwrap();
    let run = |f: &str, args: &[u64]| {
        p.run(f, args, &RunOptions::default())
            .unwrap()
            .value
            .unwrap()
            .extended()
    };
    let (inf, snan) = (0x7f80_0000, 0x7fa0_0001);
    assert_eq!(
        run("sub", &[inf, inf]),
        0xffc0_0000,
        "inf - inf: the default NaN"
    );
    assert_eq!(
        run("sub", &[0x3f80_0000, 0xffc0_1234]),
        0xffc0_1234,
        "the NaN operand kept"
    );
    assert_eq!(
        run("twice", &[snan]),
        0x7fe0_0001,
        "a signalling NaN quieted"
    );
    assert_eq!(
        run("neg", &[0x7fc0_0000]),
        0xffc0_0000,
        "negation flips a NaN's sign"
    );
    assert_eq!(
        run("to_int", &[0x4f00_0000]) as u32,
        0x8000_0000,
        "2^31: out of range"
    );
    assert_eq!(
        run("to_ulong", &[0x43f0_0000_0000_0000]),
        0,
        "2^64 as gcc converts it"
    );
    assert_eq!(run("root", &[0xbf80_0000]), 0xffc0_0000, "sqrt(-1)");
    assert_eq!(run("rounded", &[16_777_217]), 0x4b80_0000, "a tie to even");
}
