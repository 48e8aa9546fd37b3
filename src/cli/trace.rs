//! `bitscope trace`: any trick's steps, as text or as one JSON line.

use bitscope::bits::{nibble, trace::Trace, word::parse_number};
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
}

pub fn run(args: TraceArgs) -> i32 {
    let trace: Result<Trace, String> = match &args.trick {
        Trick::SignExtend { x } => nibble_arg(x).map(nibble::sign_extend_trace),
        Trick::Negate { x } => nibble_arg(x).map(nibble::negate_trace),
    };
    match trace {
        Ok(t) => {
            print(&t, args.json);
            0
        }
        Err(e) => super::bad_input(e),
    }
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
