//! The class server (native only): a teacher's puzzle set run for a whole
//! class. Students submit from the page; each answer is stored (committed)
//! before it is graded, graded off the request threads by the exact grader
//! of [`crate::practice::grade`], and its grade stored before the student
//! is answered; the reference never leaves the server.
//!
//! - [`store`]: THE owner of SQL (SQLite embedded, WAL);
//! - [`tokens`]: random bearer tokens, stored hashed, compared in constant time;
//! - [`grading`]: the grading queue (worker threads, the prover's budget);
//! - [`api`]: the axum routes and their rules (401, 403, 413, 429);
//! - [`gradebook`]: best answers, solve rates, the scoreboard, the CSV;
//! - [`fewest`]: each puzzle's fewest operators (the shortest program);
//! - [`roster`]: `id,name[,file]` rows;
//! - [`sheet`]: every CSV written, no cell a spreadsheet runs as a formula;
//! - [`client`] and [`load`]: a minimal HTTP client and simulated students,
//!   for the load bench and the tests.

pub mod api;
pub mod client;
pub mod fewest;
pub mod gradebook;
pub mod grading;
pub mod load;
pub mod roster;
pub mod sheet;
pub mod store;
pub mod tokens;

use store::{Enrolled, Store, StoreError};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ClassError {
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The set or the reference does not read (with its line).
    #[error("{0}")]
    Set(String),
    #[error("class name: {0}")]
    Name(String),
}

/// A class as `class new` made it: the tokens, shown once.
#[derive(Debug)]
pub struct Created {
    pub class: String,
    pub teacher_token: String,
    pub students: Vec<Enrolled>,
}

/// Creates class `name` from a set, its reference and a roster, after
/// checking that the set and the reference read (else nothing is created).
///
/// # Errors
/// A bad name, a set or reference that does not read, a name taken.
pub fn create(
    store: &Store,
    name: &str,
    puzzles: &str,
    reference: &str,
    roster: &[roster::Student],
) -> Result<Created, ClassError> {
    roster::check_id(name).map_err(ClassError::Name)?;
    grading::Class::read(0, name, puzzles, reference).map_err(ClassError::Set)?;
    let pairs: Vec<(String, String)> = roster
        .iter()
        .map(|s| (s.id.clone(), s.name.clone()))
        .collect();
    let (teacher_token, students) = store.create_class(name, puzzles, reference, &pairs)?;
    Ok(Created {
        class: name.to_string(),
        teacher_token,
        students,
    })
}

/// A student's link: the Practice page opens the class's puzzles with it.
/// The token travels in the fragment, which browsers never send.
pub fn student_link(base: &str, class: &str, token: &str) -> String {
    format!("{}#/practice?class={class}&key={token}", with_slash(base))
}

/// The teacher's link to the gradebook page.
pub fn teacher_link(base: &str, class: &str, token: &str) -> String {
    format!("{}#/class?class={class}&key={token}", with_slash(base))
}

fn with_slash(base: &str) -> String {
    if base.ends_with('/') {
        base.to_string()
    } else {
        format!("{base}/")
    }
}
