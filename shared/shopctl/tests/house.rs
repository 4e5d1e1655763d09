//! The house in the catalogue folder (`house.toml`, `pages/<id>.md`): read
//! and checked by `validate`, stored by `import`, written back by `export`.

use app::App;
use domain::catalog::Kind;
use domain::house::{House, Page};
#[path = "support/problems.rs"]
mod folder_problems;
use folder_problems::{has, problems};
use shopctl::catalog::{self, Change, Options};

#[path = "support/shop.rs"]
mod shop_kit;
use shop_kit::{edit, sample_copy, shop, Shop};

async fn pages(app: &App) -> Vec<Page> {
    app.table.read_all(Kind::Page.all()).await.unwrap()
}

/// A shop with a copy of the sample imported, and the copy (to edit and
/// import again).
async fn imported_sample() -> (Shop, tempfile::TempDir) {
    let shop = shop().await;
    let dir = sample_copy();
    catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();
    (shop, dir)
}

/// Fails showing the whole text when it does not hold `part`.
fn holds(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} not in: {text}");
}

async fn page(app: &App, id: &str) -> Page {
    let pages = pages(app).await;
    pages
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("the page {id}"))
}

#[test]
fn the_sample_gives_its_house_and_six_pages() {
    let report = catalog::validate(&catalog::sample()).expect("valid");
    assert!(report.contains("1 house, 6 pages"), "{report}");
}

#[test]
fn every_bad_house_and_page_is_named_with_its_file_field_and_rule() {
    let dir = sample_copy();
    let root = dir.path();
    edit(
        root,
        "house.toml",
        "e164 = \"+842838226868\"",
        "e164 = \"+84 28 3822 6868\"",
    );
    edit(
        root,
        "house.toml",
        "contact = \"support@maisonlananh.vn\"",
        "contact = \"support\"",
    );
    edit(
        root,
        "house.toml",
        "https://www.instagram.com",
        "http://www.instagram.com",
    );
    edit(
        root,
        "house.toml",
        "utc_offset = \"+07:00\"",
        "utc_offset = \"GMT+7\"",
    );
    edit(
        root,
        "house.toml",
        "time_zone = \"Asia/Ho_Chi_Minh\"",
        "time_zone = \"Asia/Saigon City\"",
    );
    edit(
        root,
        "house.toml",
        "short_name = \"LAN ANH\"",
        "short_name = \"\"",
    );
    edit(
        root,
        "pages/about.md",
        "(about/silk.jpg",
        "(about/missing.jpg",
    );
    edit(root, "pages/faq.md", "title = \"FAQ\"", "title = FAQ");
    std::fs::write(
        root.join("pages/blog.md"),
        "+++\ntitle = \"Blog\"\n+++\nHello",
    )
    .unwrap();
    std::fs::write(root.join("pages/terms.md"), "No front matter").unwrap();
    let found = problems(root);
    has(
        &found,
        "house.toml: phone.e164: must be the number as dialled in E.164",
    );
    has(
        &found,
        "house.toml: emails.contact: \"support\" must be an email address",
    );
    has(&found, "house.toml: social.instagram: \"http://www.instagram.com/maisonlananh\" must be an https:// address");
    has(
        &found,
        "house.toml: utc_offset: must be the offset from UTC as +HH:MM",
    );
    has(
        &found,
        "house.toml: time_zone: must be a time zone of the tz database",
    );
    has(&found, "house.toml: short_name: must not be empty");
    has(&found, "pages/about.md: body: \"about/missing.jpg\"");
    has(&found, "pages/faq.md: line 2:");
    has(
        &found,
        "pages/blog.md: is not a page the site has: pages/ holds about, made-to-order",
    );
    has(
        &found,
        "pages/terms.md: must start with its front matter between two +++ lines",
    );
    assert_eq!(found.len(), 10, "{}", found.join("\n"));
}

#[test]
fn a_folder_without_a_house_is_valid() {
    let dir = sample_copy();
    std::fs::remove_file(dir.path().join("house.toml")).unwrap();
    std::fs::remove_dir_all(dir.path().join("pages")).unwrap();
    let report = catalog::validate(dir.path()).expect("valid");
    assert!(!report.contains("house"), "{report}");
}

