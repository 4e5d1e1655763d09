//! The house has one home: its catalogue folder (`house.toml`), imported
//! into the table, which the site, the emails and the invoices read
//! (`domain::house`). This fails when one of the sample house's facts (its
//! name, wordmark, phone, addresses) is typed into the code again, as the
//! auth emails, the sign-in page and the site's config once did, or one
//! of its policies ("20 days" to return) is, as the invoice once did.

use std::path::{Path, PathBuf};

/// The sample house's facts that no code may spell.
fn house_facts() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("shared/sample-catalog/house.toml")).unwrap();
    let house: toml::Table = text.parse().unwrap();
    let field = |path: &[&str]| {
        let mut value = &toml::Value::Table(house.clone());
        for key in path {
            value = value
                .get(key)
                .unwrap_or_else(|| panic!("house.toml has {path:?}"));
        }
        value.as_str().unwrap().to_string()
    };
    let facts: Vec<String> = [
        &["name"][..],
        &["short_name"],
        &["copyright"],
        &["phone", "display"],
        &["phone", "e164"],
        &["emails", "contact"],
        &["emails", "press"],
    ]
    .iter()
    .map(|path| field(path))
    .chain(policy_facts(&house))
    .collect();
    assert!(facts.iter().all(|fact| fact.len() > 5), "{facts:?}");
    facts
}

/// The sample house's promises as words: "2 business days", "20 days".
fn policy_facts(house: &toml::Table) -> Vec<String> {
    let days = |key: &str| {
        house["policies"][key]
            .as_integer()
            .unwrap_or_else(|| panic!("house.toml gives [policies] {key}"))
    };
    vec![
        format!("{} business days", days("delivery_business_days")),
        format!("{} days", days("returns_days")),
    ]
}

/// The house's pages name its policies by placeholder, so a page cannot
/// promise other days than the emails and the invoice.
#[test]
fn the_sample_pages_name_the_policies_by_placeholder() {
    let house: toml::Table =
        std::fs::read_to_string(repo().join("shared/sample-catalog/house.toml"))
            .unwrap()
            .parse()
            .unwrap();
    let pages = repo().join("shared/sample-catalog/pages");
    let mut placeholders = 0;
    for page in std::fs::read_dir(pages).unwrap() {
        let path = page.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for fact in policy_facts(&house) {
            assert!(!text.contains(&fact), "{} types {fact:?}", path.display());
        }
        placeholders += domain::house::POLICY_PLACEHOLDERS
            .iter()
            .filter(|p| text.contains(*p))
            .count();
    }
    assert!(placeholders >= 2, "the FAQ and terms name both policies");
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Code, not tests: the tests and journeys check the sample shop by its words.
fn is_code(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let code = ["rs", "ts", "tsx", "js", "mjs", "css"]
        .iter()
        .any(|ext| name.ends_with(&format!(".{ext}")));
    code && name != "tests.rs" && !name.contains(".test.")
}

const SKIPPED_DIRS: [&str; 9] = [
    "node_modules",
    "target",
    "out",
    "dist",
    "tests",
    "e2e",
    "sample-catalog",
    ".next",
    "test",
];

fn code_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() && !SKIPPED_DIRS.contains(&name) {
            code_files(&path, files);
        } else if path.is_file() && is_code(&path) {
            files.push(path);
        }
    }
}

/// The lines that run: comments (which may give an example) and a Rust
/// file's unit tests left out.
fn running_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .filter(|(_, line)| {
            let line = line.trim_start();
            !(line.starts_with("//") || line.starts_with('*') || line.starts_with("/*"))
        })
}

#[test]
fn no_code_types_the_house_out() {
    let facts = house_facts();
    let mut files = Vec::new();
    for root in [
        "functions",
        "shared",
        "site/src",
        "sdk/src",
        "sdk/js",
        "infra/lib",
        "infra/bin",
    ] {
        code_files(&repo().join(root), &mut files);
    }
    assert!(
        files.len() > 100,
        "the walk finds the code ({})",
        files.len()
    );
    let mut copies = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for (number, line) in running_lines(&text) {
            for fact in facts.iter().filter(|fact| line.contains(fact.as_str())) {
                let at = file.strip_prefix(repo()).unwrap_or(file).display();
                copies.push(format!("{at}:{}: {fact:?}", number + 1));
            }
        }
    }
    assert!(
        copies.is_empty(),
        "the house is typed out instead of read from domain::house (the catalogue folder's house.toml):\n{}",
        copies.join("\n")
    );
}
