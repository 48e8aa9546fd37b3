//! The kernel's memory: its constants, its two storage variants, and the
//! one workgroup-memory formula; beside it the move word's place.
//!
//! The packed position (11 x u32) is [`super::packed`]'s.
//!
//! # The move word
//!
//! One u32 per ply on the kernel's stack, its own undo record: the very
//! [`crate::chess::Move`] the CPU plays (defined once in
//! [`crate::chess::moves`], since the CPU's make / unmake reads it and
//! `chess` never imports `gpu`; the tests below check the kernel's special
//! codes and word counts against it).
//!
//! # Workgroup memory
//!
//! [`workgroup_budget`] is the one formula: the seed design's arithmetic and
//! the kernel's real declarations side by side (see [`WorkgroupBudget`] for
//! why they differ); [`workgroup_bytes`] is its kernel total, which the host
//! checks against the adapter's limit, and which the panels, the CLI and
//! the kernel's size test read.
//!
//! ```
//! use bitscope::gpu::layout::{workgroup_budget, workgroup_bytes, Design, Kernel};
//! let b = workgroup_budget(Design::SEED);
//! assert_eq!((b.seed.position_bytes, b.seed.total), (42, 15_488));
//! assert_eq!((b.kernel.position_bytes, b.kernel.total), (44, 15_616));
//! assert_eq!(workgroup_bytes(64, 50, Kernel::Workgroup), b.kernel.total);
//! ```

use serde::{Deserialize, Serialize};

use super::packed::{CASTLING, EN_PASSANT, POS_BYTES, POS_WORDS, SIDE_TO_MOVE};
use crate::chess::{Move, Position};

/// Plies of move stack per invocation (the WGSL `MAX_PLY`). The kernel counts
/// the last ply in bulk (never pushed), so one invocation searches at most
/// `MAX_PLIES + 1` plies deep.
pub const MAX_PLIES: u32 = 50;
/// Workgroup size the kernel is written for (the WGSL `WG`).
pub const DEFAULT_WORKGROUP_SIZE: u32 = 64;
/// Largest depth one invocation can search with the default stack.
pub const MAX_GPU_DEPTH: u32 = MAX_PLIES + 1;

/// The kernel a run uses: the depth-first search with each invocation's
/// position and move stack in workgroup memory or in private memory, or the
/// breadth-first family. Its [`Kernel::name`] is the first part of a
/// `--variant` name (and of the URL's `variant`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kernel {
    /// Depth-first, `var<workgroup>` arrays indexed by
    /// `local_invocation_index` (on-chip shared memory on a real GPU).
    Workgroup,
    /// Depth-first, `var<private>` arrays (registers, spilled to scratch
    /// memory).
    Private,
    /// The breadth-first kernel family (level by level in global memory,
    /// last two plies fused; see [`super::bfs`]).
    BreadthFirst,
}

impl Kernel {
    /// The two depth-first kernels, workgroup first.
    pub const DEPTH_FIRST: [Kernel; 2] = [Kernel::Workgroup, Kernel::Private];
    /// Every kernel: the two depth-first ones and the breadth-first one.
    pub const ALL: [Kernel; 3] = [Kernel::Workgroup, Kernel::Private, Kernel::BreadthFirst];

    /// Lower-case name, as the CLI and the UI show it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Workgroup => "workgroup",
            Kernel::Private => "private",
            Kernel::BreadthFirst => "breadth-first",
        }
    }
}

impl std::fmt::Display for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

uniform! {
    /// The uniform block of one depth-first dispatch (perft.wgsl's `params`).
    pub struct Params {
        /// Positions in this batch.
        pub count,
        /// Remaining depth of every position (0 counts the position itself).
        pub depth,
        /// Index of the batch's first position in the positions buffer.
        pub base,
        /// Reserved, 0.
        pub flags,
    }
}

// ----------------------------------------------------------- workgroup memory

/// Bytes the seed design counts for one position: five bitboards and two
/// king-square bytes, `5 x 8 + 2 = 42` (side to move, castling and en
/// passant left out of the sum).
pub const SEED_POSITION_BYTES: u32 = 5 * u64::BITS / 8 + 2 * u8::BITS / 8;
/// Bytes of one move word on the stack.
pub const MOVE_BYTES: u32 = std::mem::size_of::<Move>() as u32;

/// The inputs of the workgroup-memory sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Design {
    /// Invocations per workgroup, each with its own position and stack.
    pub threads: u32,
    /// Plies of move stack per invocation.
    pub plies: u32,
    /// Bytes of one position, as the design counts them.
    pub position_bytes: u32,
    /// Bytes of one move.
    pub move_bytes: u32,
}

