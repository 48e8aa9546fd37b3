//! The teacher's page of a class (`#/class?class=NAME&key=TEACHER_KEY`):
//! the gradebook, a row a student on the roster, sortable by any column;
//! each puzzle's solve rate and operator counts; the "beat the prof"
//! scoreboard (the reference's count beside the fewest a student reached);
//! the grade sheet as CSV. Everything comes from the class server.

use super::practice_class_api::{call, gradebook_csv, ClassInfo};
use super::practice_sets::download;
use crate::ui::state::ClassSeat;
use serde_json::Value;
use std::cmp::Ordering;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct BookProps {
    pub seat: ClassSeat,
    pub info: ClassInfo,
}

/// The column a table is sorted by: `id`, `name`, `total` or a puzzle's name.
#[derive(Clone, PartialEq)]
struct Sort {
    column: String,
    descending: bool,
}

#[function_component(GradebookView)]
pub(super) fn gradebook_view(props: &BookProps) -> Html {
    let book = use_state(|| None::<Result<Value, String>>);
    let reload = use_state(|| 0u32);
    let sort = use_state(|| Sort {
        column: "id".into(),
        descending: false,
    });
    let note = use_state(String::new);
    {
        let (book, seat) = (book.clone(), props.seat.clone());
        use_effect_with(*reload, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                book.set(Some(call(&seat.class, "gradebook", &seat.key, None).await));
            });
        });
    }
    let refresh = {
        let reload = reload.clone();
        Callback::from(move |_: MouseEvent| reload.set(*reload + 1))
    };
    let export = {
        let (seat, note) = (props.seat.clone(), note.clone());
        Callback::from(move |_: MouseEvent| {
            let (seat, note) = (seat.clone(), note.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match gradebook_csv(&seat.class, &seat.key).await {
                    Ok(csv) => download(&format!("{}-grades.csv", seat.class), &csv, "text/csv"),
                    Err(e) => note.set(e),
                }
            });
        })
    };
    let body = match &*book {
        None => html! { <p role="status">{ "Reading the gradebook…" }</p> },
        Some(Err(e)) => html! { <p class="error-box" role="alert">{ e.clone() }</p> },
        Some(Ok(b)) => html! {
            <>
                { student_table(b, &sort) }
                { puzzle_table(b) }
            </>
        },
    };
    html! {
        <div class="card gradebook-card">
            <h3>{ "The teacher's gradebook" }</h3>
            <p>{ "Every student on the roster, with the best answer to each puzzle (points; the title of a cell gives its status, operators and tries). Students submit from their own links; each grade is proven on the server and kept in its database." }</p>
            <div class="actions">
                <button type="button" class="gradebook-refresh" onclick={refresh}>{ "refresh" }</button>
                <button type="button" class="gradebook-csv" onclick={export}>{ "export CSV" }</button>
                <span role="status">{ (*note).clone() }</span>
            </div>
            { body }
        </div>
    }
}

