//! The memory-versus-speed experiment: every GPU perft variant, a kernel
//! (where it keeps its search) x a slider method x a workgroup size, with
//! what each costs in memory. `bitscope bench gpu --matrix` and the GPU
//! panel both run this list and print these names; `bitscope perft --gpu
//! --variant NAME` reads them back.
//!
//! ```text
//! workgroup-kogge-stone-wg64     depth-first, stack in workgroup memory
//! private-magic-wg128            depth-first, stack in private memory
//! breadth-first-hyperbola-wg256  level by level in global memory
//! ```

use serde::{Deserialize, Serialize};

use super::layout::{
    global_bytes_per_position, largest_private_array, private_bytes, workgroup_bytes,
    workgroup_bytes_per_invocation, Kernel, MAX_PLIES,
};
use super::sliders::AttackMethod;
use super::Options;

/// Workgroup sizes the matrix tries for every kernel.
pub const MATRIX_WORKGROUP_SIZES: [u32; 3] = [64, 128, 256];

/// How deep the matrix counts: the CLI's depths (start position 6,
/// Kiwipete 5) moved by [`MatrixSize::depth_offset`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatrixSize {
    /// Start 4, Kiwipete 3: seconds, even on a software adapter.
    #[default]
    Quick,
    /// Start 5, Kiwipete 4.
    Standard,
    /// Start 6, Kiwipete 5 (119 M and 194 M leaves), as `bench gpu --matrix`.
    Deep,
}

impl MatrixSize {
    pub const ALL: [MatrixSize; 3] = [MatrixSize::Quick, MatrixSize::Standard, MatrixSize::Deep];

    pub fn name(self) -> &'static str {
        match self {
            MatrixSize::Quick => "quick",
            MatrixSize::Standard => "standard",
            MatrixSize::Deep => "deep",
        }
    }

    pub fn from_name(name: &str) -> Option<MatrixSize> {
        MatrixSize::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn depth_offset(self) -> i32 {
        match self {
            MatrixSize::Quick => -2,
            MatrixSize::Standard => -1,
            MatrixSize::Deep => 0,
        }
    }
}

/// One position of the matrix: a name, its FEN and the depth counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixCase {
    pub name: &'static str,
    pub fen: &'static str,
    pub depth: u32,
}

/// The matrix's positions: the start position at 6 and Kiwipete at 5,
/// moved by `depth_offset` (at least 1).
pub fn matrix_cases(depth_offset: i32) -> [MatrixCase; 2] {
    let [start, kiwipete, ..] = crate::chess::CPW_POSITIONS;
    let depth = |d: i32| (d + depth_offset).clamp(1, 12) as u32;
    [
        MatrixCase {
            name: start.0,
            fen: start.1,
            depth: depth(6),
        },
        MatrixCase {
            name: kiwipete.0,
            fen: kiwipete.1,
            depth: depth(5),
        },
    ]
}

/// One cell of the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatrixVariant {
    pub kernel: Kernel,
    pub slider: AttackMethod,
    pub workgroup_size: u32,
}

impl MatrixVariant {
    /// Every variant, kernel by kernel, then slider, then workgroup size.
    pub fn all() -> Vec<MatrixVariant> {
        let mut out = Vec::new();
        for kernel in Kernel::ALL {
            for slider in AttackMethod::ALL {
                for workgroup_size in MATRIX_WORKGROUP_SIZES {
                    out.push(MatrixVariant {
                        kernel,
                        slider,
                        workgroup_size,
                    });
                }
            }
        }
        out
    }

    /// `breadth-first-magic-wg128`.
    pub fn name(&self) -> String {
        format!(
            "{}-{}-wg{}",
            self.kernel.name(),
            self.slider.name(),
            self.workgroup_size
        )
    }

    /// The run options of this variant (its workgroup size exactly: no
    /// shrinking, so that a row says what it measured).
    pub fn options(&self) -> Options {
        Options {
            variant: self.kernel,
            slider: self.slider,
            workgroup_size: self.workgroup_size,
            shrink_to_fit: false,
            ..Options::default()
        }
    }

    /// Workgroup memory of one workgroup, bytes.
    pub fn workgroup_bytes(&self) -> u64 {
        workgroup_bytes(self.workgroup_size, MAX_PLIES, self.kernel)
    }

