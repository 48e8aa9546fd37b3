//! `bitscope trace`: any trick's steps, as text or as one JSON line.

use bitscope::bits::{
    board_ops, nibble, nibble_board, popcount, quad, swar, trace::Trace, trit, word::parse_number,
};
use bitscope::chess::magic_lab;
use clap::{Args, Subcommand};

#[derive(Args)]
pub struct TraceArgs {
    #[command(subcommand)]
    trick: Trick,
    /// Print the trace as one JSON line instead of text.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Subcommand)]
enum Trick {
    /// Sign extension of a nibble: (x ^ 8) - 8.
    SignExtend {
        /// The nibble (0..15, 0x.., 0b.., or -8..-1).
        #[arg(allow_hyphen_values = true)]
        x: String,
    },
    /// Two's complement negation inside a nibble: (~x + 1) & 15.
    Negate {
        /// The nibble (0..15, 0x.., 0b.., or -8..-1).
        #[arg(allow_hyphen_values = true)]
        x: String,
    },
    /// Lane-wise add: ((x & ~H) + (y & ~H)) ^ ((x ^ y) & H).
    SwarAdd(SwarArgs),
    /// Lane-wise subtract: ((x | H) - (y & ~H)) ^ ((x ^ ~y) & H).
    SwarSub(SwarArgs),
    /// Lane-wise average (floor): (x & y) + (((x ^ y) & ~L) >> 1).
    SwarAvg(SwarArgs),
    /// Lane-wise signed average (floor, two's complement lanes):
    /// avg ^ ((x ^ y) & H).
    SwarSavg(SwarArgs),
    /// Two bitboards to 64 trits (0 empty, 1 first, 2 second), 5 per byte.
    Trits {
        /// The first bitboard (a1 = bit 0).
        a: String,
        /// The second bitboard.
        b: String,
    },
    /// A whole-board operation on a bitboard (a1 = bit 0): flips, rotations, shifts.
    BoardOp {
        /// flip-vertical, mirror-horizontal, flip-diagonal, flip-antidiagonal,
        /// rotate90, rotate180, rotate270, north, south, east, west,
        /// northeast, northwest, southeast, southwest.
        #[arg(long)]
        op: String,
        /// The bitboard (0x.., 0b.., decimal).
        x: String,
    },
    /// A FEN's piece placement as a nibble board (32 bytes = four u64).
    NibbleBoard {
        #[arg(long)]
        fen: String,
    },
    /// A slider's magic-bitboard lookup: occ & mask, × magic, >> (64 − bits),
    /// the index, the attack set (beside the ray walk).
    MagicLookup {
        #[command(flatten)]
        at: super::magic::Where,
        /// The occupancy (0x.., 0b.., decimal; a1 = bit 0).
        #[arg(long)]
        occupancy: String,
        /// The magic (the built-in one of the square by default).
        #[arg(long)]
        magic: Option<String>,
    },
    /// Population count, SWAR: 2-bit, 4-bit, 8-bit lane sums, then one
    /// multiply adds the bytes; "result" is the count.
    Popcount {
        /// The word (0x.., 0b.., decimal).
        #[arg(allow_hyphen_values = true)]
        x: String,
        /// Word width: 8, 16, 32 or 64.
        #[arg(long, default_value_t = 64)]
        width: u32,
    },
    /// A FEN's placement as quad-bitboards: board k = bit k of every
    /// square's 4-bit code; "result" is {"quad": [q0, q1, q2, q3]}.
    Quad {
        #[arg(long)]
        fen: String,
    },
}

#[derive(Args)]
struct SwarArgs {
    /// Word width: 32 or 64.
    #[arg(long, value_parser = ["32", "64"])]
    width: String,
    /// Lane width: 2, 4, 8 or 16.
    #[arg(long, value_parser = ["2", "4", "8", "16"])]
    lane_bits: String,
    #[arg(allow_hyphen_values = true)]
    x: String,
    #[arg(allow_hyphen_values = true)]
    y: String,
}

fn swar_trace(op: swar::SwarOp, args: &SwarArgs) -> Result<Trace, String> {
    let width: u32 = args.width.parse().map_err(|_| "bad width")?;
    let lanes: u32 = args.lane_bits.parse().map_err(|_| "bad lane width")?;
    let x = parse_number(&args.x, width).map_err(|e| format!("x {:?}: {e}", args.x))?;
    let y = parse_number(&args.y, width).map_err(|e| format!("y {:?}: {e}", args.y))?;
    swar::trace(op, width, lanes, x, y).map_err(|e| e.to_string())
}

pub fn run(args: TraceArgs) -> i32 {
    let trace: Result<Trace, String> = match &args.trick {
        Trick::SignExtend { x } => nibble_arg(x).map(nibble::sign_extend_trace),
        Trick::Negate { x } => nibble_arg(x).map(nibble::negate_trace),
        Trick::SwarAdd(a) => swar_trace(swar::SwarOp::Add, a),
        Trick::SwarSub(a) => swar_trace(swar::SwarOp::Sub, a),
        Trick::SwarAvg(a) => swar_trace(swar::SwarOp::Average, a),
        Trick::SwarSavg(a) => swar_trace(swar::SwarOp::SignedAverage, a),
        Trick::Trits { a, b } => (|| {
            let a = parse_number(a, 64).map_err(|e| format!("a {a:?}: {e}"))?;
            let b = parse_number(b, 64).map_err(|e| format!("b {b:?}: {e}"))?;
            trit::trits_trace(a, b).map_err(|e| e.to_string())
        })(),
        Trick::BoardOp { op, x } => (|| {
            let op: board_ops::BoardOperation = op.parse().map_err(|e| format!("{e}"))?;
            let x = parse_number(x, 64).map_err(|e| format!("x {x:?}: {e}"))?;
            Ok(board_ops::trace(op, x))
        })(),
        Trick::NibbleBoard { fen } => {
            nibble_board::nibble_board_trace(fen).map_err(|e| e.to_string())
        }
        Trick::MagicLookup {
            at,
            occupancy,
            magic,
        } => magic_lookup(at, occupancy, magic.as_deref()).map_err(|e| e.to_string()),
        Trick::Popcount { x, width } => (|| {
            if !popcount::WIDTHS.contains(width) {
                return Err(popcount::PopcountError::BadWidth(*width).to_string());
            }
            let x = parse_number(x, *width).map_err(|e| format!("x {x:?}: {e}"))?;
            popcount::trace(*width, x).map_err(|e| e.to_string())
        })(),
        Trick::Quad { fen } => nibble_board::NibbleBoard::from_fen(fen)
            .map(|b| quad::to_quad_trace(&b))
            .map_err(|e| e.to_string()),
    };
    match trace {
        Ok(t) => {
            print(&t, args.json);
            0
        }
        Err(e) => super::bad_input(e),
    }
}

fn magic_lookup(
    at: &super::magic::Where,
    occupancy: &str,
    magic: Option<&str>,
) -> Result<Trace, magic_lab::MagicError> {
    let (piece, square, bits) = at.read()?;
    let occupancy = magic_lab::parse_occupancy(occupancy)?;
    let magic = match magic {
        Some(m) => magic_lab::parse_magic(m)?,
        None => magic_lab::builtin_magic(piece, square),
    };
    magic_lab::lookup_trace(piece, square, occupancy, magic, bits)
}

fn nibble_arg(text: &str) -> Result<u8, String> {
    parse_number(text, 4)
        .map(|v| v as u8)
        .map_err(|e| format!("nibble {text:?}: {e}"))
}

/// Prints a trace: text, or JSON on one (the last) line.
pub fn print(trace: &Trace, json: bool) {
    if json {
        println!("{}", trace.to_json());
    } else {
        print!("{}", trace.to_text());
    }
}
