//! Fully legal move generation with pin masks and a check mask.
//!
//! One generic generator, `generate`, walks the legal moves of a position
//! piece type by piece type and hands them to a `Visitor` as *sets* of
//! target squares. Two visitors exist:
//!
//! * `Lister` expands the sets into packed [`Move`]s in a [`MoveList`]
//!   (fixed `[Move; 256]` on the stack, no heap allocation);
//! * `Counter` only adds up population counts: perft's bulk counting at the
//!   last ply never builds a move at all.
//!
//! Both share the same legality code, so what is counted is what is listed.
//!
//! # Legality
//!
//! * **Checks**: `checkers` = enemy pieces attacking the king. With two
//!   checkers only king moves are generated. With one, every non-king move
//!   must land in the *check mask* = the checker plus the squares between it
//!   and the king.
//! * **Pins**: from the king, slider attacks through *our* pieces find the
//!   enemy rooks/queens (orthogonal) and bishops/queens (diagonal) that would
//!   see the king if one of our pieces stepped away. Each such ray with exactly
//!   one of our pieces on it, pinner included, goes into `pin_hv` or `pin_d`.
//!   A piece on `pin_hv` may only move along `pin_hv`, and one on `pin_d`
//!   along `pin_d`. For a white king on e1 and a black rook on e8, bishop on a5:
//!
//! ```text
//!    board             pin_hv            pin_d
//! 8  . . . . r . . .   . . . . 1 . . .   . . . . . . . .
//! 7  . . . . . . . .   . . . . 1 . . .   . . . . . . . .
//! 6  . . . . . . . .   . . . . 1 . . .   . . . . . . . .
//! 5  b . . . . . . .   . . . . 1 . . .   1 . . . . . . .
//! 4  . . . . R . . .   . . . . 1 . . .   . 1 . . . . . .
//! 3  . . . . . . . .   . . . . 1 . . .   . . 1 . . . . .
//! 2  . . . N . . . .   . . . . 1 . . .   . . . 1 . . . .
//! 1  . . . . K . . .   . . . . . . . .   . . . . . . . .
//!    a b c d e f g h
//! ```
//!
//!   The rook on e4 may move on the e-file (and take e8); the knight on d2
//!   may not move at all.
//! * **King moves** are checked square by square with the king removed from
//!   the occupancy (so it cannot hide "behind itself" on a checking ray).
//! * **En passant** is verified by removing both pawns and testing the king
//!   again, which covers the horizontal discovered check
//!   (`8/8/8/KPp4r/8/8/8/7k w - c6`).
//! * **Castling** requires the rights, the rook on its home square, empty
//!   squares between king and rook, and that the king is not in check and
//!   does not pass through or land on an attacked square.

use std::mem::MaybeUninit;
use std::ops::Deref;

use super::attacks::{BISHOP_RAYS, KING, KNIGHT, PAWN, ROOK_RAYS};
use super::bitboard::{FILE_A, FILE_H, RANK_1, RANK_3, RANK_6, RANK_8};
use super::magics::sliders;
use super::moves::{Move, Special};
use super::pext::Lookup;
use super::position::Position;
use crate::bits::piece::Color;