fn puzzle_names(book: &Value) -> Vec<String> {
    book["puzzles"]
        .as_array()
        .map(|p| {
            p.iter()
                .filter_map(|p| p["name"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// A student's value in a column, for sorting.
fn key(s: &Value, column: &str) -> (i64, String) {
    match column {
        "id" | "name" => (0, s[column].as_str().unwrap_or_default().to_lowercase()),
        "total" => (s["total"].as_i64().unwrap_or(0), String::new()),
        puzzle => (
            s["puzzles"][puzzle]["points"].as_i64().unwrap_or(-1),
            String::new(),
        ),
    }
}

fn student_table(book: &Value, sort: &UseStateHandle<Sort>) -> Html {
    let names = puzzle_names(book);
    let mut rows: Vec<&Value> = book["students"]
        .as_array()
        .map(|s| s.iter().collect())
        .unwrap_or_default();
    rows.sort_by(|a, b| {
        let o = key(a, &sort.column).cmp(&key(b, &sort.column));
        let o = if sort.descending { o.reverse() } else { o };
        o.then_with(|| a["id"].as_str().cmp(&b["id"].as_str()))
    });
    let header = |column: &str, label: &str| {
        let on = sort.column == column;
        let aria = match (on, sort.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        };
        let onclick = {
            let (sort, column) = (sort.clone(), column.to_string());
            Callback::from(move |_: MouseEvent| {
                let descending = if sort.column == column {
                    !sort.descending
                } else {
                    column != "id" && column != "name"
                };
                sort.set(Sort {
                    column: column.clone(),
                    descending,
                });
            })
        };
        let arrow = match aria {
            "ascending" => " ▲",
            "descending" => " ▼",
            _ => "",
        };
        html! { <th aria-sort={aria}><button type="button" class="sort" data-column={column.to_string()} {onclick}>{ format!("{label}{arrow}") }</button></th> }
    };
    let max = book["max"].as_u64().unwrap_or(0);
    html! {
        <div class="table-scroll">
            <table class="data gradebook">
                <thead><tr>
                    { header("id", "student") }{ header("name", "name") }
                    { header("total", &format!("total /{max}")) }
                    { for names.iter().map(|n| header(n, n)) }
                </tr></thead>
                <tbody>{ for rows.iter().map(|s| student_row(s, &names)) }</tbody>
            </table>
        </div>
    }
}

fn student_row(s: &Value, names: &[String]) -> Html {
    let cell = |n: &String| {
        let st = &s["puzzles"][n.as_str()];
        if st.is_null() {
            return html! { <td class="num untried" title="not tried">{ "·" }</td> };
        }
        let title = format!(
            "{}: {}, {} operators, {} tries, last {}",
            n,
            st["status"].as_str().unwrap_or_default(),
            st["ops"].as_u64().map_or("-".into(), |o| o.to_string()),
            st["tries"],
            st["last"].as_str().unwrap_or_default()
        );
        let class = classes!("num", st["status"].as_str().map(|s| s.replace('_', "-")));
        html! { <td {class} {title}>{ st["points"].to_string() }</td> }
    };
    html! {
        <tr data-student={s["id"].as_str().unwrap_or_default().to_string()}>
            <td class="mono who">{ s["id"].as_str().unwrap_or_default().to_string() }</td>
            <td class="name" title={s["name"].as_str().unwrap_or_default().to_string()}>{ s["name"].as_str().unwrap_or_default().to_string() }</td>
            <td class="num total">{ s["total"].to_string() }</td>
            { for names.iter().map(cell) }
        </tr>
    }
}

/// The shortest program's search (`bitscope class fewest`): "4 (proven)",
/// "at least 3", or "-" where it was not run.
fn fewest_possible(f: &Value) -> String {
    let at_least = f["at_least"].as_u64().unwrap_or(0);
    match (f["proven"].as_bool(), f["ops"].as_u64()) {
        (Some(true), Some(ops)) => format!("{ops} (proven)"),
        (Some(_), _) if at_least > 0 => format!("at least {at_least}"),
        _ => "-".into(),
    }
}

/// Per puzzle: solved and tried, the solve rate, the operators of the
/// solvers, "beat the prof", and the fewest possible.
fn puzzle_table(book: &Value) -> Html {
    let rows = book["puzzles"].as_array().cloned().unwrap_or_default();
    let roster = book["students"].as_array().map_or(0, Vec::len);
    let row = |p: &Value| {
        let ops: Vec<u64> = p["ops"]
            .as_array()
            .map(|o| o.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        let median = ops.get(ops.len() / 2).map_or("-".into(), u64::to_string);
        let prof = p["reference_ops"].as_u64().unwrap_or(0);
        let best = p["best_ops"].as_u64();
        let beat = match best.map(|b| b.cmp(&prof)) {
            Some(Ordering::Less) => "beaten",
            Some(Ordering::Equal) => "tied",
            Some(Ordering::Greater) => "not yet",
            None => "-",
        };
        let by: Vec<&str> = p["best_by"]
            .as_array()
            .map(|b| b.iter().filter_map(Value::as_str).take(3).collect())
            .unwrap_or_default();
        html! {
            <tr data-puzzle={p["name"].as_str().unwrap_or_default().to_string()}>
                <td class="mono">{ p["name"].as_str().unwrap_or_default().to_string() }</td>
                <td class="num solved">{ format!("{} of {roster} students", p["solved"]) }</td>
                <td class="num tried">{ p["tried"].to_string() }</td>
                <td class="num rate">{ format!("{:.0}%", p["solve_rate"].as_f64().unwrap_or(0.0) * 100.0) }</td>
                <td class="num">{ median }</td>
                <td class="num prof">{ prof }</td>
                <td class="num best">{ best.map_or("-".into(), |b| b.to_string()) }</td>
                <td class="num possible">{ fewest_possible(&p["fewest"]) }</td>
                <td class={classes!("beat", beat.replace(' ', "-"))}>{ beat }</td>
                <td>{ by.join(", ") }</td>
            </tr>
        }
    };
    html! {
        <>
            <h4>{ "Puzzles and the scoreboard (beat the prof)" }</h4>
            <div class="table-scroll">
                <table class="data class-puzzles-table">
                    <thead><tr>
                        <th>{ "puzzle" }</th><th>{ "solved" }</th><th>{ "tried" }</th><th>{ "solve rate" }</th>
                        <th>{ "median ops" }</th><th>{ "prof's ops" }</th><th>{ "fewest ops" }</th><th>{ "fewest possible" }</th>
                        <th>{ "the prof" }</th><th>{ "fewest by" }</th>
                    </tr></thead>
                    <tbody>{ for rows.iter().map(row) }</tbody>
                </table>
            </div>
        </>
    }
}
