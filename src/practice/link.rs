//! A set's puzzle packed into a link, so that it opens in any browser on a
//! static host: its comment block and stub, and its reference function
//! (each with the declarations its file has before its functions), as
//! JSON, deflated, in base64url (the link's `cz`). A static page must check
//! against the reference, so the link carries it: the page says so, and a
//! class server (`bitscope class`) is how to keep it hidden.

use super::custom::SetSource;
use super::split::{self};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most a packed puzzle may inflate to.
pub const MAX_UNPACKED: usize = 256 * 1024;

#[derive(Serialize, Deserialize)]
struct Packed {
    /// The set's name (its progress, where the set is loaded).
    s: String,
    /// The puzzle's name.
    n: String,
    /// Its block and stub.
    p: String,
    /// Its reference.
    r: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LinkError {
    #[error("the link's puzzle is not base64url")]
    Base64,
    #[error("the link's puzzle does not inflate (cut short?)")]
    Inflate,
    #[error("the link's puzzle is not one puzzle and its reference")]
    Shape,
}

/// The reference's function for puzzle `name` (`name` or `test_name`) with
/// what the file declares before its functions.
fn reference_text(src: &str, name: &str) -> Option<String> {
    let items = split::split(src);
    let test = format!("test_{name}");
    let at = items
        .iter()
        .position(|i| i.function_name() == Some(name))
        .or_else(|| {
            items
                .iter()
                .position(|i| i.function_name() == Some(test.as_str()))
        })?;
    let mut keep = super::sets::prefix_ranges(src, &items);
    keep.push((items[at].start, items[at].end));
    Some(split::keep_only(src, &keep))
}

/// Puzzle `name` of `set`, packed; `None` when the set lacks it.
pub fn pack(set: &SetSource, name: &str) -> Option<String> {
    let packed = Packed {
        s: set.name.clone(),
        n: name.to_string(),
        p: set.puzzle_text(name)?,
        r: reference_text(&set.reference, name)?,
    };
    let json = serde_json::to_vec(&packed).ok()?;
    let deflated = miniz_oxide::deflate::compress_to_vec(&json, 9);
    Some(URL_SAFE_NO_PAD.encode(deflated))
}

/// A packed puzzle as a one-puzzle set (named as the set it came from).
///
/// # Errors
/// Not base64url, not deflate (or over [`MAX_UNPACKED`]), not a packed puzzle.
pub fn unpack(data: &str) -> Result<SetSource, LinkError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(data.trim().trim_end_matches('='))
        .map_err(|_| LinkError::Base64)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_UNPACKED)
        .map_err(|_| LinkError::Inflate)?;
    let p: Packed = serde_json::from_slice(&json).map_err(|_| LinkError::Shape)?;
    if p.n.is_empty() {
        return Err(LinkError::Shape);
    }
    Ok(SetSource {
        name: p.s,
        puzzles: p.p,
        reference: p.r,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn datalab() -> SetSource {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");
        SetSource {
            name: "datalab".into(),
            puzzles: std::fs::read_to_string(format!("{dir}puzzles.c")).unwrap(),
            reference: std::fs::read_to_string(format!("{dir}reference.c")).unwrap(),
        }
    }

    #[test]
    fn every_puzzle_of_a_set_packs_and_reads_back_as_a_set_of_one() {
        let set = datalab();
        for p in set.read().unwrap().puzzles {
            let data = pack(&set, &p.name).unwrap();
            assert!(data
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
            let one = unpack(&data).unwrap();
            assert_eq!(one.name, "datalab");
            let read = one.read().unwrap();
            assert_eq!(read.puzzles.len(), 1);
            assert_eq!(
                read.puzzles[0],
                crate::practice::sets::Puzzle {
                    line: read.puzzles[0].line,
                    ..p.clone()
                }
            );
            assert!(
                data.len() < one.puzzles.len() + one.reference.len(),
                "{}: compressed",
                p.name
            );
        }
        assert!(pack(&set, "noSuchPuzzle").is_none());
    }

    #[test]
    fn a_damaged_link_is_an_error_never_a_panic() {
        let data = pack(&datalab(), "sign").unwrap();
        assert_eq!(unpack("not base64!"), Err(LinkError::Base64));
        assert_eq!(
            unpack(&data[..(data.len() / 2) & !3]),
            Err(LinkError::Inflate)
        );
        let junk = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"[1,2]", 6));
        assert_eq!(unpack(&junk), Err(LinkError::Shape));
        // a bomb: a megabyte of zeros inflates past the limit
        let bomb = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(
            &vec![0u8; 1 << 20],
            9,
        ));
        assert_eq!(unpack(&bomb), Err(LinkError::Inflate));
    }
}
