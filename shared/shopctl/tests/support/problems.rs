//! A folder's problems as `validate` lists them, without their lines (the
//! line a problem names is checked in `catalog.rs`), and the check that one says something.

use std::path::Path;

use shopctl::catalog;

pub fn problems(dir: &Path) -> Vec<String> {
    catalog::validate(dir)
        .expect_err("the folder has problems")
        .0
        .iter()
        .map(|problem| without_line(&problem.to_string()))
        .collect()
}

/// A problem as `file: field: rule`: the line it names is checked elsewhere.
fn without_line(problem: &str) -> String {
    match problem.split_once(": ") {
        Some((place, rest)) => match place.rsplit_once(':') {
            Some((file, line)) if line.chars().all(|c| c.is_ascii_digit()) => {
                format!("{file}: {rest}")
            }
            _ => problem.to_string(),
        },
        None => problem.to_string(),
    }
}

pub fn has(problems: &[String], expected: &str) {
    assert!(
        problems.iter().any(|p| p.contains(expected)),
        "no problem says {expected:?}:\n{}",
        problems.join("\n")
    );
}
