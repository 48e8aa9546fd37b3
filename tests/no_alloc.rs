//! Perft and move generation allocate nothing once the tables are built.
#![cfg(not(target_arch = "wasm32"))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use bitscope::chess::{perft, Position};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn perft_does_not_allocate() {
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
            .unwrap();
    assert_eq!(perft(&kiwipete, 1), 48); // builds the slider table
    let before = ALLOCS.load(Ordering::Relaxed);
    assert_eq!(perft(&kiwipete, 3), 97_862);
    let moves = kiwipete.legal_moves();
    assert_eq!(moves.len(), 48);
    assert_eq!(ALLOCS.load(Ordering::Relaxed), before);
}
