//! The fast x86-64 operations and the conversions.