impl Design {
    /// The seed's numbers: 64 threads, 50 plies, 42-byte positions, 4-byte moves.
    pub const SEED: Design = Design {
        threads: DEFAULT_WORKGROUP_SIZE,
        plies: MAX_PLIES,
        position_bytes: SEED_POSITION_BYTES,
        move_bytes: MOVE_BYTES,
    };
}

/// One column of the sum: positions, move stacks and their total, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BudgetPart {
    /// Bytes of one position in this column.
    pub position_bytes: u32,
    /// Bytes of one move in this column.
    pub move_bytes: u32,
    /// All positions of a workgroup.
    pub positions: u64,
    /// All move stacks of a workgroup.
    pub stacks: u64,
    /// `positions + stacks`.
    pub total: u64,
}

impl BudgetPart {
    fn new(position_bytes: u32, move_bytes: u32, positions: u64, stacks: u64) -> BudgetPart {
        BudgetPart {
            position_bytes,
            move_bytes,
            positions,
            stacks,
            total: positions + stacks,
        }
    }

    /// Whether it fits in `limit` bytes.
    pub fn fits(&self, limit: u64) -> bool {
        self.total <= limit
    }

    /// The total as a percentage of `limit` (0 for a zero limit).
    pub fn percent_of(&self, limit: u64) -> f64 {
        if limit == 0 {
            0.0
        } else {
            self.total as f64 * 100.0 / limit as f64
        }
    }

    /// Bytes left under `limit` (negative: over by that much).
    pub fn spare(&self, limit: u64) -> i64 {
        limit as i64 - self.total as i64
    }
}

/// Workgroup ("shared") memory of one workgroup, two ways.
///
/// * `seed`: the design's own arithmetic, `threads x position_bytes +
///   threads x plies x move_bytes`: 64 x 42 + 64 x 50 x 4 = 2,688 + 12,800 =
///   **15,488 B** with [`Design::SEED`].
/// * `kernel`: what `perft.wgsl`'s workgroup variant really declares and
///   WebGPU counts against `maxComputeWorkgroupStorageSize`:
///   `array<u32, WG * POS_WORDS>` and `array<u32, WG * MAX_PLY>`, each
///   rounded up to 16 bytes (`roundUp(16, SizeOf(T))`): 64 x 44 = 2,816 and
///   64 x 50 x 4 = 12,800, **15,616 B**.
///
/// The 128 B between them: the seed counts a position as five bitboards and
/// two king-square bytes (42 B) and leaves out side to move, castling and en
/// passant; the kernel stores a position as 11 whole u32 words (44 B), the
/// king squares and those flags sharing word 10, so 2 B more a position, 64 x
/// 2 = 128 B. The 16-byte rounding adds nothing at 64 invocations (2,816 and
/// 12,800 are multiples of 16) but does for odd sizes: one invocation takes
/// 48 + 208 = 256 B, not 44 + 200.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WorkgroupBudget {
    /// Invocations per workgroup.
    pub threads: u32,
    /// Plies of move stack per invocation.
    pub plies: u32,
    /// The design's arithmetic (its own position and move sizes).
    pub seed: BudgetPart,
    /// The kernel's declarations (44-byte positions, u32 moves, 16-byte rounding).
    pub kernel: BudgetPart,
}

impl WorkgroupBudget {
    /// Bytes the kernel takes beyond the seed's sum (negative if fewer).
    pub fn difference(&self) -> i64 {
        self.kernel.total as i64 - self.seed.total as i64
    }
}

fn round_up_16(bytes: u64) -> u64 {
    bytes.div_ceil(16) * 16
}

/// The one workgroup-memory formula: the seed's arithmetic for `design` and
/// the kernel's real figures for the same threads and plies.
pub fn workgroup_budget(design: Design) -> WorkgroupBudget {
    let threads = u64::from(design.threads);
    let plies = u64::from(design.plies);
    let seed = BudgetPart::new(
        design.position_bytes,
        design.move_bytes,
        threads * u64::from(design.position_bytes),
        threads * plies * u64::from(design.move_bytes),
    );
    let kernel = BudgetPart::new(
        POS_BYTES as u32,
        MOVE_BYTES,
        round_up_16(threads * POS_BYTES as u64),
        round_up_16(threads * plies * u64::from(MOVE_BYTES)),
    );
    WorkgroupBudget {
        threads: design.threads,
        plies: design.plies,
        seed,
        kernel,
    }
}