    /// Workgroup memory per invocation: its share of one workgroup's.
    pub fn bytes_per_invocation(&self) -> u64 {
        workgroup_bytes_per_invocation(self.workgroup_size, MAX_PLIES, self.kernel)
    }

    /// Private memory per invocation, from the kernel's declarations.
    pub fn private_bytes(&self) -> u64 {
        private_bytes(self.kernel)
    }

    /// The largest private array of one invocation, bytes.
    pub fn largest_private_array(&self) -> u64 {
        largest_private_array(self.kernel)
    }

    /// Global memory per position the kernel stores.
    pub fn global_bytes_per_position(&self) -> u64 {
        global_bytes_per_position(self.kernel)
    }
}

/// What a `--variant` name fixes: the kernel always; the slider method and
/// the workgroup size when the name says them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantName {
    pub kernel: Kernel,
    pub slider: Option<AttackMethod>,
    pub workgroup_size: Option<u32>,
}

impl VariantName {
    /// Reads `private`, `breadth-first-magic`, `workgroup-wg128` or a full
    /// matrix name (`private-hyperbola-wg256`).
    pub fn parse(name: &str) -> Option<VariantName> {
        let (rest, workgroup_size) = match name.rsplit_once("-wg") {
            Some((rest, wg)) => (rest, Some(wg.parse().ok().filter(|&w| w > 0)?)),
            None => (name, None),
        };
        Kernel::ALL.into_iter().find_map(|kernel| {
            let tail = rest.strip_prefix(kernel.name())?;
            let slider = match tail {
                "" => None,
                t => Some(AttackMethod::from_name(t.strip_prefix('-')?)?),
            };
            Some(VariantName {
                kernel,
                slider,
                workgroup_size,
            })
        })
    }

    /// `options` with what the name fixes.
    pub fn apply(&self, options: Options) -> Options {
        Options {
            variant: self.kernel,
            slider: self.slider.unwrap_or(options.slider),
            workgroup_size: self.workgroup_size.unwrap_or(options.workgroup_size),
            ..options
        }
    }
}