/// Capacity of a [`MoveList`]. No legal chess position has more than 218 moves.
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves, kept on the stack.
///
/// Its slots start uninitialised: zeroing 1 KB for every node was a
/// memset and a copy per list, a measurable share of perft in wasm.
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` are written by `push`; the rest are never read.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move; silently drops it if the list is full (impossible for
    /// legal chess positions, but `from_gpu` can build anything).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(m);
            self.len += 1;
        }
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        let written = self.moves.get(..self.len).unwrap_or(&[]);
        // SAFETY: the first `len` slots were written by `push` (`len` only
        // grows there), and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { &*(written as *const [MaybeUninit<Move>] as *const [Move]) }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The side to move, known at compile time.
pub(crate) trait Side {
    const WHITE: bool;
    const IDX: usize;
    type Other: Side;
}

/// White to move.
pub(crate) struct White;
/// Black to move.
pub(crate) struct Black;

impl Side for White {
    const WHITE: bool = true;
    const IDX: usize = 0;
    type Other = Black;
}

impl Side for Black {
    const WHITE: bool = false;
    const IDX: usize = 1;
    type Other = White;
}

/// Receives legal moves from `generate` as sets of targets.
pub(crate) trait Visitor {
    /// Non-pawn moves of `piece` (code 2..=6) from `from` to every square in `targets`.
    fn piece(&mut self, piece: u32, from: u32, targets: u64);
    /// Pawn moves to every square in `targets`, each from `to - delta`;
    /// targets in `promo` are promotions (4 moves each). `special` is 0 or 1
    /// (double push).
    fn pawns(&mut self, targets: u64, delta: i32, special: u32, promo: u64);
    /// En-passant capture.
    fn en_passant(&mut self, from: u32, to: u32);
    /// Castling (special 2 or 3), king from `from` to `to`.
    fn castle(&mut self, special: u32, from: u32, to: u32);
}

/// Counts moves (bulk counting).
pub(crate) struct Counter(pub(crate) u32);

impl Visitor for Counter {
    #[inline(always)]
    fn piece(&mut self, _piece: u32, _from: u32, targets: u64) {
        self.0 += targets.count_ones();
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i32, _special: u32, promo: u64) {
        self.0 += targets.count_ones();
        if targets & promo != 0 {
            self.0 += 3 * (targets & promo).count_ones();
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: u32, _to: u32) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _special: u32, _from: u32, _to: u32) {
        self.0 += 1;
    }
}

/// Builds packed moves.
pub(crate) struct Lister<'a> {
    pub(crate) list: &'a mut MoveList,
    pub(crate) pos: &'a Position,
    /// Castling and en-passant fields before the move, already shifted.
    pub(crate) base: u32,
}

impl<'a> Lister<'a> {
    #[inline(always)]
    pub(crate) fn new(list: &'a mut MoveList, pos: &'a Position) -> Lister<'a> {
        let base = ((pos.castling as u32 & 15) << 20) | ((pos.ep as u32 & 15) << 24);
        Lister { list, pos, base }
    }
}

impl Visitor for Lister<'_> {
    #[inline(always)]
    fn piece(&mut self, piece: u32, from: u32, mut targets: u64) {
        let base = self.base | (piece << 28) | from;
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            let cap = self.pos.captured_code(1u64 << to);
            self.list
                .push(Move::from_raw(base | (to << 6) | (cap << 12)));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, mut targets: u64, delta: i32, special: u32, promo: u64) {
        let base = self.base | (1 << 28) | (special << 15);
        while targets != 0 {
            let to = targets.trailing_zeros();
            let tb = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let from = to.wrapping_sub(delta as u32) & 63;
            let cap = self.pos.captured_code(tb);
            let m = base | from | (to << 6) | (cap << 12);
            if tb & promo != 0 {
                // Queen first: the most interesting one for a UI. (Written
                // out: a loop over an array of the four kinds became two
                // out-of-line calls in the page's size-optimised wasm.)
                let promotion = m | (5 << 15);
                self.list.push(Move::from_raw(promotion | (3 << 18)));
                self.list.push(Move::from_raw(promotion));
                self.list.push(Move::from_raw(promotion | (2 << 18)));
                self.list.push(Move::from_raw(promotion | (1 << 18)));
            } else {
                self.list.push(Move::from_raw(m));
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: u32, to: u32) {
        self.list.push(Move::from_raw(
            self.base | (1 << 28) | (4 << 15) | (1 << 12) | from | (to << 6),
        ));
    }

    #[inline(always)]
    fn castle(&mut self, special: u32, from: u32, to: u32) {
        self.list.push(Move::from_raw(
            self.base | (6 << 28) | (special << 15) | from | (to << 6),
        ));
    }
}

#[inline(always)]
fn lsb(b: u64) -> usize {
    (b.trailing_zeros() & 63) as usize
}

/// The enemy pieces, for attack tests.
#[derive(Clone, Copy)]
struct Enemy {
    pawns: u64,
    knights: u64,
    bq: u64,
    rq: u64,
    king: usize,
}

/// Whether `sq` is attacked by the enemy with blockers `occ`.
#[inline(always)]
fn attacked<S: Side, L: Lookup>(t: &L, e: &Enemy, sq: usize, occ: u64) -> bool {
    let sq = sq & 63;
    if (KNIGHT[sq] & e.knights) | (PAWN[S::IDX][sq] & e.pawns) | (KING[sq] & (1u64 << e.king)) != 0
    {
        return true;
    }
    (BISHOP_RAYS[sq] & e.bq != 0 && t.bishop(sq, occ) & e.bq != 0)
        || (ROOK_RAYS[sq] & e.rq != 0 && t.rook(sq, occ) & e.rq != 0)
}

/// Enemy sliders that see the king on `ksq` through their own pieces:
/// with nothing between, a checker; with one piece between, a pin along
/// the ray (sniper included). Returns `(checkers, pin rays)`.
#[inline(always)]
fn snipe<L: Lookup>(t: &L, ksq: usize, mut snipers: u64, occ: u64) -> (u64, u64) {
    let (mut checkers, mut pins) = (0u64, 0u64);
    while snipers != 0 {
        let s = lsb(snipers);
        snipers &= snipers - 1;
        let ray = t.between(ksq, s);
        let blockers = ray & occ;
        if blockers == 0 {
            checkers |= 1u64 << s;
        } else if blockers & (blockers - 1) == 0 {
            pins |= ray | (1u64 << s);
        }
    }
    (checkers, pins)
}

/// Moves of the sliders in `set` along one kind of line, each target masked
/// by `mask`: the bishop table (kind 3) when `diagonal`, else the rook table
/// (kind 4); kind 5 (queen) for a square also in `queens` (the other line's
/// set: rook-likes for a bishop-like, bishop-likes for a rook-like).
#[inline(always)]
fn slider_moves<V: Visitor, L: Lookup>(
    v: &mut V,
    t: &L,
    mut set: u64,
    diagonal: bool,
    queens: u64,
    occ: u64,
    mask: u64,
) {
    while set != 0 {
        let s = lsb(set);
        set &= set - 1;
        let (plain, attacks) = if diagonal {
            (3, t.bishop(s, occ))
        } else {
            (4, t.rook(s, occ))
        };
        let kind = if queens >> s & 1 != 0 { 5 } else { plain };
        v.piece(kind, s as u32, attacks & mask);
    }
}

/// `b` moved toward the enemy: up by `white` bits for white, down by
/// `black` bits for black.
#[inline(always)]
fn forward<S: Side>(b: u64, white: u32, black: u32) -> u64 {
    if S::WHITE {
        b << white
    } else {
        b >> black
    }
}

/// Pawn push: one rank forward.
#[inline(always)]
fn up<S: Side>(b: u64) -> u64 {
    forward::<S>(b, 8, 8)
}

/// Pawn capture toward the a-file (white: +7, black: -9).
#[inline(always)]
fn cap_west<S: Side>(b: u64) -> u64 {
    forward::<S>(b & !FILE_A, 7, 9)
}

/// Pawn capture toward the h-file (white: +9, black: -7).
#[inline(always)]
fn cap_east<S: Side>(b: u64) -> u64 {
    forward::<S>(b & !FILE_H, 9, 7)
}

/// What every move of one node is checked against, computed once.
struct Node {
    ksq: usize,
    occ: u64,
    us: u64,
    them: u64,
    e: Enemy,
    checkers: u64,
    /// Our pieces pinned orthogonally and diagonally, with their rays.
    pin_hv: u64,
    pin_d: u64,
}

impl Node {
    /// The occupancy, the enemy, the checkers and the pin rays of `pos`
    /// (side `S` to move).
    #[inline(always)]
    fn new<S: Side, L: Lookup>(pos: &Position, t: &L) -> Node {
        let ksq = (pos.king_sq[S::IDX] & 63) as usize;
        let their_ksq = (pos.king_sq[1 - S::IDX] & 63) as usize;
        let kings = (1u64 << ksq) | (1u64 << their_ksq);
        let occ = pos.pawns | pos.knights | pos.bishops | pos.rooks | kings;
        let us = if S::WHITE {
            pos.white & occ
        } else {
            occ & !pos.white
        };
        let them = occ & !us;
        let e = Enemy {
            pawns: pos.pawns & them,
            knights: pos.knights & them,
            bq: pos.bishops & them,
            rq: pos.rooks & them,
            king: their_ksq,
        };
        let mut checkers = (KNIGHT[ksq] & e.knights) | (PAWN[S::IDX][ksq] & e.pawns);
        let (mut pin_hv, mut pin_d) = (0u64, 0u64);
        if ROOK_RAYS[ksq] & e.rq != 0 {
            let (c, pins) = snipe(t, ksq, t.rook(ksq, them) & e.rq, occ);
            (checkers, pin_hv) = (checkers | c, pins);
        }
        if BISHOP_RAYS[ksq] & e.bq != 0 {
            let (c, pins) = snipe(t, ksq, t.bishop(ksq, them) & e.bq, occ);
            (checkers, pin_d) = (checkers | c, pins);
        }
        Node {
            ksq,
            occ,
            us,
            them,
            e,
            checkers,
            pin_hv,
            pin_d,
        }
    }
}

/// Generates every legal move of `pos` (side `S` to move) into `v`.
///
/// Perft's hot loop (over a billion nodes a second): every part below is
/// `#[inline(always)]`, so that the node's masks stay in registers across
/// the piece classes, in the wasm build too.
#[inline(always)]
pub(crate) fn generate<S: Side, V: Visitor, L: Lookup>(pos: &Position, t: &L, v: &mut V) {
    let n = Node::new::<S, L>(pos, t);
    king_moves::<S, V, L>(t, &n, v);
    if n.checkers & n.checkers.wrapping_sub(1) != 0 {
        return; // double check: king moves only
    }
    let checkmask = if n.checkers != 0 {
        t.between(n.ksq, lsb(n.checkers)) | n.checkers
    } else {
        !0
    };
    let target = !n.us & !(1u64 << n.e.king) & checkmask;
    piece_moves(pos, t, &n, target, v);
    pawn_moves::<S, V>(pos, &n, checkmask, v);
    if pos.ep & 8 != 0 {
        en_passant::<S, V, L>(pos, t, &n, v);
    }
    // Castling: one call per side, not a loop over the table. With the
    // loop the browser's perft (the web profile, opt-level "z") ran at two
    // thirds of this speed; natively the two are alike (docs/performance.md,
    // "wasm against native").
    if n.checkers == 0 && pos.castling != 0 && n.ksq == 4 + castling_shift::<S>() {
        let our_rooks = pos.rooks & !pos.bishops & n.us;
        castle::<S, V, L>(pos, t, &n.e, n.occ, our_rooks, &CASTLINGS[0], v);
        castle::<S, V, L>(pos, t, &n.e, n.occ, our_rooks, &CASTLINGS[1], v);
    }
}

