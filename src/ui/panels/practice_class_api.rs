//! The page's side of a `bitscope class` server: JSON over HTTP on the
//! page's own origin (`api/class/NAME/...`, relative, so a class served
//! under a sub-path works), the member's key as `Authorization: Bearer`.

use crate::practice::sets::{parse_set, PuzzleSet};
use crate::ui::route::encode;
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A reply that is not a success: the server's own message when it gave one.
async fn send(
    class: &str,
    what: &str,
    key: &str,
    body: Option<String>,
) -> Result<(u16, String), String> {
    let window = web_sys::window().ok_or("no window")?;
    let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
    let _ = headers.set("Authorization", &format!("Bearer {key}"));
    let init = web_sys::RequestInit::new();
    if let Some(b) = &body {
        init.set_method("POST");
        let _ = headers.set("Content-Type", "application/json");
        init.set_body(&b.into());
    }
    init.set_headers(&headers);
    let url = format!("api/class/{}/{what}", encode(class));
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str_and_init(&url, &init))
        .await
        .map_err(|_| "the class server could not be reached".to_string())?
        .dyn_into()
        .map_err(|_| "no response".to_string())?;
    let text = response.text().map_err(|_| "no text".to_string())?;
    let text = JsFuture::from(text)
        .await
        .map_err(|_| "no text".to_string())?;
    Ok((response.status(), text.as_string().unwrap_or_default()))
}

/// Calls the API and reads its JSON; an error status gives its message.
pub async fn call(
    class: &str,
    what: &str,
    key: &str,
    body: Option<String>,
) -> Result<Value, String> {
    let (status, text) = send(class, what, key, body).await?;
    let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    if status == 200 {
        return Ok(v);
    }
    let message = v["error"]["message"].as_str().map_or_else(
        || format!("the class server answered HTTP {status}"),
        String::from,
    );
    Err(match status {
        401 => format!("this link's key is not one of the class's ({message}): ask your teacher for a new link"),
        _ => message,
    })
}

/// The gradebook as CSV (the teacher's).
pub async fn gradebook_csv(class: &str, key: &str) -> Result<String, String> {
    match send(class, "gradebook?format=csv", key, None).await? {
        (200, text) => Ok(text),
        (status, _) => Err(format!("the class server answered HTTP {status}")),
    }
}

/// What `puzzles` says: who the key is, and the class's set.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassInfo {
    pub name: String,
    pub member: String,
    pub teacher: bool,
    /// The set's text (the stubs and blocks a student is handed; never the reference).
    pub text: String,
    pub set: PuzzleSet,
}

pub async fn class_info(class: &str, key: &str) -> Result<ClassInfo, String> {
    let v = call(class, "puzzles", key, None).await?;
    let text = v["set"].as_str().unwrap_or_default().to_string();
    let set = parse_set(&text).map_err(|e| format!("the class's set: {e}"))?;
    Ok(ClassInfo {
        name: v["class"].as_str().unwrap_or(class).to_string(),
        member: v["member"]["name"].as_str().unwrap_or_default().to_string(),
        teacher: v["member"]["role"] == "teacher",
        text,
        set,
    })
}
