//! Batch grading: `practice grade` over a folder with a roster, against
//! hand-made rows (the points of each puzzle are the planted grades of
//! tests/data/datalab, see practice_grade.rs).

use crate::common::cli::run;
use std::path::{Path, PathBuf};

const DATALAB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");
const ROSTER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/class/roster.csv");

/// A teacher's folder: ada.c (right), bob.c (wrong at three), broken.c
/// (not text), extra.c (rules broken; not on the roster) and the roster
/// (ada, bob, cy with no file, dee -> broken.c).
fn folder(test: &str) -> PathBuf {
    // (one folder a test: the tests run side by side in one process)
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("grade-class-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let subs = dir.join("submissions");
    std::fs::create_dir_all(&subs).unwrap();
    for (from, to) in [
        ("student_correct.c", "ada.c"),
        ("student_wrong.c", "bob.c"),
        ("student_rules.c", "extra.c"),
    ] {
        std::fs::copy(format!("{DATALAB}{from}"), subs.join(to)).unwrap();
    }
    std::fs::write(subs.join("broken.c"), [0xffu8, 0xfe, 0x00, 0x41]).unwrap();
    std::fs::write(subs.join("notes.txt"), "not a C file").unwrap();
    std::fs::copy(ROSTER, subs.join("roster.csv")).unwrap();
    dir
}

fn grade(dir: &Path, format: &[&str]) -> (i32, String) {
    let subs = dir.join("submissions");
    let roster = subs.join("roster.csv");
    let (p, r) = (
        format!("{DATALAB}puzzles.c"),
        format!("{DATALAB}reference.c"),
    );
    let mut args = vec![
        "practice",
        "grade",
        "--puzzles",
        &p,
        "--reference",
        &r,
        subs.to_str().unwrap(),
    ];
    args.extend(["--roster", roster.to_str().unwrap()]);
    args.extend(format);
    let out = run(&args);
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const ADA: [u32; 14] = [1, 1, 2, 2, 3, 2, 3, 3, 3, 2, 3, 4, 3, 4];
const BOB: [u32; 14] = [1, 1, 2, 2, 3, 2, 3, 3, 3, 2, 0, 0, 0, 4];
const EXTRA: [u32; 14] = [0, 0, 0, 0, 3, 0, 3, 3, 3, 0, 3, 4, 3, 4];

#[test]
fn a_folder_with_a_roster_gives_a_row_a_student() {
    let dir = folder("rows");
    let (code, out) = grade(&dir, &["--json"]);
    assert_eq!(code, 2, "a file that cannot be read: {out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows: Vec<(String, String, u64, Option<String>)> = v["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let file = s["file"].as_str().map(|f| {
                Path::new(f)
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            });
            (
                s["id"].as_str().unwrap().into(),
                s["name"].as_str().unwrap().into(),
                s["score"].as_u64().unwrap(),
                file,
            )
        })
        .collect();
    let row = |id: &str, name: &str, score, file: Option<&str>| {
        (
            id.to_string(),
            name.to_string(),
            score,
            file.map(String::from),
        )
    };
    assert_eq!(
        rows,
        [
            row("ada", "Ada Lovelace", 36, Some("ada.c")),
            row("bob", "Babbage, Bob", 26, Some("bob.c")),
            row("cy", "Cy Young", 0, None),
            row("dee", "Dee", 0, Some("broken.c")),
            row("extra", "extra", 26, Some("extra.c")),
        ]
    );
    let students = v["students"].as_array().unwrap();
    let points = |k: usize| -> Vec<u32> {
        students[k]["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["points"].as_u64().unwrap() as u32)
            .collect()
    };
    assert_eq!(
        (points(0), points(1), points(4)),
        (ADA.to_vec(), BOB.to_vec(), EXTRA.to_vec())
    );
    assert_eq!(students[1]["puzzles"][10]["status"], "wrong");
    assert_eq!(students[2]["error"], "no file");
    assert!(students[3]["error"].as_str().unwrap().contains("broken.c"));
    assert!(students.iter().all(|s| s["max"] == 36));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_grade_sheet_as_csv_and_as_a_table() {
    let dir = folder("sheet");
    let (code, csv) = grade(&dir, &["--csv"]);
    assert_eq!(code, 2);
    let join = |p: &[u32]| p.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(
        lines[0].starts_with("id,name,bitXnor,evenBits,isNotEqual,sign,")
            && lines[0].ends_with(",bang,total,file,error")
    );
    assert!(
        lines[1].starts_with(&format!("ada,Ada Lovelace,{},36,", join(&ADA))),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(&format!("bob,\"Babbage, Bob\",{},26,", join(&BOB))),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        format!("cy,Cy Young,{},0,,no file", join(&[0; 14]))
    );
    let (_, table) = grade(&dir, &[]);
    let ada = table.lines().find(|l| l.starts_with("ada ")).unwrap();
    assert!(ada.contains("36/36") && ada.ends_with("ada.c"), "{table}");
    // without a roster: every .c file of the folder, by its name, and an
    // all-correct class exits 0
    let alone = dir.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(format!("{DATALAB}student_correct.c"), alone.join("zed.c")).unwrap();
    std::fs::copy(format!("{DATALAB}student_correct.c"), alone.join("amy.c")).unwrap();
    let (p, r) = (
        format!("{DATALAB}puzzles.c"),
        format!("{DATALAB}reference.c"),
    );
    let out = run(&[
        "practice",
        "grade",
        "--puzzles",
        &p,
        "--reference",
        &r,
        alone.to_str().unwrap(),
        "--csv",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let ids: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!((out.status.code(), ids), (Some(0), vec!["amy", "zed"]));
    let _ = std::fs::remove_dir_all(&dir);
}