/// The king's moves: each square tested with the king off the board.
#[inline(always)]
fn king_moves<S: Side, V: Visitor, L: Lookup>(t: &L, n: &Node, v: &mut V) {
    let occ_no_king = n.occ ^ (1u64 << n.ksq);
    let mut kt = KING[n.ksq] & !n.us;
    let mut safe = 0u64;
    while kt != 0 {
        let s = lsb(kt);
        kt &= kt - 1;
        if !attacked::<S, L>(t, &n.e, s, occ_no_king) {
            safe |= 1u64 << s;
        }
    }
    v.piece(6, n.ksq as u32, safe);
}

/// Knights and sliders, to squares of `target` (neither ours nor the
/// enemy king, in the check mask).
#[inline(always)]
fn piece_moves<V: Visitor, L: Lookup>(pos: &Position, t: &L, n: &Node, target: u64, v: &mut V) {
    let (us, occ) = (n.us, n.occ);
    let pinned = n.pin_hv | n.pin_d;
    // Knights: a pinned knight never moves.
    let mut knights = pos.knights & us & !pinned;
    while knights != 0 {
        let s = lsb(knights);
        knights &= knights - 1;
        v.piece(2, s as u32, KNIGHT[s] & target);
    }
    // Bishop-likes (bishops and the diagonal half of queens), then
    // rook-likes (rooks and the orthogonal half of queens).
    let bq = pos.bishops & us & !n.pin_hv;
    let rq = pos.rooks & us & !n.pin_d;
    slider_moves(v, t, bq & !n.pin_d, true, pos.rooks, occ, target);
    slider_moves(v, t, rq & !n.pin_hv, false, pos.bishops, occ, target);
    // Pinned sliders move along their pin ray (never when in check: a pinned
    // piece cannot resolve a check).
    if n.checkers == 0 && pinned & us != 0 {
        slider_moves(v, t, bq & n.pin_d, true, pos.rooks, occ, target & n.pin_d);
        slider_moves(
            v,
            t,
            rq & n.pin_hv,
            false,
            pos.bishops,
            occ,
            target & n.pin_hv,
        );
    }
}