/// The variant that won a matrix (most nodes per second; of a tie, the
/// last), from `(variant or its name, nodes per second)` rows; `None` for no
/// rows.
pub fn winner<K>(rows: impl IntoIterator<Item = (K, f64)>) -> Option<(K, f64)> {
    rows.into_iter()
        .filter(|(_, nps)| nps.is_finite())
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The slider method that won the matrix on each adapter (its fastest
/// breadth-first row), which the defaults of `perft --gpu` and the GPU
/// panel take: `bench gpu --matrix` saves it, the panel keeps it in the
/// browser's storage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Winners {
    /// [`adapter_key`] -> slider method.
    pub sliders: std::collections::BTreeMap<String, AttackMethod>,
}

impl Winners {
    /// Records the winner of a matrix on `adapter` from its rows
    /// (variant, nodes per second): the fastest breadth-first row's slider,
    /// or the fastest row's when no breadth-first row ran.
    pub fn record(&mut self, adapter: &str, rows: &[(MatrixVariant, f64)]) -> Option<AttackMethod> {
        let bfs = rows
            .iter()
            .filter(|(v, _)| v.kernel == Kernel::BreadthFirst)
            .map(|(v, x)| (v.slider, *x));
        let slider = winner(bfs).or_else(|| winner(rows.iter().map(|(v, x)| (v.slider, *x))))?;
        self.sliders.insert(adapter.to_string(), slider.0);
        Some(slider.0)
    }

    /// The default options on `adapter`: breadth-first with its winner's
    /// slider method, Kogge-Stone when no matrix has run there.
    pub fn options_for(&self, adapter: &str) -> Options {
        Options {
            slider: self.sliders.get(adapter).copied().unwrap_or_default(),
            ..Options::default()
        }
    }
}

/// Where the GPU panel keeps the slider method that won on `adapter` (the
/// browser's `localStorage`).
pub fn winner_storage_key(adapter: &str) -> String {
    format!("bitscope-gpu-winner {adapter}")
}

/// The key of an adapter in [`Winners`]: name, backend and driver.
pub fn adapter_key(report: &super::AdapterReport) -> String {
    format!("{} ({}, {})", report.name, report.backend, report.driver)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_matrix_name_parses_back() {
        let all = MatrixVariant::all();
        assert_eq!(all.len(), 27);
        for v in &all {
            let n = VariantName::parse(&v.name()).unwrap();
            assert_eq!(
                (n.kernel, n.slider, n.workgroup_size),
                (v.kernel, Some(v.slider), Some(v.workgroup_size)),
                "{}",
                v.name()
            );
            assert_eq!(n.apply(Options::default()).slider, v.slider);
        }
        // the short names of the first round still read
        let p = VariantName::parse("private-wg256").unwrap();
        assert_eq!(
            (p.kernel, p.slider, p.workgroup_size),
            (Kernel::Private, None, Some(256))
        );
        let b = VariantName::parse("breadth-first").unwrap();
        assert_eq!((b.kernel, b.slider), (Kernel::BreadthFirst, None));
        let m = VariantName::parse("workgroup-magic").unwrap();
        assert_eq!(
            (m.kernel, m.slider),
            (Kernel::Workgroup, Some(AttackMethod::Magic))
        );
        for bad in [
            "breadth-first-wgx",
            "fast",
            "private-pext",
            "private-wg0",
            "workgroupmagic",
        ] {
            assert_eq!(VariantName::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn winners_pick_the_fastest_breadth_first_slider() {
        let v = |kernel, slider| MatrixVariant {
            kernel,
            slider,
            workgroup_size: 64,
        };
        let mut w = Winners::default();
        assert_eq!(w.options_for("a").slider, AttackMethod::KoggeStone);
        assert_eq!(w.options_for("a").variant, Kernel::BreadthFirst);
        let rows = [
            (v(Kernel::Workgroup, AttackMethod::Hyperbola), 9.0),
            (v(Kernel::BreadthFirst, AttackMethod::Magic), 5.0),
            (v(Kernel::BreadthFirst, AttackMethod::KoggeStone), 4.0),
        ];
        assert_eq!(w.record("a", &rows), Some(AttackMethod::Magic));
        assert_eq!(w.record("b", &rows[..1]), Some(AttackMethod::Hyperbola));
        assert_eq!(w.record("c", &[]), None);
        assert_eq!(w.options_for("a").slider, AttackMethod::Magic);
        assert_eq!(w.options_for("c").slider, AttackMethod::KoggeStone);
        let json = serde_json::to_string(&w).unwrap();
        assert_eq!(serde_json::from_str::<Winners>(&json).unwrap(), w);
    }

    #[test]
    fn sizes_and_cases() {
        for s in MatrixSize::ALL {
            assert_eq!(MatrixSize::from_name(s.name()), Some(s));
        }
        let depths = |o| matrix_cases(o).map(|c| c.depth);
        assert_eq!(depths(0), [6, 5]);
        assert_eq!(depths(MatrixSize::Quick.depth_offset()), [4, 3]);
        assert_eq!(depths(-9), [1, 1]);
        assert!(matrix_cases(0)[1].fen.starts_with("r3k2r/p1ppqpb1"));
    }

    #[test]
    fn memory_per_invocation() {
        let v = |kernel, workgroup_size| MatrixVariant {
            kernel,
            slider: AttackMethod::KoggeStone,
            workgroup_size,
        };
        // 15,616 B per workgroup of 64 (see layout): 244 B each
        assert_eq!(v(Kernel::Workgroup, 64).bytes_per_invocation(), 244);
        assert_eq!(v(Kernel::Private, 64).workgroup_bytes(), 0);
        assert_eq!(v(Kernel::Private, 256).bytes_per_invocation(), 0);
        assert_eq!(v(Kernel::Private, 256).private_bytes(), 244);
        assert_eq!(v(Kernel::BreadthFirst, 64).private_bytes(), 248);
        assert_eq!(v(Kernel::BreadthFirst, 128).bytes_per_invocation(), 8);
        assert_eq!(
            winner([("a", 1.0), ("b", 3.0), ("c", f64::NAN)]),
            Some(("b", 3.0))
        );
        assert_eq!(winner::<&str>([]), None);
        // a tie still names one variant, the last (the panel marks that
        // one row and point, by variant: two rows once measured the same)
        assert_eq!(winner([("a", 2.0), ("b", 2.0)]), Some(("b", 2.0)));
    }
}
