//! THE owner of the class server's SQL: the schema, its migrations and
//! every query. One SQLite file in WAL mode with `synchronous=FULL`, so a
//! write that returned is on disk: the server answers a submission only
//! after the transaction that holds it has committed.
//!
//! ```text
//! classes      id, name, puzzles (the set's text), reference (its text), created
//! members      id, class_id, student (roster id, or '' for the teacher), name,
//!              role ('teacher' | 'student'), token_hash (SHA-256)
//! submissions  id, member_id, puzzle, source, received (ms since 1970)
//! grades       submission_id (PRIMARY KEY: a submission is graded once),
//!              status, kind, points, ops, reason, counterexample (JSON), graded
//! fewest       class_id, puzzle (PRIMARY KEY both), at_least, ops, proven,
//!              program (C), note, searched: each puzzle's shortest program
//! ```

use super::tokens::{self, TokenHash};
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("a class named `{0}` already exists in this database")]
    Exists(String),
    #[error("no class named `{0}` in this database")]
    NoClass(String),
    #[error("no student `{1}` in class `{0}`")]
    NoStudent(String, String),
    #[error("the system's random generator: {0}")]
    Random(String),
    #[error("this database was written by a newer bitscope (schema {0})")]
    Newer(i64),
}

type Result<T> = std::result::Result<T, StoreError>;

/// The schema, one migration a step; `PRAGMA user_version` is how many ran.
const MIGRATIONS: &[&str] = &[
    r"
CREATE TABLE classes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  puzzles TEXT NOT NULL,
  reference TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  class_id INTEGER NOT NULL REFERENCES classes(id),
  student TEXT NOT NULL,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('teacher', 'student')),
  token_hash BLOB NOT NULL UNIQUE,
  UNIQUE (class_id, student)
);
CREATE TABLE submissions (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  puzzle TEXT NOT NULL,
  source TEXT NOT NULL,
  received INTEGER NOT NULL
);
CREATE INDEX submissions_member ON submissions(member_id, puzzle);
CREATE TABLE grades (
  submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
  status TEXT NOT NULL,
  kind TEXT NOT NULL,
  points INTEGER NOT NULL,
  ops INTEGER,
  reason TEXT NOT NULL,
  counterexample TEXT,
  graded INTEGER NOT NULL
);
",
    r"
CREATE TABLE fewest (
  class_id INTEGER NOT NULL REFERENCES classes(id),
  puzzle TEXT NOT NULL,
  at_least INTEGER NOT NULL,
  ops INTEGER,
  proven INTEGER NOT NULL,
  program TEXT,
  note TEXT NOT NULL,
  searched INTEGER NOT NULL,
  PRIMARY KEY (class_id, puzzle)
);
",
];

/// One puzzle's shortest-program search, as stored ([`super::fewest`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleFewest {
    pub puzzle: String,
    /// Every program shorter than this was ruled out.
    pub at_least: usize,
    /// The shortest program found (C), if any.
    pub program: Option<String>,
    pub ops: Option<usize>,
    /// `ops` is the fewest possible under the puzzle's rules.
    pub proven: bool,
    /// Why there was no search, or why it stopped.
    pub note: String,
}

/// A class as stored.
#[derive(Clone, Debug)]
pub struct ClassRow {
    pub id: i64,
    pub name: String,
    pub puzzles: String,
    pub reference: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Teacher,
    Student,
}

/// Who a token belongs to.
#[derive(Clone, Debug)]
pub struct Member {
    pub id: i64,
    pub class_id: i64,
    /// The roster's id ('' for the teacher).
    pub student: String,
    pub name: String,
    pub role: Role,
}

/// A student to enroll, and the token made for them.
#[derive(Clone, Debug)]
pub struct Enrolled {
    pub student: String,
    pub name: String,
    pub token: String,
}

/// A grade as stored (the student-safe form: no reference text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradeRow {
    pub status: String,
    pub kind: String,
    pub points: u32,
    pub ops: Option<usize>,
    pub reason: String,
    /// JSON: `{"args": {...}, "got", "expected"}`.
    pub counterexample: Option<String>,
}

/// A submission with its grade (none yet while it is being graded).
#[derive(Clone, Debug)]
pub struct SubmissionRow {
    pub id: i64,
    pub member_id: i64,
    pub puzzle: String,
    pub source: String,
    pub received: i64,
    pub grade: Option<GradeRow>,
}

/// An ungraded submission and its class (the queue's work after a crash).
#[derive(Clone, Debug)]
pub struct Pending {
    pub id: i64,
    pub class: String,
    pub puzzle: String,
    pub source: String,
}

