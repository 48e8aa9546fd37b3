//! The GPU's packed position and workgroup-memory figure: checks that need
//! no GPU (naga compiles the WGSL on the CPU).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::suite::{perft_suite, Case};
use bitscope::chess::Position;
use bitscope::gpu::layout::{self, Kernel};
use bitscope::gpu::packed::{self, pack, unpack, Meta};
use bitscope::gpu::pipeline;
use bitscope::gpu::{breadth_first, AttackMethod};

#[test]
fn packed_layout_round_trips() {
    for Case { id: name, fen, .. } in perft_suite() {
        let p = Position::from_fen(&fen).unwrap();
        let w = pack(&p);
        assert_eq!(unpack(&w), p, "{name}");
        assert_eq!(pack(&unpack(&w)), w, "{name}");
        packed::check_packed(&w).unwrap_or_else(|e| panic!("{name}: {e}"));
        let meta = Meta::unpack(w[10]);
        assert_eq!(meta.pack(), w[10] & 0x1f_ffff, "{name}");
        // every child too, which exercises captures, castling, promotions, e.p.
        for m in p.legal_moves().as_slice() {
            let c = p.play(*m);
            assert_eq!(unpack(&pack(&c)), c, "{name} after {}", m.to_uci());
            packed::check_packed(&pack(&c)).unwrap();
        }
    }
    let w = pack(&Position::startpos());
    assert_eq!(packed::board(&w, 0), 0xffff, "white");
    assert_eq!(packed::board(&w, 1), 0x00ff_0000_0000_ff00, "pawns");
    assert_eq!(
        Meta::unpack(w[10]),
        Meta {
            white_king: 4,
            black_king: 60,
            black_to_move: false,
            castling: 15,
            ep_file: None
        }
    );
}

/// The workgroup-memory figure, computed by naga from the WGSL types the
/// host really compiles, equals `layout::workgroup_bytes`.
#[test]
fn workgroup_bytes_match_the_wgsl() {
    use bitscope::gpu::workgroup_bytes;
    use wgpu::naga;
    assert_eq!(workgroup_bytes(64, 50, Kernel::Workgroup), 15616);
    for variant in Kernel::DEPTH_FIRST {
        for wg in [1u32, 7, 32, 64, 128] {
            let src =
                pipeline::shader_source(variant, wg, layout::MAX_PLIES, AttackMethod::KoggeStone)
                    .unwrap();
            let module = naga::front::wgsl::parse_str(&src)
                .unwrap_or_else(|e| panic!("{}", e.emit_to_string(&src)));
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::empty(),
            )
            .validate(&module)
            .unwrap_or_else(|e| panic!("{variant} wg {wg}: {e:?}"));
            let mut layouter = naga::proc::Layouter::default();
            layouter.update(module.to_ctx()).unwrap();
            let bytes: u64 = module
                .global_variables
                .iter()
                .filter(|(_, g)| g.space == naga::AddressSpace::WorkGroup)
                .map(|(_, g)| u64::from(layouter[g.ty].size).div_ceil(16) * 16)
                .sum();
            assert_eq!(
                bytes,
                workgroup_bytes(wg, layout::MAX_PLIES, variant),
                "{variant} wg {wg}"
            );
        }
    }
}

/// The breadth-first walk's private memory figure is the size naga gives
/// its `Sources` struct, none of its arrays is over 256 B, and the walk
/// holds the most sources a side with `BFS_MAX_OFFICERS` pieces besides
/// pawns and king can have (one per knight, bishop, rook or queen; four
/// pawn directions; the king).
#[test]
fn bfs_private_bytes_match_the_wgsl() {
    use bitscope::gpu::breadth_first::BFS_MAX_OFFICERS;
    use bitscope::gpu::layout::{largest_private_array, private_bytes, BFS_SOURCES};
    use wgpu::naga;
    let src = breadth_first::bfs_source(64, AttackMethod::KoggeStone, true, true).unwrap();
    let module =
        naga::front::wgsl::parse_str(&src).unwrap_or_else(|e| panic!("{}", e.emit_to_string(&src)));
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).unwrap();
    let (handle, ty) = module
        .types
        .iter()
        .find(|(_, t)| t.name.as_deref() == Some("Sources"))
        .expect("bfs.wgsl declares struct Sources");
    let bytes = u64::from(layouter[handle].size);
    assert_eq!(bytes, private_bytes(Kernel::BreadthFirst));
    let naga::TypeInner::Struct { members, .. } = &ty.inner else {
        panic!("Sources is a struct")
    };
    let largest = members
        .iter()
        .map(|m| u64::from(layouter[m.ty].size))
        .max()
        .unwrap();
    assert_eq!(largest, largest_private_array(Kernel::BreadthFirst));
    assert!(largest <= 256, "{largest} B");
    assert!(
        u64::from(BFS_SOURCES) >= u64::from(4 + BFS_MAX_OFFICERS + 1),
        "{BFS_SOURCES} sources"
    );
}

/// Every kernel source the host can build, each slider method included,
/// parses and validates with naga (no GPU needed).
#[test]
fn every_slider_source_validates() {
    use wgpu::naga;
    let check = |what: String, src: String| {
        let module = naga::front::wgsl::parse_str(&src)
            .unwrap_or_else(|e| panic!("{what}: {}", e.emit_to_string(&src)));
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::empty(),
        )
        .validate(&module)
        .unwrap_or_else(|e| panic!("{what}: {e:?}"));
    };
    for slider in AttackMethod::ALL {
        for variant in Kernel::DEPTH_FIRST {
            let src = pipeline::shader_source(variant, 64, layout::MAX_PLIES, slider).unwrap();
            check(format!("{variant} {slider}"), src);
        }
        for (white, direct) in [(true, true), (true, false), (false, true), (false, false)] {
            check(
                format!("breadth-first {slider}, white to move: {white}, direct counts: {direct}"),
                breadth_first::bfs_source(128, slider, white, direct).unwrap(),
            );
        }
    }
}