/// Workgroup memory one workgroup of the kernel takes, in bytes, as WebGPU
/// counts it: [`workgroup_budget`]'s kernel total for the workgroup variant
/// (15,616 for 64 invocations and 50 plies, under the 16,384 every WebGPU
/// device offers), 0 for the private variant, which declares none.
pub fn workgroup_bytes(workgroup_size: u32, max_plies: u32, variant: Kernel) -> u64 {
    match variant {
        Kernel::Private => 0,
        Kernel::BreadthFirst => bfs_workgroup_bytes(workgroup_size),
        Kernel::Workgroup => {
            workgroup_budget(Design {
                threads: workgroup_size,
                plies: max_plies,
                ..Design::SEED
            })
            .kernel
            .total
        }
    }
}

/// Workgroup memory of one workgroup of the breadth-first kernels: the
/// scan / reduction array `bf_sh`, `2 x workgroup_size` u32.
pub fn bfs_workgroup_bytes(workgroup_size: u32) -> u64 {
    round_up_16(8 * u64::from(workgroup_size))
}

/// Move sources one breadth-first invocation keeps (the WGSL `BF_SOURCES`):
/// 4 pawn directions, one per other piece (15 at most, the host refuses
/// more), one king.
pub const BFS_SOURCES: u32 = 20;

/// Private memory per invocation beyond registers, in bytes, as the
/// kernels declare it: the depth-first private variant's position and move
/// stack (`pv_pos`, `pv_stack`), the breadth-first walk's move sources
/// (`Sources`: `array<vec2<u32>, 20>`, `array<u32, 20>` and their number,
/// the struct rounded to its 8-byte alignment); the workgroup variant keeps
/// one u32 (`lid`).
pub fn private_bytes(variant: Kernel) -> u64 {
    match variant {
        Kernel::Workgroup => 4,
        Kernel::Private => (POS_BYTES as u64) + u64::from(MAX_PLIES * MOVE_BYTES),
        Kernel::BreadthFirst => (u64::from(BFS_SOURCES) * (8 + 4) + 4).div_ceil(8) * 8,
    }
}

/// The largest private array of one invocation, in bytes: a GPU keeps a
/// run-time-indexed array in local (off-chip) memory.
pub fn largest_private_array(variant: Kernel) -> u64 {
    match variant {
        Kernel::Workgroup => 0,
        Kernel::Private => u64::from(MAX_PLIES * MOVE_BYTES),
        Kernel::BreadthFirst => u64::from(BFS_SOURCES) * 8,
    }
}

/// Workgroup memory per invocation: its share of one workgroup's.
pub fn workgroup_bytes_per_invocation(workgroup_size: u32, max_plies: u32, variant: Kernel) -> u64 {
    workgroup_bytes(workgroup_size, max_plies, variant) / u64::from(workgroup_size.max(1))
}

/// Global memory per position a kernel stores: depth-first, the frontier
/// position and its (lo, hi) count; breadth-first, each materialized
/// position and its children's offset.
pub fn global_bytes_per_position(variant: Kernel) -> u64 {
    match variant {
        Kernel::BreadthFirst => POS_BYTES as u64 + 4,
        _ => POS_BYTES as u64 + 8,
    }
}

/// The largest workgroup size, at most `wanted`, whose workgroup memory fits
/// in `limit` bytes; `None` when not even one invocation fits.
pub fn fit_workgroup_size(wanted: u32, max_plies: u32, variant: Kernel, limit: u64) -> Option<u32> {
    let mut wg = wanted.max(1);
    loop {
        if workgroup_bytes(wg, max_plies, variant) <= limit {
            return Some(wg);
        }
        if wg == 1 {
            return None;
        }
        // Stay on powers of two below the request: a whole number of SIMD groups.
        wg = if wg.is_power_of_two() {
            wg / 2
        } else {
            1 << (31 - wg.leading_zeros())
        };
    }
}

/// `maxComputeWorkgroupStorageSize` that every WebGPU device offers (wgpu's
/// default limits): 16,384 B. The budget tables compare against it before an
/// adapter has answered.
pub fn default_workgroup_storage_limit() -> u64 {
    u64::from(wgpu::Limits::default().max_compute_workgroup_storage_size)
}

