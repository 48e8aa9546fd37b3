//! The ray walk: the leaf below the attack tables and the magics.
//!
//! [`slide`] walks from a square along four directions, one square at a
//! time, and stops on (and includes) the first occupied square of each ray.
//! It is `const`, so the empty-board rays ([`super::attacks`]) and the magic
//! masks and tables ([`super::magics`]) are built from it, and it is the
//! reference that the magic lookup is tested against.
//!
//! A rook on d4 with blockers on d6 and b4:
//!
//! ```text
//! 8  . . . . . . . .
//! 7  . . . . . . . .
//! 6  . . . x . . . .      x  blocker, included
//! 5  . . . 1 . . . .
//! 4  . x 1 R 1 1 1 1
//! 3  . . . 1 . . . .
//! 2  . . . 1 . . . .
//! 1  . . . 1 . . . .
//!    a b c d e f g h
//! ```
//!
//! ```
//! use bitscope::chess::rays::{slide, ROOK_DIRS};
//! use bitscope::chess::Square;
//! let occ = Square::D6.bit() | Square::B4.bit();
//! let attacks = slide(Square::D4.index() as u32, occ, &ROOK_DIRS);
//! assert_eq!(attacks.count_ones(), 2 + 4 + 3 + 2); // up to d6, right to h4, down to d1, left to b4
//! assert_ne!(attacks & Square::D6.bit(), 0);
//! assert_eq!(attacks & Square::D7.bit(), 0);
//! ```

/// Rook directions as (file step, rank step).
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as (file step, rank step).
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Ray walk: attacks from `sq` (`0..=63`) along `dirs`, stopping at (and
/// including) the first occupied square of each ray.
pub const fn slide(sq: u32, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    walk(sq, occ, dirs, true)
}

/// The relevant blockers of a slider on `sq` for the magic index: the
/// empty-board rays along `dirs` without their last square (a piece on the
/// board's edge blocks nothing behind it).
pub const fn relevant_mask(sq: u32, dirs: &[(i32, i32); 4]) -> u64 {
    walk(sq, 0, dirs, false)
}

/// Whether file `f` and rank `r` are on the board (both in `0..8`).
const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

/// The one ray walk: along each direction until the board ends (the last
/// square included only with `edge`) or after the first square in `occ`.
const fn walk(sq: u32, occ: u64, dirs: &[(i32, i32); 4], edge: bool) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while on_board(f, r) && (edge || on_board(f + df, r + dr)) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// The empty-board rays of every square along `dirs`.
pub const fn ray_table(dirs: &[(i32, i32); 4]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = slide(sq as u32, 0, dirs);
        sq += 1;
    }
    t
}

/// All eight directions, rook-like first.
const ALL_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// `between[a][b]`: the squares strictly between two aligned squares, and
/// `line[a][b]`: the whole line through them (edge to edge); 0 for squares
/// that share no rank, file or diagonal. Filled at run time (64 KB that the
/// page need not download).
pub(crate) fn fill_ray_pairs(between: &mut [[u64; 64]; 64], line: &mut [[u64; 64]; 64]) {
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = ALL_DIRS[d];
            // The full line through `a` in this direction (both ways) plus `a`.
            let mut full = 1u64 << a;
            let mut sign = 0;
            while sign < 2 {
                let (sf, sr) = if sign == 0 { (df, dr) } else { (-df, -dr) };
                let mut f = (a % 8) as i32 + sf;
                let mut r = (a / 8) as i32 + sr;
                while on_board(f, r) {
                    full |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                sign += 1;
            }
            let mut acc = 0u64;
            let mut f = (a % 8) as i32 + df;
            let mut r = (a / 8) as i32 + dr;
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
                between[a][b] = acc;
                line[a][b] = full;
                acc |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
}