/// Pawn pushes and captures, set-wise, to squares of `checkmask`.
#[inline(always)]
fn pawn_moves<S: Side, V: Visitor>(pos: &Position, n: &Node, checkmask: u64, v: &mut V) {
    let (pin_hv, pin_d) = (n.pin_hv, n.pin_d);
    let (push, rank3, promo) = if S::WHITE {
        (8i32, RANK_3, RANK_8)
    } else {
        (-8i32, RANK_6, RANK_1)
    };
    let our_pawns = pos.pawns & n.us;
    let empty = !n.occ;
    let pushers = our_pawns & !pin_d;
    let single = (up::<S>(pushers & !pin_hv) | (up::<S>(pushers & pin_hv) & pin_hv)) & empty;
    let double = up::<S>(single & rank3) & empty & checkmask;
    v.pawns(single & checkmask, push, 0, promo);
    v.pawns(double, 2 * push, 1, 0);
    let takers = our_pawns & !pin_hv;
    let free_takers = takers & !pin_d;
    let pinned_takers = takers & pin_d;
    let victims = n.them & !(1u64 << n.e.king) & checkmask;
    let west = (cap_west::<S>(free_takers) | (cap_west::<S>(pinned_takers) & pin_d)) & victims;
    let east = (cap_east::<S>(free_takers) | (cap_east::<S>(pinned_takers) & pin_d)) & victims;
    v.pawns(west, if S::WHITE { 7 } else { -9 }, 0, promo);
    v.pawns(east, if S::WHITE { 9 } else { -7 }, 0, promo);
}

