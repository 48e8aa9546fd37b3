//! The class server's HTTP API (JSON, `Authorization: Bearer TOKEN`):
//!
//! ```text
//! GET  /api/class/NAME/puzzles            a member: the puzzles, never the reference
//! POST /api/class/NAME/submit             a member: {"puzzle", "source"} -> its grade
//! GET  /api/class/NAME/me                 a member: their own submissions and best
//! GET  /api/class/NAME/gradebook[?format=csv]   the teacher
//! ```
//!
//! 401: no token, or one of no class; 403: a token of another class, a
//! student's on the gradebook, or the teacher's on submit; 404: no such
//! class or puzzle; 413: a body
//! over 64 KB; 429 (with `Retry-After`): more than 20 submissions in a
//! minute from one member. Errors are `{"error": {"kind", "message"}}`.

use super::gradebook::{self, rfc3339, standings};
use super::grading::{Class, Classes, Job, Queue};
use super::store::{Member, Role, Store, SubmissionRow};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The server's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// Submissions a member may make in `window`.
    pub per_window: usize,
    pub window: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: 64 * 1024,
            per_window: 20,
            window: Duration::from_secs(60),
        }
    }
}

/// What every request shares.
pub struct Server {
    pub store: Arc<Store>,
    pub classes: Classes,
    pub queue: Queue,
    pub limits: Limits,
    recent: Mutex<HashMap<i64, VecDeque<Instant>>>,
}

impl Server {
    pub fn new(store: Arc<Store>, queue: Queue, limits: Limits) -> Server {
        Server {
            classes: Classes::new(store.clone()),
            store,
            queue,
            limits,
            recent: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one of `member`'s submissions from the window, or says how
    /// long until one is free.
    fn take_slot(&self, member: i64) -> Result<(), Duration> {
        let now = Instant::now();
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        let times = recent.entry(member).or_default();
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= self.limits.window)
        {
            times.pop_front();
        }
        if times.len() >= self.limits.per_window {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(self
                .limits
                .window
                .saturating_sub(now.duration_since(oldest)));
        }
        times.push_back(now);
        Ok(())
    }
}

/// An error response: a status, a kind, a message (and a wait for 429).
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    kind: &'static str,
    message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
            retry_after: None,
        }
    }

    fn internal(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            message.to_string(),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({"error": {"kind": self.kind, "message": self.message}}));
        let mut r = (self.status, body).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut().insert(header::RETRY_AFTER, s.into());
        }
        r
    }
}

type ApiResult = Result<Response, ApiError>;

/// The API's routes, with their body limit.
pub fn router(server: Arc<Server>) -> Router {
    let max_body = server.limits.max_body;
    Router::new()
        .route("/api/class/{name}/puzzles", get(puzzles))
        .route("/api/class/{name}/submit", post(submit))
        .route("/api/class/{name}/me", get(me))
        .route("/api/class/{name}/gradebook", get(gradebook_route))
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(server)
}

/// Runs a blocking store call off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::task::spawn_blocking(f).await {
        Ok(r) => r.map_err(ApiError::internal),
        Err(e) => Err(ApiError::internal(e)),
    }
}

/// The token of `Authorization: Bearer TOKEN`; the scheme's name in any
/// case (RFC 9110 11.1: `bearer`, `BEARER`), then one or more spaces.
fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim_start().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && token.len() <= 256)
        .then(|| token.to_string())
}

/// The class and the member the request's token names.
async fn authorize(
    server: &Arc<Server>,
    name: &str,
    headers: &HeaderMap,
) -> Result<(Arc<Class>, Member), ApiError> {
    let Some(token) = bearer(headers) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "token",
            "no `Authorization: Bearer TOKEN`",
        ));
    };
    let s = server.clone();
    let name = name.to_string();
    let found = blocking(move || {
        let Some(class) = s.classes.get(&name)? else {
            return Ok(None);
        };
        let member = s
            .store
            .member_by_token(class.id, &token)
            .map_err(|e| e.to_string())?;
        let elsewhere = member.is_none()
            && s.store
                .token_elsewhere(class.id, &token)
                .map_err(|e| e.to_string())?;
        Ok(Some((class, member, elsewhere)))
    })
    .await?;
    match found {
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "class",
            "no such class",
        )),
        Some((class, Some(m), _)) => Ok((class, m)),
        Some((_, None, true)) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "this token belongs to another class",
        )),
        Some((_, None, false)) => Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "token",
            "unknown token",
        )),
    }
}

fn member_json(m: &Member) -> Value {
    let role = if m.role == Role::Teacher {
        "teacher"
    } else {
        "student"
    };
    json!({"id": m.student, "name": m.name, "role": role})
}

async fn puzzles(
    State(s): State<Arc<Server>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let (class, member) = authorize(&s, &name, &headers).await?;
    let list: Vec<Value> = class
        .grader
        .set
        .puzzles
        .iter()
        .map(|p| {
            let params: Vec<Value> = p
                .params
                .iter()
                .map(|(n, t)| json!({"name": n, "type": t.name()}))
                .collect();
            json!({
                "name": p.name, "task": p.task, "examples": p.examples, "legal_ops": p.legal_ops,
                "max_ops": p.max_ops, "rating": p.rating, "assume": p.assume, "hints": p.hints,
                "max_constant": p.max_constant, "control": p.control,
                "signature": p.signature(), "params": params, "ret": p.ret.name(),
            })
        })
        .collect();
    // (the set's text too: the stubs and blocks students are handed, which
    // the page reads with the same parser; the reference is elsewhere)
    let body = json!({"class": class.name, "member": member_json(&member), "puzzles": list, "set": class.set_text});
    Ok(Json(body).into_response())
}

#[derive(Deserialize)]
struct SubmitBody {
    puzzle: String,
    source: String,
}