#[tokio::test]
async fn the_house_and_its_pages_are_stored_as_the_folder_gives_them() {
    let shop = shop().await;
    let app = shop.app;
    catalog::import(&app, &catalog::sample(), Options::default())
        .await
        .unwrap();
    let house = House::stored(app.table.as_ref())
        .await
        .unwrap()
        .expect("a house");
    assert_eq!(house.name, "Maison Lan Anh");
    assert_eq!(house.phone.e164, "+842838226868");
    assert_eq!(house.utc_offset_minutes, 420);
    holds(&house.preview_picture, "/images/catalog/");
    let about = page(&app, "about").await;
    assert_eq!(about.title, "ABOUT MAISON LAN ANH");
    holds(&about.html, "<h2>The Essence</h2>");
    assert!(
        about.html.contains("<figcaption>The atelier</figcaption>"),
        "a titled picture is a figure: {}",
        about.html
    );
    assert!(
        about
            .html
            .contains("src=\"http://127.0.0.1:3000/blobs/images/catalog/")
            || about.html.contains("/images/catalog/"),
        "the pictures at their stored addresses: {}",
        about.html
    );
    let faq = page(&app, "faq").await;
    assert!(
        faq.html
            .contains("<details><summary>How fast is delivery?</summary>"),
        "{}",
        faq.html
    );
}

#[tokio::test]
async fn page_html_is_sanitised_and_a_changed_page_is_reported() {
    let (shop, dir) = imported_sample().await;
    let app = shop.app;
    edit(
        dir.path(),
        "pages/contact.md",
        "We would love to hear from you.",
        "<script>alert(1)</script><p style=\"color:red\" onclick=\"x()\">Write to us.</p>",
    );
    let again = catalog::import(&app, dir.path(), Options::default())
        .await
        .unwrap();
    let changed: Vec<_> = again
        .planned
        .iter()
        .map(|p| (p.name.clone(), p.change.clone()))
        .collect();
    assert_eq!(changed.len(), 1, "{again}");
    assert_eq!(changed[0].0, "pages/contact.md");
    assert!(
        matches!(&changed[0].1, Change::Changed(fields) if fields.iter().any(|f| f.field == "html"))
    );
    let contact = page(&app, "contact").await;
    assert!(!contact.html.contains("script"), "{}", contact.html);
    assert!(
        !contact.html.contains("style") && !contact.html.contains("onclick"),
        "{}",
        contact.html
    );
    holds(&contact.html, "Write to us.");
}

#[tokio::test]
async fn a_page_the_folder_no_longer_gives_is_withdrawn_by_prune() {
    let (shop, dir) = imported_sample().await;
    let app = shop.app;
    std::fs::remove_file(dir.path().join("pages/terms.md")).unwrap();
    let kept = catalog::import(&app, dir.path(), Options::default())
        .await
        .unwrap();
    assert_eq!(kept.kept, vec!["pages/terms".to_string()], "{kept}");
    let pruned = catalog::import(
        &app,
        dir.path(),
        Options {
            prune: true,
            ..Options::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(pruned.count(|c| *c == Change::Withdrawn), 1, "{pruned}");
    let terms = page(&app, "terms").await;
    assert!(!terms.status.is_active());
    let out = tempfile::tempdir().unwrap();
    let season = out.path().join("season");
    catalog::export(&app, &season).await.unwrap();
    assert!(
        !season.join("pages/terms.md").exists(),
        "a withdrawn page is not exported"
    );
    assert!(season.join("pages/faq.md").exists());
    assert!(
        season.join("pages/about/atelier.jpg").exists(),
        "its pictures where it names them"
    );
    let again = catalog::import(&app, &season, Options::default())
        .await
        .unwrap();
    assert_eq!(again.planned.len(), 0, "{again}");
}

#[tokio::test]
async fn the_policies_are_said_in_the_pages_that_name_them() {
    let (shop, _dir) = imported_sample().await;
    let app = shop.app;
    let house = House::stored(app.table.as_ref()).await.unwrap().unwrap();
    assert_eq!(
        house.policies.delivery_time().as_deref(),
        Some("2 business days")
    );
    let (faq, terms) = (page(&app, "faq").await, page(&app, "terms").await);
    holds(&faq.html, "delivered within 2 business days.");
    holds(&terms.html, "within 20 days of delivery, unworn");
    // The page's own words keep the placeholder: an export gives it back as written.
    holds(&faq.source, "within {delivery_time}.");
}

#[test]
fn a_policy_is_days_above_zero_and_a_page_names_only_those_given() {
    let dir = sample_copy();
    let root = dir.path();
    for (given, changed) in [
        ("delivery_business_days = 2", "delivery_business_days = 0"),
        ("returns_days = 20\n", ""),
    ] {
        edit(root, "house.toml", given, changed);
    }
    let found = problems(root);
    has(
        &found,
        "house.toml: policies.delivery_business_days: is a number of days above zero",
    );
    has(
        &found,
        "pages/faq.md: names {return_window}, a policy house.toml's [policies] does not give",
    );
    has(&found, "pages/terms.md: names {return_window}");
    assert_eq!(found.len(), 3, "{}", found.join("\n"));
}