/// Workgroup-memory sizes a design is measured against: WebGPU's guaranteed
/// minimum and the 48 KiB of shared memory a desktop GPU block gets (CUDA's
/// static limit).
pub fn reference_limits() -> [(u64, &'static str); 2] {
    [
        (default_workgroup_storage_limit(), "WebGPU default"),
        (48 * 1024, "desktop GPU (48 KiB)"),
    ]
}

/// Workgroup sizes the UI and benchmarks offer: whole SIMD groups, 16 to 256.
pub const WORKGROUP_SIZES: [u32; 5] = [16, 32, 64, 128, 256];

/// What one way of storing a position costs, for the size table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LayoutCost {
    /// The layout.
    pub name: &'static str,
    /// Bits of information the layout holds.
    pub bits: u32,
    /// Bytes it takes in memory.
    pub bytes: u32,
    /// How the bytes are spent.
    pub how: &'static str,
}

/// The layouts of the memory-vs-speed design, computed from the real types
/// where the project has them.
pub fn layout_costs() -> Vec<LayoutCost> {
    let board_state = SEED_POSITION_BYTES * 8; // five bitboards + two king squares
    let flags = SIDE_TO_MOVE.bits + CASTLING.bits + EN_PASSANT.bits;
    vec![
        LayoutCost {
            name: "5 bitboards + king squares (this Position)",
            bits: board_state + flags,
            bytes: std::mem::size_of::<Position>() as u32,
            how: "w, P, N, B, R as u64 + 2 king squares = 42 B of board, then side / castling / en passant bytes, padded to 8-byte alignment",
        },
        LayoutCost {
            name: "the same, packed for the GPU",
            bits: (POS_WORDS as u32) * 32,
            bytes: POS_BYTES as u32,
            how: "11 x u32: 10 words of bitboards + 1 word of kings and flags",
        },
        LayoutCost {
            name: "9-bit piece list",
            bits: 32 * 9 + flags,
            bytes: (32 * 9 + flags).div_ceil(8),
            how: "32 pieces x (6-bit square + 3-bit type) + 9 flag bits = 297 bits",
        },
        LayoutCost {
            name: "16-bit piece list",
            bits: 32 * 16,
            bytes: 32 * std::mem::size_of::<u16>() as u32,
            how: "32 pieces x u16, flags hidden in the spare high bits",
        },
        LayoutCost {
            name: "14 bitboards (Crafty-style)",
            bits: 14 * 64,
            bytes: 14 * std::mem::size_of::<u64>() as u32,
            how: "7 bitboards per side",
        },
        LayoutCost {
            name: "nibble board",
            bits: 64 * 4,
            bytes: 64 * 4 / 8,
            how: "64 squares x 4-bit piece code, 2 squares per byte",
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::moves::{Special, MOVE_FIELDS};
    use crate::chess::PieceKind;

    #[test]
    fn budget_of_default_kernel() {
        assert_eq!(workgroup_bytes(64, 50, Kernel::Workgroup), 15616);
        assert_eq!(workgroup_bytes(64, 50, Kernel::Private), 0);
        // 44 -> 48 and 200 -> 208: every declaration is rounded up to 16 bytes.
        assert_eq!(workgroup_bytes(1, 50, Kernel::Workgroup), 256);
        for (wanted, limit, fits) in [
            (64, 16384, Some(64)),
            (128, 16384, Some(64)),
            (100, 16384, Some(64)),
            (64, 8192, Some(32)),
            (64, 100, None),
        ] {
            assert_eq!(
                fit_workgroup_size(wanted, 50, Kernel::Workgroup, limit),
                fits,
                "{wanted} in {limit} B"
            );
        }
        assert_eq!(fit_workgroup_size(256, 50, Kernel::Private, 0), Some(256));
    }

    #[test]
    fn the_designs_numbers() {
        let b = workgroup_budget(Design {
            threads: 64,
            plies: 50,
            position_bytes: 42,
            move_bytes: 4,
        })
        .seed;
        assert_eq!((b.positions, b.stacks, b.total), (2688, 12800, 15488));
        assert!(b.fits(16 * 1024));
        let costs = layout_costs();
        let by_name = |n: &str| {
            costs
                .iter()
                .find(|c| c.name.starts_with(n))
                .unwrap()
                .clone()
        };
        assert_eq!(by_name("9-bit").bits, 297);
        assert_eq!(by_name("9-bit").bytes, 38);
        assert_eq!(by_name("16-bit").bytes, 64);
        assert_eq!(by_name("14 bitboards").bytes, 112);
        assert_eq!(by_name("nibble").bytes, 32);
        assert_eq!(by_name("the same, packed").bytes, 44);
        assert_eq!(by_name("5 bitboards").bits, 5 * 64 + 16 + 9);
    }

    #[test]
    fn seed_and_kernel_side_by_side() {
        let b = workgroup_budget(Design::SEED);
        assert_eq!(Design::SEED.position_bytes, 42);
        assert_eq!(
            (b.seed.positions, b.seed.stacks, b.seed.total),
            (2688, 12800, 15488)
        );
        assert_eq!(b.kernel.position_bytes, 44);
        assert_eq!(
            (b.kernel.positions, b.kernel.stacks, b.kernel.total),
            (2816, 12800, 15616)
        );
        assert_eq!(b.difference(), 128);
        assert_eq!(
            b.kernel.total,
            workgroup_bytes(64, MAX_PLIES, Kernel::Workgroup)
        );
        assert_eq!(default_workgroup_storage_limit(), 16384);
        assert!(b.kernel.fits(16384) && !b.kernel.fits(15615));
        assert_eq!(b.kernel.spare(16384), 768);
        assert!((b.seed.percent_of(16384) - 94.53125).abs() < 1e-9);
        let one = workgroup_budget(Design {
            threads: 1,
            ..Design::SEED
        });
        assert_eq!((one.kernel.positions, one.kernel.stacks), (48, 208));
    }

    #[test]
    fn move_word_fields() {
        let m = Move::pack(
            12,
            28,
            0,
            Special::DoublePush as u32,
            0,
            15,
            0,
            PieceKind::Pawn.code(),
        );
        let field = |name: &str| {
            let &(_, shift, bits) = MOVE_FIELDS.iter().find(|f| f.0 == name).unwrap();
            m.field(shift, bits)
        };
        assert_eq!(
            (
                m.from().index(),
                m.to().index(),
                m.captured_code(),
                m.special_code(),
                field("promotion"),
                u32::from(m.castling_before()),
                u32::from(m.ep_before()),
                m.piece_code()
            ),
            (12, 28, 0, 1, 0, 15, 0, 1)
        );
        let m = Move::pack(
            52,
            61,
            PieceKind::Rook.code(),
            Special::Promotion as u32,
            3,
            4,
            0b1011,
            PieceKind::Pawn.code(),
        );
        assert_eq!(
            (m.captured_code(), m.field(18, 2), u32::from(m.ep_before())),
            (4, 3, 0b1011)
        );
        assert_eq!(
            m.raw() >> 31,
            0,
            "bit 31 stays free for the kernel's NO_MOVE"
        );
    }

    #[test]
    fn private_memory_from_the_declarations() {
        let bfs = include_str!("kernels/bfs.wgsl");
        assert!(bfs.contains(&format!("const BF_SOURCES: u32 = {BFS_SOURCES}u;")));
        assert!(bfs.contains(
            "t: array<vec2<u32>, BF_SOURCES>,\n    m: array<u32, BF_SOURCES>,\n    n: u32,"
        ));
        assert!(bfs.contains("var<workgroup> bf_sh: array<u32, 2u * BWG>;"));
        let wgsl = include_str!("kernels/perft.wgsl");
        assert!(wgsl.contains("var<private> pv_pos: array<u32, POS_WORDS>;"));
        assert!(wgsl.contains("var<private> pv_stack: array<u32, MAX_PLY>;"));
        assert_eq!(private_bytes(Kernel::BreadthFirst), 248);
        assert_eq!(largest_private_array(Kernel::BreadthFirst), 160);
        assert_eq!(private_bytes(Kernel::Private), 244);
        for v in Kernel::ALL {
            assert!(largest_private_array(v) <= 256, "{v}");
        }
        assert_eq!(bfs_workgroup_bytes(64), 512);
        assert_eq!(
            workgroup_bytes_per_invocation(64, 50, Kernel::Workgroup),
            244
        );
    }

    #[test]
    fn wgsl_agrees_with_the_layout() {
        let wgsl = crate::gpu::pipeline::PERFT_WGSL;
        let constant = |name: &str| -> u32 {
            let line = wgsl
                .lines()
                .find(|l| l.starts_with(&format!("const {name}: u32 = ")))
                .unwrap_or_else(|| panic!("perft.wgsl has no const {name}"));
            let value = line.rsplit("= ").next().unwrap().trim_end_matches("u;");
            value.parse().unwrap()
        };
        assert_eq!(constant("POS_WORDS") as usize, POS_WORDS);
        assert_eq!(constant("MAX_PLY"), MAX_PLIES);
        assert_eq!(constant("WG"), DEFAULT_WORKGROUP_SIZE);
    }
}