/// The submission's body: within the size limit, and `{"puzzle", "source"}`.
fn read_submit_body(
    s: &Server,
    body: Result<Bytes, BytesRejection>,
) -> Result<SubmitBody, ApiError> {
    let body = body.map_err(|r| {
        let kind = if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            "too_large"
        } else {
            "body"
        };
        ApiError::new(
            r.status(),
            kind,
            format!("{r} (at most {} bytes)", s.limits.max_body),
        )
    })?;
    serde_json::from_slice(&body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "body",
            format!("the body is not {{\"puzzle\", \"source\"}} JSON: {e}"),
        )
    })
}

/// One of the member's submissions in the rate window, or 429 with the
/// seconds to wait.
fn rate_limit(s: &Server, member: i64) -> Result<(), ApiError> {
    s.take_slot(member).map_err(|wait| {
        let mut e = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate",
            format!(
                "more than {} submissions in {} s: wait",
                s.limits.per_window,
                s.limits.window.as_secs()
            ),
        );
        e.retry_after = Some(wait.as_secs() + 1);
        e
    })
}

async fn submit(
    State(s): State<Arc<Server>>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let (class, member) = authorize(&s, &name, &headers).await?;
    if member.role == Role::Teacher {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "the teacher's token cannot submit: answers are graded for the roster's students (use a student's link, or `bitscope practice grade` to try an answer)",
        ));
    }
    let body = read_submit_body(&s, body)?;
    let bad = |m: String| ApiError::new(StatusCode::BAD_REQUEST, "body", m);
    let Some(puzzle) = class
        .grader
        .set
        .puzzles
        .iter()
        .find(|p| p.name == body.puzzle)
    else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "puzzle",
            format!("no puzzle `{}` in this class", body.puzzle),
        ));
    };
    if body.source.trim().is_empty() {
        return Err(bad("the answer is empty".into()));
    }
    rate_limit(&s, member.id)?;
    let (store, member_id, source) = (s.store.clone(), member.id, body.source.clone());
    let puzzle_name = puzzle.name.clone();
    let id = blocking(move || {
        store
            .insert_submission(member_id, &puzzle_name, &source)
            .map_err(|e| e.to_string())
    })
    .await?;
    let (tx, rx) = tokio::sync::oneshot::channel();
    s.queue.push(Job {
        submission: id,
        class: class.clone(),
        puzzle: puzzle.name.clone(),
        source: body.source,
        done: Some(tx),
    });
    let graded = rx
        .await
        .map_err(|_| ApiError::internal("the grader stopped"))?
        .map_err(ApiError::internal)?;
    let mut out = grade_json(&graded);
    out["id"] = json!(id);
    out["puzzle"] = json!(puzzle.name);
    out["max_ops"] = json!(puzzle.max_ops);
    out["rating"] = json!(puzzle.rating);
    Ok(Json(out).into_response())
}

fn grade_json(g: &super::store::GradeRow) -> Value {
    let cx: Value = g
        .counterexample
        .as_deref()
        .and_then(|c| serde_json::from_str(c).ok())
        .unwrap_or(Value::Null);
    json!({"status": g.status, "kind": g.kind, "points": g.points, "ops": g.ops, "reason": g.reason, "counterexample": cx})
}

fn submission_json(r: &SubmissionRow) -> Value {
    let mut v = match &r.grade {
        Some(g) => grade_json(g),
        None => json!({"status": "pending"}),
    };
    v["id"] = json!(r.id);
    v["puzzle"] = json!(r.puzzle);
    v["source"] = json!(r.source);
    v["time"] = json!(rfc3339(r.received));
    v
}

async fn me(
    State(s): State<Arc<Server>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let (class, member) = authorize(&s, &name, &headers).await?;
    let store = s.store.clone();
    let (member_id, class_id) = (member.id, class.id);
    let rows = blocking(move || {
        store
            .submissions(Some(member_id), class_id)
            .map_err(|e| e.to_string())
    })
    .await?;
    let refs: Vec<&SubmissionRow> = rows.iter().collect();
    let best = standings(&refs);
    let total: u32 = best.values().map(|b| b.points).sum();
    let max: u32 = class.grader.set.puzzles.iter().map(|p| p.rating).sum();
    let subs: Vec<Value> = rows.iter().map(submission_json).collect();
    let body = json!({"class": class.name, "member": member_json(&member), "total": total, "max": max, "best": best, "submissions": subs});
    Ok(Json(body).into_response())
}

#[derive(Deserialize)]
struct BookQuery {
    format: Option<String>,
}

async fn gradebook_route(
    State(s): State<Arc<Server>>,
    Path(name): Path<String>,
    Query(q): Query<BookQuery>,
    headers: HeaderMap,
) -> ApiResult {
    let (class, member) = authorize(&s, &name, &headers).await?;
    if member.role != Role::Teacher {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "the gradebook is the teacher's",
        ));
    }
    let (store, c) = (s.store.clone(), class.clone());
    let book = blocking(move || {
        let students = store.students(c.id).map_err(|e| e.to_string())?;
        let rows = store.submissions(None, c.id).map_err(|e| e.to_string())?;
        let fewest = store.fewest(c.id).map_err(|e| e.to_string())?;
        Ok(gradebook::gradebook(&c, &students, &rows, &fewest))
    })
    .await?;
    match q.format.as_deref() {
        Some("csv") => {
            let disposition = format!("attachment; filename=\"{}-grades.csv\"", class.name);
            let headers = [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, disposition),
            ];
            Ok((headers, gradebook::csv(&book)).into_response())
        }
        None | Some("json") => Ok(Json(book).into_response()),
        Some(other) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "format",
            format!("format `{other}`: json or csv"),
        )),
    }
}