/// En passant, verified by simulation (covers every discovered check).
#[inline(always)]
fn en_passant<S: Side, V: Visitor, L: Lookup>(pos: &Position, t: &L, n: &Node, v: &mut V) {
    let (ksq, e) = (n.ksq, &n.e);
    let file = (pos.ep & 7) as usize;
    let ep_sq = if S::WHITE { 40 + file } else { 16 + file };
    let cap_bb = 1u64 << (ep_sq ^ 8);
    if e.pawns & cap_bb == 0 || n.occ >> ep_sq & 1 != 0 {
        return;
    }
    let mut cands = PAWN[1 - S::IDX][ep_sq] & pos.pawns & n.us;
    while cands != 0 {
        let from = lsb(cands);
        cands &= cands - 1;
        let occ2 = (n.occ ^ (1u64 << from) ^ cap_bb) | (1u64 << ep_sq);
        let hit = (KNIGHT[ksq] & e.knights)
            | (PAWN[S::IDX][ksq] & e.pawns & !cap_bb)
            | (t.bishop(ksq, occ2) & e.bq)
            | (t.rook(ksq, occ2) & e.rq);
        if hit == 0 {
            v.en_passant(from as u32, ep_sq as u32);
        }
    }
}

/// How far side `S`'s castling squares are from white's (0 or 56).
#[inline(always)]
fn castling_shift<S: Side>() -> usize {
    if S::WHITE {
        0
    } else {
        56
    }
}

/// Visits castling `c` for side `S` when it still has the right, the squares
/// between king and rook are empty, the rook is home and neither square of
/// the king's path is attacked. (The king is on its home square.)
#[inline(always)]
fn castle<S: Side, V: Visitor, L: Lookup>(
    pos: &Position,
    t: &L,
    e: &Enemy,
    occ: u64,
    our_rooks: u64,
    c: &Castling,
    v: &mut V,
) {
    let shift = castling_shift::<S>();
    let right = if S::WHITE { c.right } else { c.right << 2 };
    if pos.castling & right != 0
        && occ & (c.empty << shift) == 0
        && our_rooks & (c.rook << shift) != 0
        && !attacked::<S, L>(t, e, c.path[0] + shift, occ)
        && !attacked::<S, L>(t, e, c.path[1] + shift, occ)
    {
        v.castle(
            c.special as u32,
            4 + shift as u32,
            (c.path[1] + shift) as u32,
        );
    }
}