pub struct Store {
    conn: Mutex<Connection>,
}

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn token() -> Result<String> {
    tokens::new_token().map_err(|e| StoreError::Random(e.to_string()))
}

impl Store {
    /// Opens (or creates) the database at `path` and brings its schema up
    /// to date.
    ///
    /// # Errors
    /// The file cannot be opened, or holds a newer schema.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let known = MIGRATIONS.len() as i64;
        if version > known {
            return Err(StoreError::Newer(version));
        }
        for (k, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = conn.unchecked_transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", k as i64 + 1)?;
            tx.commit()?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // a panic while holding the lock leaves SQLite consistent (every
        // write is one transaction), so the poison is ignored
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Creates a class, its teacher and its students in one transaction;
    /// gives the teacher's token and each student's.
    ///
    /// # Errors
    /// The name is taken, or the database fails (then nothing is created).
    pub fn create_class(
        &self,
        name: &str,
        puzzles: &str,
        reference: &str,
        roster: &[(String, String)],
    ) -> Result<(String, Vec<Enrolled>)> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let taken: Option<i64> = tx
            .query_row("SELECT id FROM classes WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?;
        if taken.is_some() {
            return Err(StoreError::Exists(name.to_string()));
        }
        tx.execute(
            "INSERT INTO classes (name, puzzles, reference, created) VALUES (?1, ?2, ?3, ?4)",
            params![name, puzzles, reference, now_ms()],
        )?;
        let class_id = tx.last_insert_rowid();
        let add = |student: &str, name: &str, role: &str| -> Result<String> {
            let t = token()?;
            tx.execute(
                "INSERT INTO members (class_id, student, name, role, token_hash) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![class_id, student, name, role, tokens::hash(&t).as_slice()],
            )?;
            Ok(t)
        };
        let teacher = add("", "teacher", "teacher")?;
        let mut students = Vec::new();
        for (id, name) in roster {
            let token = add(id, name, "student")?;
            students.push(Enrolled {
                student: id.clone(),
                name: name.clone(),
                token,
            });
        }
        tx.commit()?;
        Ok((teacher, students))
    }

    /// Replaces one member's token (`None`: the teacher's) and gives the
    /// new one; the old one stops working at once.
    ///
    /// # Errors
    /// No such class or student.
    pub fn reissue_token(&self, class: &str, student: Option<&str>) -> Result<String> {
        let conn = self.conn();
        let t = token()?;
        let changed = conn.execute(
            "UPDATE members SET token_hash = ?1 WHERE student = ?2 AND class_id = (SELECT id FROM classes WHERE name = ?3)",
            params![tokens::hash(&t).as_slice(), student.unwrap_or(""), class],
        )?;
        match changed {
            1 => Ok(t),
            _ if self.class_locked(&conn, class)?.is_none() => {
                Err(StoreError::NoClass(class.to_string()))
            }
            _ => Err(StoreError::NoStudent(
                class.to_string(),
                student.unwrap_or("teacher").to_string(),
            )),
        }
    }

    /// Every class's name, in the order they were made.
    pub fn class_names(&self) -> Result<Vec<String>> {
        let conn = self.conn();
        let mut q = conn.prepare("SELECT name FROM classes ORDER BY id")?;
        let names = q
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(names)
    }

    pub fn class(&self, name: &str) -> Result<Option<ClassRow>> {
        let conn = self.conn();
        self.class_locked(&conn, name)
    }

    fn class_locked(&self, conn: &Connection, name: &str) -> Result<Option<ClassRow>> {
        let row = conn
            .query_row(
                "SELECT id, name, puzzles, reference FROM classes WHERE name = ?1",
                [name],
                |r| {
                    Ok(ClassRow {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        puzzles: r.get(2)?,
                        reference: r.get(3)?,
                    })
                },
            )
            .optional()?;
        Ok(row)
    }

    /// The member of class `class_id` whose token is `token`, if any
    /// (compared in constant time with every member's hash).
    pub fn member_by_token(&self, class_id: i64, token: &str) -> Result<Option<Member>> {
        let conn = self.conn();
        let hashes = token_hashes(&conn, "class_id = ?1", class_id)?;
        let Some(id) = tokens::find(token, &hashes) else {
            return Ok(None);
        };
        let member = conn.query_row(
            "SELECT id, class_id, student, name, role FROM members WHERE id = ?1",
            [id],
            member_row,
        )?;
        Ok(Some(member))
    }

    /// Whether some class other than `class_id` has a member with `token`
    /// (a token used on the wrong class gets 403, not 401).
    pub fn token_elsewhere(&self, class_id: i64, token: &str) -> Result<bool> {
        let conn = self.conn();
        let hashes = token_hashes(&conn, "class_id != ?1", class_id)?;
        Ok(tokens::find(token, &hashes).is_some())
    }

    /// Every student of a class, in roster order.
    pub fn students(&self, class_id: i64) -> Result<Vec<Member>> {
        let conn = self.conn();
        let mut q = conn.prepare(
            "SELECT id, class_id, student, name, role FROM members WHERE class_id = ?1 AND role = 'student' ORDER BY id",
        )?;
        let rows = q
            .query_map([class_id], member_row)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// Writes a submission and commits it; gives its id.
    pub fn insert_submission(&self, member_id: i64, puzzle: &str, source: &str) -> Result<i64> {
        let conn = self.conn();
        conn.execute(
            "INSERT INTO submissions (member_id, puzzle, source, received) VALUES (?1, ?2, ?3, ?4)",
            params![member_id, puzzle, source, now_ms()],
        )?;
        Ok(conn.last_insert_rowid())
    }

    /// Records a submission's grade; `false` when it already had one (a
    /// submission is graded once: the first grade stays).
    pub fn record_grade(&self, submission_id: i64, g: &GradeRow) -> Result<bool> {
        let conn = self.conn();
        let n = conn.execute(
            "INSERT INTO grades (submission_id, status, kind, points, ops, reason, counterexample, graded)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (submission_id) DO NOTHING",
            params![
                submission_id,
                g.status,
                g.kind,
                g.points,
                g.ops.map(|n| n as i64),
                g.reason,
                g.counterexample,
                now_ms()
            ],
        )?;
        Ok(n == 1)
    }

    /// The submissions with no grade yet, oldest first, with their class.
    pub fn pending(&self) -> Result<Vec<Pending>> {
        let conn = self.conn();
        let mut q = conn.prepare(
            "SELECT s.id, c.name, s.puzzle, s.source FROM submissions s
             JOIN members m ON m.id = s.member_id JOIN classes c ON c.id = m.class_id
             WHERE NOT EXISTS (SELECT 1 FROM grades g WHERE g.submission_id = s.id) ORDER BY s.id",
        )?;
        let rows = q
            .query_map([], |r| {
                Ok(Pending {
                    id: r.get(0)?,
                    class: r.get(1)?,
                    puzzle: r.get(2)?,
                    source: r.get(3)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// One member's submissions (`Some`), or a whole class's (`None` and
    /// the class id), oldest first, each with its grade if it has one.
    pub fn submissions(&self, member: Option<i64>, class_id: i64) -> Result<Vec<SubmissionRow>> {
        let conn = self.conn();
        let mut q = conn.prepare_cached(
            "SELECT s.id, s.member_id, s.puzzle, s.source, s.received,
                    g.status, g.kind, g.points, g.ops, g.reason, g.counterexample
             FROM submissions s JOIN members m ON m.id = s.member_id
             LEFT JOIN grades g ON g.submission_id = s.id
             WHERE m.class_id = ?1 AND (?2 IS NULL OR s.member_id = ?2) ORDER BY s.id",
        )?;
        let rows = q
            .query_map(params![class_id, member], |r| {
                let status: Option<String> = r.get(5)?;
                let grade = match status {
                    None => None,
                    Some(status) => Some(GradeRow {
                        status,
                        kind: r.get(6)?,
                        points: r.get(7)?,
                        ops: r.get::<_, Option<i64>>(8)?.map(|n| n as usize),
                        reason: r.get(9)?,
                        counterexample: r.get(10)?,
                    }),
                };
                Ok(SubmissionRow {
                    id: r.get(0)?,
                    member_id: r.get(1)?,
                    puzzle: r.get(2)?,
                    source: r.get(3)?,
                    received: r.get(4)?,
                    grade,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// Stores a puzzle's fewest operators (replacing an earlier search's).
    ///
    /// # Errors
    /// The database fails.
    pub fn set_fewest(&self, class_id: i64, f: &PuzzleFewest) -> Result<()> {
        self.conn().execute(
            "INSERT OR REPLACE INTO fewest (class_id, puzzle, at_least, ops, proven, program, note, searched)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                class_id,
                f.puzzle,
                f.at_least as i64,
                f.ops.map(|o| o as i64),
                f.proven,
                f.program,
                f.note,
                now_ms()
            ],
        )?;
        Ok(())
    }

    /// Every puzzle's stored fewest operators.
    ///
    /// # Errors
    /// The database fails.
    pub fn fewest(&self, class_id: i64) -> Result<Vec<PuzzleFewest>> {
        let conn = self.conn();
        let mut st = conn.prepare(
            "SELECT puzzle, at_least, ops, proven, program, note FROM fewest WHERE class_id = ?1",
        )?;
        let rows = st.query_map(params![class_id], |r| {
            Ok(PuzzleFewest {
                puzzle: r.get(0)?,
                at_least: r.get::<_, i64>(1)? as usize,
                ops: r.get::<_, Option<i64>>(2)?.map(|o| o as usize),
                proven: r.get(3)?,
                program: r.get(4)?,
                note: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<std::result::Result<_, _>>()?)
    }

    /// How many submissions and grades the database holds (the crash test's
    /// count).
    pub fn counts(&self) -> Result<(i64, i64)> {
        let conn = self.conn();
        let subs = conn.query_row("SELECT COUNT(*) FROM submissions", [], |r| r.get(0))?;
        let grades = conn.query_row("SELECT COUNT(*) FROM grades", [], |r| r.get(0))?;
        Ok((subs, grades))
    }
}

/// Each member's id and token hash, of the members `filter` (over
/// `class_id`) picks.
fn token_hashes(conn: &Connection, filter: &str, class_id: i64) -> Result<Vec<(i64, TokenHash)>> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT id, token_hash FROM members WHERE {filter}"
    ))?;
    let rows = q
        .query_map([class_id], |r| {
            let blob: Vec<u8> = r.get(1)?;
            Ok((r.get(0)?, blob.try_into().unwrap_or([0; 32])))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

fn member_row(r: &rusqlite::Row) -> rusqlite::Result<Member> {
    let role: String = r.get(4)?;
    Ok(Member {
        id: r.get(0)?,
        class_id: r.get(1)?,
        student: r.get(2)?,
        name: r.get(3)?,
        role: if role == "teacher" {
            Role::Teacher
        } else {
            Role::Student
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db() -> (std::path::PathBuf, Store) {
        let path = std::env::temp_dir().join(format!(
            "bitscope-store-{}-{}.db",
            std::process::id(),
            tokens::new_token().unwrap()
        ));
        let store = Store::open(&path).unwrap();
        (path, store)
    }

    #[test]
    fn a_class_its_tokens_submissions_and_one_grade_each() {
        let (path, s) = temp_db();
        let roster = [("ada".to_string(), "Ada".to_string())];
        let (teacher, students) = s.create_class("c1", "P", "R", &roster).unwrap();
        assert!(matches!(
            s.create_class("c1", "P", "R", &[]),
            Err(StoreError::Exists(_))
        ));
        let class = s.class("c1").unwrap().unwrap();
        let t = s.member_by_token(class.id, &teacher).unwrap().unwrap();
        assert_eq!(t.role, Role::Teacher);
        let ada = s
            .member_by_token(class.id, &students[0].token)
            .unwrap()
            .unwrap();
        assert_eq!((ada.student.as_str(), ada.role), ("ada", Role::Student));
        assert!(s.member_by_token(class.id, "nope").unwrap().is_none());
        let id = s
            .insert_submission(ada.id, "bitAnd", "int bitAnd(int x, int y) { return 0; }")
            .unwrap();
        assert_eq!(s.pending().unwrap().len(), 1);
        let g = GradeRow {
            status: "wrong".into(),
            kind: "value".into(),
            points: 0,
            ops: Some(0),
            reason: "r".into(),
            counterexample: None,
        };
        assert!(s.record_grade(id, &g).unwrap());
        assert!(!s
            .record_grade(
                id,
                &GradeRow {
                    points: 9,
                    ..g.clone()
                }
            )
            .unwrap());
        assert!(s.pending().unwrap().is_empty());
        assert_eq!(
            s.submissions(Some(ada.id), class.id).unwrap()[0].grade,
            Some(g)
        );
        let fresh = s.reissue_token("c1", Some("ada")).unwrap();
        assert!(s
            .member_by_token(class.id, &students[0].token)
            .unwrap()
            .is_none());
        assert!(s.member_by_token(class.id, &fresh).unwrap().is_some());
        assert!(matches!(
            s.reissue_token("c1", Some("bob")),
            Err(StoreError::NoStudent(..))
        ));
        assert!(matches!(
            s.reissue_token("c2", None),
            Err(StoreError::NoClass(_))
        ));
        drop(s);
        let again = Store::open(&path).unwrap();
        assert_eq!(again.counts().unwrap(), (1, 1));
        drop(again);
        // (the database, and the log and index SQLite keeps beside it)
        for end in ["", "-wal", "-shm"] {
            let mut file = path.clone().into_os_string();
            file.push(end);
            let _ = std::fs::remove_file(file);
        }
    }
}
