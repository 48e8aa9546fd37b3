//! State of the Position and GPU panels.
//!
//! Position: `fen`, `depth` (perft, 1..=7), `mv` (a move in UCI), `path`
//! (the moves a divide comparison descended from `fen`, `e1g1.a8b8`), and
//! the budget inputs `threads`, `pos`, `plies`, `move`. GPU: `fen`, `depth`,
//! `variant` (`workgroup` | `private`), `wg` (invocations per workgroup).

use super::url::{url_names, url_state};
use super::{PanelState, UrlValue};
use crate::chess::CPW_POSITIONS;
use crate::gpu::matrix::MatrixSize;
use crate::gpu::{AttackMethod, Kernel};

/// Deepest perft depth offered in the browser (a tab should answer in
/// seconds): the GPU layer's figure, used by the CPU perft too.
pub const MAX_BROWSER_DEPTH: u32 = crate::gpu::MAX_INTERACTIVE_DEPTH;

/// Workgroup sizes the GPU panel offers (owned by `gpu::layout`).
pub const GPU_WORKGROUP_SIZES: [u32; 5] = crate::gpu::layout::WORKGROUP_SIZES;
/// The GPU panel's transposition-table sizes, MiB (0: none; breadth-first only).
pub const GPU_HASH_SIZES: [u32; 5] = [0, 1, 16, 64, 256];

/// The budget calculator's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BudgetField {
    Threads,
    PositionBytes,
    Plies,
    MoveBytes,
}

impl BudgetField {
    pub const ALL: [BudgetField; 4] = [
        BudgetField::Threads,
        BudgetField::PositionBytes,
        BudgetField::Plies,
        BudgetField::MoveBytes,
    ];
    /// Values accepted.
    pub const RANGE: std::ops::RangeInclusive<u32> = 1..=100_000;