/// A castling on white's rank (black's squares are 56 higher, its right two
/// bits higher): white's right, the squares between king and rook, which
/// must be empty, the rook's square, and the king's path, neither square
/// attacked (the second is where it lands).
///
/// ```text
///  a1 b1 c1 d1 e1 f1 g1 h1    king side: f1 g1 empty, rook h1, path f1 g1
///  R  .  .  .  K  .  .  R     queen side: b1 c1 d1 empty, rook a1, path d1 c1
/// ```
struct Castling {
    right: u8,
    empty: u64,
    rook: u64,
    path: [usize; 2],
    special: Special,
}

/// King side, then queen side.
const CASTLINGS: [Castling; 2] = [
    Castling {
        right: 1,
        empty: 0x60,
        rook: 0x80,
        path: [5, 6],
        special: Special::CastleKingside,
    },
    Castling {
        right: 2,
        empty: 0x0E,
        rook: 0x01,
        path: [3, 2],
        special: Special::CastleQueenside,
    },
];

/// Number of legal moves, side `S` to move.
#[inline(always)]
pub(crate) fn count_side<S: Side, L: Lookup>(pos: &Position, t: &L) -> u32 {
    let mut c = Counter(0);
    generate::<S, Counter, L>(pos, t, &mut c);
    c.0
}

/// Legal moves, side `S` to move.
#[inline(always)]
pub(crate) fn list_side<S: Side, L: Lookup>(pos: &Position, t: &L, list: &mut MoveList) {
    let mut l = Lister::new(list, pos);
    generate::<S, Lister, L>(pos, t, &mut l);
}

/// All legal moves of `pos`.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    let t = sliders();
    match pos.side {
        Color::White => list_side::<White, _>(pos, t, &mut list),
        Color::Black => list_side::<Black, _>(pos, t, &mut list),
    }
    list
}

/// Number of legal moves of `pos`, without building them.
pub fn count_legal_moves(pos: &Position) -> u32 {
    let t = sliders();
    match pos.side {
        Color::White => count_side::<White, _>(pos, t),
        Color::Black => count_side::<Black, _>(pos, t),
    }
}

impl Position {
    /// All legal moves (see [`legal_moves`]).
    pub fn legal_moves(&self) -> MoveList {
        legal_moves(self)
    }

    /// Number of legal moves (see [`count_legal_moves`]).
    pub fn count_legal_moves(&self) -> u32 {
        count_legal_moves(self)
    }

    /// The legal move with this UCI text (`e2e4`, `e7e8q`, `e1g1`), if any.
    pub fn move_from_uci(&self, uci: &str) -> Option<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.to_uci() == uci)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.count_legal_moves() == 0 && self.is_check()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        self.count_legal_moves() == 0 && !self.is_check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_moves() {
        let p = Position::startpos();
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 20);
        assert_eq!(p.count_legal_moves(), 20);
        assert!(moves.iter().any(|m| m.to_uci() == "e2e4"));
        assert!(moves.iter().any(|m| m.to_uci() == "g1f3"));
    }

    #[test]
    fn horizontal_ep_discovered_check() {
        let p = Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2").unwrap();
        assert!(p.move_from_uci("b5c6").is_none());
        let p = Position::from_fen("8/8/8/1Pp4r/K7/8/8/7k w - c6 0 2").unwrap();
        assert!(p.move_from_uci("b5c6").is_some());
    }

    #[test]
    fn make_unmake_matches_copy_make() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        for fen in fens {
            let p = Position::from_fen(fen).unwrap();
            for m in &p.legal_moves() {
                let child = p.play(*m);
                for m2 in &child.legal_moves() {
                    let mut q = child;
                    q.make_move(*m2);
                    assert_eq!(q, child.play(*m2));
                    q.unmake_move(*m2);
                    assert_eq!(q, child, "{m} {m2}");
                }
                let mut q = p;
                q.make_move(*m);
                q.unmake_move(*m);
                assert_eq!(q, p, "{m}");
            }
        }
    }
}
