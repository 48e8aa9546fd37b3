//! Bearer tokens: 192 random bits from the operating system, shown once
//! as 48 hex digits, stored only as their SHA-256; a presented token is
//! hashed and compared with every stored hash of its class in constant time
//! (no early exit, no branch on the bytes).

use sha2::{Digest, Sha256};
use subtle::{Choice, ConstantTimeEq};

/// The random bytes of a token.
pub const TOKEN_BYTES: usize = 24;

/// A stored token: the SHA-256 of its text.
pub type TokenHash = [u8; 32];

/// A fresh token (48 lower-case hex digits).
///
/// # Errors
/// The operating system's generator failed.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::getrandom(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

pub fn hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// The key of the stored hash equal to `token`'s, if any. Every candidate
/// is compared whole, so the time depends only on how many there are.
pub fn find<K: Copy>(token: &str, candidates: &[(K, TokenHash)]) -> Option<K> {
    let presented = hash(token);
    let mut found = None;
    for (key, stored) in candidates {
        let equal: Choice = presented.ct_eq(stored);
        if bool::from(equal) {
            found = Some(*key);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_fresh_and_found_only_by_their_text() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 2 * TOKEN_BYTES);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        let stored = [(1, hash(&a)), (2, hash(&b))];
        assert_eq!(find(&a, &stored), Some(1));
        assert_eq!(find(&b, &stored), Some(2));
        assert_eq!(find(&a[1..], &stored), None);
        assert_eq!(find("", &stored), None);
        // the SHA-256 of "abc" (FIPS 180-2's example)
        let abc: String = hash("abc").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            abc,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