    /// The URL's key (also the input's `data-budget`).
    pub fn key(self) -> &'static str {
        match self {
            BudgetField::Threads => "threads",
            BudgetField::PositionBytes => "pos",
            BudgetField::Plies => "plies",
            BudgetField::MoveBytes => "move",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            BudgetField::Threads => "threads",
            BudgetField::PositionBytes => "position bytes",
            BudgetField::Plies => "plies",
            BudgetField::MoveBytes => "move bytes",
        }
    }

    /// The GPU design's figure ([`crate::gpu::Design::SEED`]): 64 threads,
    /// 42-byte positions, 50 plies of 4-byte moves.
    pub fn default_value(self) -> u32 {
        let seed = crate::gpu::Design::SEED;
        match self {
            BudgetField::Threads => seed.threads,
            BudgetField::PositionBytes => seed.position_bytes,
            BudgetField::Plies => seed.plies,
            BudgetField::MoveBytes => seed.move_bytes,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionState {
    /// The FEN as the URL gives it (checked by the panel).
    pub fen: String,
    pub depth: u32,
    /// The move shown in the move layout, in UCI (the first legal move when
    /// none or an illegal one).
    pub mv: Option<String>,
    /// The budget inputs ([`BudgetField`]).
    pub threads: u32,
    pub position_bytes: u32,
    pub plies: u32,
    pub move_bytes: u32,
    /// The moves a divide comparison descended from `fen`: the panel shows
    /// the position at the end of the path.
    pub path: MovePath,
}

/// Moves in UCI, one after the other; in a link joined by dots
/// (`path=e1g1.a8b8`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovePath(pub Vec<String>);

impl std::ops::Deref for MovePath {
    type Target = Vec<String>;
    fn deref(&self) -> &Vec<String> {
        &self.0
    }
}

impl std::ops::DerefMut for MovePath {
    fn deref_mut(&mut self) -> &mut Vec<String> {
        &mut self.0
    }
}

impl UrlValue for MovePath {
    fn from_url(text: &str) -> Option<Self> {
        let moves = text.split('.').filter(|m| !m.is_empty());
        Some(MovePath(moves.map(str::to_string).collect()))
    }
    fn to_url(&self) -> String {
        self.join(".")
    }
}

impl Default for PositionState {
    fn default() -> Self {
        PositionState {
            fen: CPW_POSITIONS[0].1.to_string(),
            depth: 4,
            mv: None,
            threads: BudgetField::Threads.default_value(),
            position_bytes: BudgetField::PositionBytes.default_value(),
            plies: BudgetField::Plies.default_value(),
            move_bytes: BudgetField::MoveBytes.default_value(),
            path: MovePath::default(),
        }
    }
}

impl PositionState {
    pub fn budget(&self, field: BudgetField) -> u32 {
        match field {
            BudgetField::Threads => self.threads,
            BudgetField::PositionBytes => self.position_bytes,
            BudgetField::Plies => self.plies,
            BudgetField::MoveBytes => self.move_bytes,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionAction {
    /// A new (already checked) FEN: the chosen move goes.
    SetFen(String),
    SetDepth(u32),
    SetMove(String),
    /// A budget input (ignored outside [`BudgetField::RANGE`]).
    SetBudget(BudgetField, u32),
    /// One ply down a divide comparison: the move joins the path, the
    /// depth drops by one (not below 1).
    Descend(String),
    /// Back to the first `n` moves of the path; the depth rises by the
    /// plies left (up to the browser's deepest).
    Ascend(usize),
}

fn in_budget_range(v: &u32) -> bool {
    BudgetField::RANGE.contains(v)
}

url_state!(PositionState {
    fen: "fen",
    depth: "depth",
    mv (sparse): "mv",
    threads: "threads" if in_budget_range,
    position_bytes: "pos" if in_budget_range,
    plies: "plies" if in_budget_range,
    move_bytes: "move" if in_budget_range,
    path (sparse): "path",
} then |s: PositionState| PositionState { depth: s.depth.clamp(1, MAX_BROWSER_DEPTH), ..s });

impl PanelState for PositionState {
    type Action = PositionAction;

    fn apply(self, action: PositionAction) -> Self {
        match action {
            PositionAction::SetFen(fen) => PositionState {
                fen: fen.trim().to_string(),
                mv: None,
                path: MovePath::default(),
                ..self
            },
            PositionAction::Descend(mv) => {
                let mut path = self.path;
                path.push(mv);
                PositionState {
                    path,
                    mv: None,
                    depth: self.depth.saturating_sub(1).max(1),
                    ..self
                }
            }
            PositionAction::Ascend(n) if n < self.path.len() => {
                let up = (self.path.len() - n) as u32;
                let mut path = self.path;
                path.truncate(n);
                PositionState {
                    path,
                    mv: None,
                    depth: (self.depth + up).min(MAX_BROWSER_DEPTH),
                    ..self
                }
            }
            PositionAction::Ascend(_) => self,
            PositionAction::SetDepth(depth) => PositionState {
                depth: depth.clamp(1, MAX_BROWSER_DEPTH),
                ..self
            },
            PositionAction::SetMove(mv) => PositionState {
                mv: Some(mv),
                ..self
            },
            PositionAction::SetBudget(field, v) if BudgetField::RANGE.contains(&v) => {
                let mut s = self;
                match field {
                    BudgetField::Threads => s.threads = v,
                    BudgetField::PositionBytes => s.position_bytes = v,
                    BudgetField::Plies => s.plies = v,
                    BudgetField::MoveBytes => s.move_bytes = v,
                }
                s
            }
            PositionAction::SetBudget(..) => self,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuState {
    pub fen: String,
    pub depth: u32,
    pub variant: Kernel,
    /// Invocations per workgroup asked for: one of [`GPU_WORKGROUP_SIZES`].
    pub workgroup_size: u32,
    /// How the kernel computes slider attacks.
    pub slider: AttackMethod,
    /// How deep the memory-versus-speed matrix counts.
    pub matrix: MatrixSize,
    /// The breadth-first kernels' transposition table, MiB: one of
    /// [`GPU_HASH_SIZES`] (`hash`, left out when 0).
    pub hash_mb: u32,
    /// Breadth-first: merge each level's equal positions (on by default;
    /// `merge=0` when off).
    pub merge: bool,
    /// Merged: count the leaf level unmerged, each child looked up in a
    /// table of two-ply counts first (`leaf=1`; the table's size is
    /// `hash_mb`, or sized from the level when 0).
    pub leaf_table: bool,
}

impl Default for GpuState {
    fn default() -> Self {
        GpuState {
            fen: CPW_POSITIONS[0].1.to_string(),
            depth: 4,
            // the library's default: breadth-first, Kogge-Stone
            variant: crate::gpu::Options::default().variant,
            workgroup_size: crate::gpu::DEFAULT_WORKGROUP_SIZE,
            slider: crate::gpu::Options::default().slider,
            matrix: MatrixSize::Quick,
            hash_mb: 0,
            merge: true,
            leaf_table: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuAction {
    /// A new FEN (an empty one, the preset list's "—", is ignored).
    SetFen(String),
    SetDepth(u32),
    SetVariant(Kernel),
    SetWorkgroupSize(u32),
    SetSlider(AttackMethod),
    SetMatrixSize(MatrixSize),
    /// The table's size (one of [`GPU_HASH_SIZES`]; others are ignored).
    SetHash(u32),
    SetMerge(bool),
    SetLeafTable(bool),
}

url_names!(Kernel, Kernel::ALL, |k| k.name());
url_names!(AttackMethod, AttackMethod::ALL, |m| m.name());
url_names!(MatrixSize, MatrixSize::ALL, |m| m.name());

url_state!(GpuState {
    fen: "fen",
    depth: "depth",
    variant: "variant",
    workgroup_size: "wg" if |w| GPU_WORKGROUP_SIZES.contains(w),
    slider: "slider",
    matrix: "matrix",
    hash_mb (sparse): "hash" if |h| GPU_HASH_SIZES.contains(h),
    merge (sparse): "merge",
    leaf_table (sparse): "leaf",
} then |s: GpuState| GpuState { depth: s.depth.clamp(1, MAX_BROWSER_DEPTH), ..s });

impl PanelState for GpuState {
    type Action = GpuAction;

    fn apply(self, action: GpuAction) -> Self {
        match action {
            GpuAction::SetFen(fen) if !fen.trim().is_empty() => GpuState {
                fen: fen.trim().to_string(),
                ..self
            },
            GpuAction::SetFen(_) => self,
            GpuAction::SetDepth(depth) => GpuState {
                depth: depth.clamp(1, MAX_BROWSER_DEPTH),
                ..self
            },
            GpuAction::SetVariant(variant) => GpuState { variant, ..self },
            GpuAction::SetWorkgroupSize(w) if GPU_WORKGROUP_SIZES.contains(&w) => GpuState {
                workgroup_size: w,
                ..self
            },
            GpuAction::SetWorkgroupSize(_) => self,
            GpuAction::SetSlider(slider) => GpuState { slider, ..self },
            GpuAction::SetMatrixSize(matrix) => GpuState { matrix, ..self },
            GpuAction::SetHash(hash_mb) if GPU_HASH_SIZES.contains(&hash_mb) => {
                GpuState { hash_mb, ..self }
            }
            GpuAction::SetHash(_) => self,
            GpuAction::SetMerge(merge) => GpuState { merge, ..self },
            GpuAction::SetLeafTable(leaf_table) => GpuState { leaf_table, ..self },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::UrlState;
    use super::super::{all_survive_the_url, through_url};
    use super::*;
    use crate::ui::route::Route;
    use itertools::iproduct;

    const FENS: [&str; 3] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        "not a fen + 100% / odd",
    ];

    #[test]
    fn every_position_state_survives_the_url() {
        let fens = CPW_POSITIONS.iter().map(|p| p.1).chain(FENS);
        let moves = [None, Some("e1g1"), Some("e7e8q")];
        let states =
            iproduct!(fens, 1..=MAX_BROWSER_DEPTH, moves).map(|(fen, depth, mv)| PositionState {
                fen: fen.to_string(),
                depth,
                mv: mv.map(str::to_string),
                threads: 64 + depth,
                position_bytes: 42,
                plies: 50 * depth,
                move_bytes: 4,
                path: MovePath(match depth % 3 {
                    0 => Vec::new(),
                    1 => vec!["e1g1".into()],
                    _ => vec!["e1g1".into(), "a8b8".into(), "e7e8q".into()],
                }),
            });
        assert!(all_survive_the_url(states) >= 6 * 7 * 3);
        for f in BudgetField::ALL {
            for v in [1, 7, 100_000] {
                let s = PositionState::default().apply(PositionAction::SetBudget(f, v));
                assert_eq!(s.budget(f), v);
                assert_eq!(through_url(&s), s);
            }
        }
    }

    /// A bug hunt as a link: down two plies, the path in the URL, back up.
    #[test]
    fn a_divide_path_goes_down_and_up_through_the_url() {
        let s = PositionState {
            fen: FENS[0].into(),
            depth: 4,
            ..PositionState::default()
        };
        let down = s
            .clone()
            .apply(PositionAction::Descend("e1g1".into()))
            .apply(PositionAction::Descend("a8b8".into()));
        assert_eq!(*down.path, ["e1g1", "a8b8"]);
        assert_eq!(down.depth, 2);
        assert_eq!(through_url(&down), down);
        assert_eq!(down.to_params().get("path"), Some("e1g1.a8b8"));
        let read = |h: &str| PositionState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/position?path=e1g1.a8b8&depth=2").path, down.path);
        assert_eq!(*read("#/position?path=").path, Vec::<String>::new());
        let up = down.clone().apply(PositionAction::Ascend(1));
        assert_eq!((up.path.len(), up.depth), (1, 3));
        let top = down.clone().apply(PositionAction::Ascend(0));
        assert_eq!(top, s);
        assert_eq!(down.clone().apply(PositionAction::Ascend(2)), down);
        // depth 1 stays 1; a new FEN starts a new hunt
        let d1 = PositionState {
            depth: 1,
            ..s.clone()
        }
        .apply(PositionAction::Descend("e1g1".into()));
        assert_eq!(d1.depth, 1);
        assert!(d1
            .apply(PositionAction::SetFen(FENS[1].into()))
            .path
            .is_empty());
    }

    #[test]
    fn every_gpu_state_survives_the_url() {
        let fens = CPW_POSITIONS.iter().map(|p| p.1).chain(FENS);
        let kernels = iproduct!(Kernel::ALL, GPU_WORKGROUP_SIZES, AttackMethod::ALL);
        let states = iproduct!(fens, 1..=MAX_BROWSER_DEPTH, kernels)
            .enumerate()
            .map(
                |(n, (fen, depth, (variant, workgroup_size, slider)))| GpuState {
                    fen: fen.to_string(),
                    depth,
                    variant,
                    workgroup_size,
                    slider,
                    matrix: MatrixSize::ALL[n % 3],
                    hash_mb: GPU_HASH_SIZES[n % 5],
                    merge: n % 2 == 0,
                    leaf_table: n % 4 < 2,
                },
            );
        assert_eq!(all_survive_the_url(states), 9 * 7 * 3 * 5 * 3);
        for matrix in MatrixSize::ALL {
            let s = GpuState::default().apply(GpuAction::SetMatrixSize(matrix));
            assert_eq!(through_url(&s), s);
        }
        for hash in GPU_HASH_SIZES {
            let s = GpuState::default().apply(GpuAction::SetHash(hash));
            assert_eq!((through_url(&s).hash_mb, s.hash_mb), (hash, hash));
        }
        assert_eq!(GpuState::default().apply(GpuAction::SetHash(3)).hash_mb, 0);
    }

    #[test]
    fn rules_and_bad_values() {
        let s = PositionState {
            mv: Some("e2e4".into()),
            ..PositionState::default()
        };
        assert_eq!(
            s.clone().apply(PositionAction::SetFen(FENS[1].into())).mv,
            None
        );
        assert_eq!(s.clone().apply(PositionAction::SetDepth(99)).depth, 7);
        assert_eq!(
            s.clone()
                .apply(PositionAction::SetBudget(BudgetField::Plies, 0)),
            s
        );
        let read = |h: &str| PositionState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/position?depth=0").depth, 1);
        assert_eq!(read("#/position?depth=x").depth, 4);
        assert_eq!(
            read("#/position?threads=128").budget(BudgetField::Threads),
            128
        );
        assert_eq!(
            read("#/position?threads=0").budget(BudgetField::Threads),
            64
        );
        let g = GpuState::default();
        assert_eq!(g.clone().apply(GpuAction::SetFen(String::new())), g);
        assert_eq!(g.clone().apply(GpuAction::SetWorkgroupSize(48)), g);
        let read = |h: &str| GpuState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/gpu?wg=48&variant=shared").workgroup_size, 64);
        assert_eq!(read("#/gpu?variant=private").variant, Kernel::Private);
        assert_eq!(read("#/gpu?slider=pext").slider, AttackMethod::KoggeStone);
        assert_eq!(read("#/gpu?slider=magic").slider, AttackMethod::Magic);
        assert_eq!(read("#/gpu?matrix=huge").matrix, MatrixSize::Quick);
    }
}
