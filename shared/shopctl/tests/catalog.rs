//! `shopctl catalog validate | import | export` on real folders, a real
//! embedded store and a real blobs folder: every bad input of a catalogue
//! folder, what an import adds, changes and withdraws, that a second import
//! writes and uploads nothing, that export then import is the identity, and
//! the pictures pipeline.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use app::App;
use domain::catalog::{Kind, Product};
use domain::ports::{Blobs, BlobsError};
use shopctl::catalog::{self, Change, Options};

#[path = "support/shop.rs"]
mod shop_kit;
use shop_kit::{edit, sample_copy, shop};

const GOWN: &str = "products/prod-lotus-reverie-01.toml";
const SET: &str = "products/prod-lotus-reverie-05.toml";

/// Every file under `dir`, relative, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, root, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path.strip_prefix(root).unwrap().to_path_buf(), bytes));
            }
        }
    }
    let mut out = Vec::new();
    if dir.exists() {
        walk(dir, dir, &mut out);
    }
    out.sort();
    out
}

async fn products(app: &App) -> Vec<Product> {
    app.table.read_all(Kind::Product.all()).await.unwrap()
}

async fn product(app: &App, id: &str) -> Option<Product> {
    products(app).await.into_iter().find(|p| p.id == id)
}

fn problems(dir: &Path) -> Vec<String> {
    catalog::validate(dir)
        .expect_err("the folder has problems")
        .0
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn has(problems: &[String], expected: &str) {
    assert!(
        problems.iter().any(|p| p.contains(expected)),
        "no problem says {expected:?}:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_sample_catalogue_is_valid() {
    let report = catalog::validate(&catalog::sample()).expect("valid");
    assert!(report.contains("42 products"), "{report}");
}

#[test]
fn every_bad_input_is_named_with_its_file_field_and_rule_at_once() {
    let dir = sample_copy();
    let d = dir.path();
    // A file that does not parse.
    std::fs::write(
        d.join("categories/cat-broken.toml"),
        "name = \"Broken\nstatus = ",
    )
    .unwrap();
    // An unknown field, and a missing one.
    edit(
        d,
        "menus/menu-archive.toml",
        "order = 0",
        "order = 0\ncolour = \"red\"",
    );
    edit(d, "categories/cat-men.toml", "status = \"active\"\n", "");
    // A negative price, a bare number, a price that is not a decimal.
    edit(d, GOWN, "price = \"4860.00\"", "price = \"-4860.00\"");
    let dress = "products/prod-lotus-reverie-02.toml";
    let rain = "products/prod-monsoon-silk-04.toml";
    edit(d, rain, "price = \"1560.00\"", "price = 1560.5");
    let column = "products/prod-lotus-reverie-03.toml";
    edit(d, column, "price = \"3920.00\"", "price = \"3,920\"");
    // A slug used twice; a set whose items do not add up to its price.
    let ao_dai = "products/prod-lotus-reverie-04.toml";
    edit(
        d,
        ao_dai,
        "\"perfume-river-ao-dai\"",
        "\"dawn-pleated-silk-dress\"",
    );
    edit(d, SET, "price = \"890.00\"", "price = \"900.00\"");
    // A picture that is missing, one that is not a picture, one of 50 MB.
    std::fs::remove_file(d.join("products/prod-lotus-reverie-06/1.webp")).unwrap();
    std::fs::write(
        d.join("products/prod-lotus-reverie-10/1.webp"),
        "not a picture",
    )
    .unwrap();
    let huge = std::fs::File::create(d.join("products/prod-lotus-reverie-08/1.webp")).unwrap();
    huge.set_len(50 * 1024 * 1024).unwrap();
    // A status, a slug, a size, a date and a reference that break the rules.
    let p09 = "products/prod-lotus-reverie-09.toml";
    edit(d, p09, "status = \"active\"", "status = \"live\"");
    let monsoon = "collections/col-monsoon-silk.toml";
    edit(
        d,
        monsoon,
        "slug = \"monsoon-silk\"",
        "slug = \"Monsoon Silk\"",
    );
    edit(
        d,
        "products/prod-monsoon-silk-01.toml",
        "\"XXS\",",
        "\"XS\",",
    );
    edit(
        d,
        "products/prod-monsoon-silk-02.toml",
        "created_at = \"2025-",
        "created_at = \"x-",
    );
    let p03 = "products/prod-monsoon-silk-03.toml";
    edit(d, p03, "\"col-monsoon-silk\"", "\"col-nowhere\"");
    edit(
        d,
        "menus/menu-lotus-reverie.toml",
        "collection = \"col-lotus-reverie\"",
        "url = \"javascript:alert(1)\"",
    );

    let found = problems(d);
    has(&found, "categories/cat-broken.toml:1: ");
    has(
        &found,
        "menus/menu-archive.toml:5: colour: unknown field `colour`",
    );
    has(
        &found,
        "categories/cat-men.toml: status: missing; add `status = \"...\"`",
    );
    has(
        &found,
        &format!(
            "{GOWN}:6: price: \"-4860.00\" is not a price: it must be a decimal amount above zero"
        ),
    );
    has(&found, &format!("{rain}:6: price: 1560.50 is written as a number: write it in quotes: price = \"1560.50\""));
    has(
        &found,
        &format!("{column}:6: price: \"3,920\" has a thousands separator (,): write 3920.00: no currency sign, no thousands separator"),
    );
    has(
        &found,
        &format!("{ao_dai}:3: slug: \"dawn-pleated-silk-dress\" is already the slug of {dress}"),
    );
    has(
        &found,
        &format!("{SET}:6: price: is 2130.00 but the set's items add up to 2140.00"),
    );
    has(&found, "prod-lotus-reverie-06.toml:27: gallery[0]: \"prod-lotus-reverie-06/1.webp\" names no file beside the item");
    has(&found, "prod-lotus-reverie-10.toml:24: gallery[0]: \"prod-lotus-reverie-10/1.webp\" is not a JPEG, PNG or WebP picture");
    has(&found, "prod-lotus-reverie-08.toml:28: gallery[0]: \"prod-lotus-reverie-08/1.webp\" is 50.0 MB; it may be at most 25 MB");
    has(
        &found,
        &format!("{p09}:5: status: must be \"active\" or \"inactive\""),
    );
    has(
        &found,
        &format!("{monsoon}:1: slug: must be lowercase letters and digits"),
    );
    has(
        &found,
        "products/prod-monsoon-silk-01.toml:14: size[1]: \"XS\" is listed twice",
    );
    has(
        &found,
        "products/prod-monsoon-silk-02.toml:32: created_at: must be a date and time in RFC 3339",
    );
    has(
        &found,
        &format!("{p03}:4: collection: \"col-nowhere\" names no collection in collections/: name one by its id, the name of its file (col-ivory-atelier, "),
    );
    has(
        &found,
        "menus/menu-lotus-reverie.toml:2: url: \"javascript:alert(1)\" is not an https:// address; a menu entry must lead to exactly one place, written one of three ways: collection = \"col-ete\"",
    );
    assert_eq!(found.len(), 17, "{}", found.join("\n"));
}

#[test]
fn what_a_house_writes_is_read_as_it_means_it_or_named_with_the_fix() {
    let dir = sample_copy();
    let d = dir.path();
    let p01 = "products/prod-monsoon-silk-01.toml";
    // Categories by id or by name, a picture path from `./`, the house's sizes.
    edit(d, p01, "\"Gowns\",", "\"cat-gowns\",");
    edit(
        d,
        p01,
        "\"prod-monsoon-silk-01/1.webp\"",
        "\"./prod-monsoon-silk-01/1.webp\"",
    );
    edit(d, p01, "\"XXS\",", "\"36\", \"One size\",");
    // A menu entry of each kind.
    edit(
        d,
        "menus/menu-archive.toml",
        "page = \"/runway\"",
        "url = \"https://example.com/lookbook\"",
    );
    edit(
        d,
        "menus/menu-monsoon-silk.toml",
        "collection = \"col-monsoon-silk\"",
        "page = \"/made-to-order/\"",
    );
    let report = catalog::validate(d).expect("valid");
    assert!(report.contains("42 products"), "{report}");

    // What cannot be read, each with its file, line and fix.
    let p02 = "products/prod-monsoon-silk-02.toml";
    edit(d, p02, "price = \"", "price = \"$4,");
    edit(d, p02, "\"Dresses\",", "\"cat-gown\",");
    let p06 = "products/prod-lotus-reverie-06.toml";
    edit(d, p06, "sku = \"", "# no sku\nname_ = \"");
    edit(d, p06, "name_ = \"", "# sku = \"");
    edit(d, p02, "\"prod-monsoon-silk-02/2.webp\"", "\"../x.webp\"");
    edit(d, p02, "\"prod-monsoon-silk-02/3.webp\"", "\"/tmp/x.webp\"");
    let p03 = "products/prod-monsoon-silk-03.toml";
    edit(d, p03, "\"col-monsoon-silk\"", "\"Monsoon Silk\"");
    edit(
        d,
        "menus/menu-lotus-reverie.toml",
        "collection = \"col-lotus-reverie\"",
        "page = \"/nowhere\"",
    );
    edit(
        d,
        "menus/menu-saigon-nocturne.toml",
        "collection = \"col-saigon-nocturne\"",
        "collection = \"col-saigon-nocturne\"\nurl = \"https://example.com\"",
    );
    for (from, to) in [
        ("prod-monsoon-silk-04.toml", "prod-monsoon-silk-04.toml.txt"),
        ("prod-monsoon-silk-05.toml", "prod-monsoon-silk-05.TOML"),
    ] {
        let products = d.join("products");
        std::fs::rename(products.join(from), products.join(to)).unwrap();
    }
    let found = problems(d);
    has(&found, &format!("{p06}: sku: missing; add `sku = \"...\"`"));
    has(&found, &format!("{p02}:6: price: \"$4,"));
    has(
        &found,
        "has a currency sign ($) and a thousands separator (,): write ",
    );
    has(&found, &format!("{p02}:9: categories[1]: \"cat-gown\" names no category in categories/: write a category's id (its file's name) or its name, either works: cat-accessories (\"Accessories\")"));
    has(
        &found,
        &format!("{p02}:28: gallery[1]: \"../x.webp\" leads out of the item's folder"),
    );
    has(
        &found,
        &format!("{p02}:29: gallery[2]: \"/tmp/x.webp\" is an absolute path"),
    );
    has(&found, &format!("{p03}:4: collection: \"Monsoon Silk\" is the name of collection col-monsoon-silk: name a collection by its id, the name of its file: \"col-monsoon-silk\""));
    has(
        &found,
        "menus/menu-lotus-reverie.toml:2: page: \"/nowhere\" is not a page of the shop",
    );
    has(
        &found,
        "menus/menu-saigon-nocturne.toml: must lead to exactly one place",
    );
    has(
        &found,
        "products/prod-monsoon-silk-04.toml.txt: is not read: name it `prod-monsoon-silk-04.toml`",
    );
    has(
        &found,
        "products/prod-monsoon-silk-05.TOML: is not read: name it `prod-monsoon-silk-05.toml`",
    );
    assert_eq!(found.len(), 11, "{}", found.join("\n"));
}

#[tokio::test]
async fn a_folder_with_a_problem_writes_nothing() {
    let shop = shop().await;
    let dir = sample_copy();
    edit(dir.path(), GOWN, "price = \"4860.00\"", "price = \"0.00\"");
    let refused = catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .expect_err("refused")
        .to_string();
    assert!(refused.contains("nothing was written"), "{refused}");
    assert!(products(&shop.app).await.is_empty());
    assert!(files(&shop.blobs).is_empty(), "no picture was uploaded");
}

#[tokio::test]
async fn an_import_adds_changes_and_withdraws_and_a_second_uploads_nothing() {
    let shop = shop().await;
    let dir = sample_copy();
    let dry_run = Options {
        dry_run: true,
        ..Options::default()
    };
    let prune = Options {
        prune: true,
        ..Options::default()
    };

    let dry = catalog::import(&shop.app, dir.path(), dry_run)
        .await
        .unwrap();
    assert_eq!(dry.count(|c| *c == Change::Added), 87);
    assert!(
        products(&shop.app).await.is_empty(),
        "a dry run writes nothing"
    );
    assert!(files(&shop.blobs).is_empty());

    let first = catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();
    assert_eq!(first.count(|c| *c == Change::Added), 87, "{first}");
    assert!(
        first.failures.is_empty() && first.version.is_some(),
        "{first}"
    );
    assert_eq!(products(&shop.app).await.len(), 42);
    let stored = files(&shop.blobs);
    assert_eq!(
        first.uploads + first.count(|c| *c == Change::Added),
        stored.len(),
        "each upload is one file, beside each item's file as the house wrote it"
    );

    let again = catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();
    let counts = (again.planned.len(), again.unchanged, again.uploads);
    assert_eq!(counts, (0, 87, 0), "{again}");
    assert_eq!(
        again.version, first.version,
        "the same lists, the same version"
    );
    assert_eq!(files(&shop.blobs), stored, "no blob was written again");

    // A new price, another product's picture, and a product gone from the folder.
    edit(
        dir.path(),
        GOWN,
        "price = \"4860.00\"",
        "price = \"4990.00\"",
    );
    std::fs::copy(
        dir.path().join("products/prod-lotus-reverie-02/1.webp"),
        dir.path().join("products/prod-lotus-reverie-03/1.webp"),
    )
    .unwrap();
    std::fs::remove_file(dir.path().join("products/prod-lotus-reverie-07.toml")).unwrap();
    let kept = catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();
    let report = kept.to_string();
    for line in [
        format!("changed    {GOWN} (price)\n               price: 4860.00 -> 4990.00\n"),
        "changed    products/prod-lotus-reverie-03.toml (productGallery)\n               productGallery: [run-lotus-reverie/look-3-1.webp, prod-lotus-reverie-03/2.webp, prod-lotus-reverie-03/3.webp, prod-lotus-reverie-03/4.webp] -> [prod-lotus-reverie-03/1.webp, prod-lotus-reverie-03/2.webp".into(),
        "kept       products/prod-lotus-reverie-07 (not in the folder; --prune withdraws it)"
            .into(),
    ] {
        assert!(report.contains(&line), "{line:?} in {report}");
    }
    assert_eq!(
        kept.uploads, 0,
        "the new picture is one the shop already has"
    );
    assert_ne!(kept.version, first.version);
    let gown = product(&shop.app, "prod-lotus-reverie-01").await.unwrap();
    assert_eq!(gown.price.to_decimal(), "4990.00");
    let dress = product(&shop.app, "prod-lotus-reverie-02").await.unwrap();
    let column = product(&shop.app, "prod-lotus-reverie-03").await.unwrap();
    assert_eq!(column.product_gallery[0], dress.product_gallery[0]);
    let blouse = product(&shop.app, "prod-lotus-reverie-07").await.unwrap();
    assert!(blouse.is_active(), "kept without --prune");

    let pruned = catalog::import(&shop.app, dir.path(), prune).await.unwrap();
    assert!(
        pruned
            .to_string()
            .contains("withdrawn  products/prod-lotus-reverie-07"),
        "{pruned}"
    );
    let withdrawn = product(&shop.app, "prod-lotus-reverie-07").await;
    assert_eq!(
        withdrawn.expect("never deleted").status,
        domain::catalog::Status::Inactive
    );
    let quiet = catalog::import(&shop.app, dir.path(), prune).await.unwrap();
    assert!(quiet.planned.is_empty(), "withdrawn once: {quiet}");
}

/// Blobs whose uploads of some keys fail, as a dropped connection would.
struct FailingFor {
    inner: Arc<dyn Blobs>,
    key_part: String,
}

#[async_trait::async_trait]
impl Blobs for FailingFor {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobsError> {
        if key.contains(&self.key_part) {
            return Err(BlobsError("injected: the connection was lost".into()));
        }
        self.inner.put(key, bytes, content_type).await
    }
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, BlobsError> {
        self.inner.get(key).await
    }
    async fn exists(&self, key: &str) -> Result<bool, BlobsError> {
        self.inner.exists(key).await
    }
    fn public_url(&self, key: &str) -> String {
        self.inner.public_url(key)
    }
    fn key_of(&self, url: &str) -> Option<String> {
        self.inner.key_of(url)
    }
}

#[tokio::test]
async fn an_item_that_fails_is_reported_and_the_rest_go_on() {
    let mut shop = shop().await;
    let dir = sample_copy();
    // A picture only one product has, whose upload fails.
    let inside = Path::new("products/prod-lotus-reverie-01/1.webp");
    let odd = dir.path().join(inside);
    let mut bytes = std::fs::read(&odd).unwrap();
    bytes.extend_from_slice(b"\0");
    std::fs::write(&odd, &bytes).unwrap();
    let asset = catalog::pictures::picture(dir.path(), inside).unwrap();
    shop.app.blobs = Arc::new(FailingFor {
        inner: shop.app.blobs.clone(),
        key_part: asset.hash.clone(),
    });

    let imported = catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();
    assert_eq!(imported.failures.len(), 1, "{imported}");
    let failure = format!("{GOWN}: blob store error: injected");
    assert!(imported.failures[0].starts_with(&failure), "{imported}");
    let stored = products(&shop.app).await;
    assert_eq!(stored.len(), 41, "the rest were written");
    assert!(
        !stored.iter().any(|p| p.id == "prod-lotus-reverie-01"),
        "no record links to a picture that is not stored"
    );
    assert!(
        imported.version.is_some(),
        "the lists are published at the end"
    );
    let answer = catalog::answer(imported).expect_err("the run fails");
    assert!(answer.to_string().ends_with("1 items failed"), "{answer}");
}

#[tokio::test]
async fn export_then_import_changes_nothing_and_gives_back_the_same_files() {
    let shop = shop().await;
    catalog::import(&shop.app, &catalog::sample(), Options::default())
        .await
        .unwrap();
    let out = tempfile::tempdir().unwrap();
    let season = out.path().join("season");
    let exported = catalog::export(&shop.app, &season).await.unwrap();
    assert_eq!(exported.items, 87, "80 items, the house and its 6 pages");
    assert!(
        files(&season) == files(&catalog::sample()),
        "the export is the sample, byte for byte"
    );
    let again = catalog::import(&shop.app, &season, Options::default())
        .await
        .unwrap();
    assert_eq!((again.planned.len(), again.uploads), (0, 0), "{again}");
    let refused = catalog::export(&shop.app, &season).await.unwrap_err();
    assert!(refused.to_string().contains("is not empty"), "{refused}");
}

#[tokio::test]
async fn an_export_gives_back_the_houses_own_files_and_picture_names() {
    let shop = shop().await;
    let dir = sample_copy();
    let d = dir.path();
    let gown = d.join(GOWN);
    let text = std::fs::read_to_string(&gown).unwrap();
    let own = format!("# The season's first gown: keep it first.\n{}", text)
        .replace(
            "prod-lotus-reverie-01/1.webp",
            "./prod-lotus-reverie-01/front.webp",
        )
        .replace(
            "price = \"4860.00\"",
            "price = \"4860.00\"   # as the atelier quoted",
        );
    std::fs::write(&gown, &own).unwrap();
    let pictures = d.join("products/prod-lotus-reverie-01");
    std::fs::rename(pictures.join("1.webp"), pictures.join("front.webp")).unwrap();
    catalog::import(&shop.app, d, Options::default())
        .await
        .unwrap();

    let out = tempfile::tempdir().unwrap();
    let season = out.path().join("season");
    catalog::export(&shop.app, &season).await.unwrap();
    assert_eq!(std::fs::read_to_string(season.join(GOWN)).unwrap(), own);
    assert_eq!(
        std::fs::read(season.join("products/prod-lotus-reverie-01/front.webp")).unwrap(),
        std::fs::read(pictures.join("front.webp")).unwrap()
    );
    assert!(!season
        .join("products/prod-lotus-reverie-01/1.webp")
        .exists());
    let again = catalog::import(&shop.app, &season, Options::default())
        .await
        .unwrap();
    assert_eq!((again.planned.len(), again.uploads), (0, 0), "{again}");
}

/// A picture of the given size, with a gradient so it is not trivial to encode.
fn drawn(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

fn webp_width(bytes: &[u8]) -> u32 {
    assert_eq!(&bytes[8..12], b"WEBP");
    image::load_from_memory(bytes).unwrap().width()
}

#[tokio::test]
async fn pictures_become_webp_at_each_width_named_by_their_content() {
    let shop = shop().await;
    let dir = sample_copy();
    let gown_dir = dir.path().join("products/prod-lotus-reverie-01");
    let large = drawn(2000, 1200, image::ImageFormat::Png);
    std::fs::write(gown_dir.join("1.png"), &large).unwrap();
    let jpeg = drawn(1000, 1333, image::ImageFormat::Jpeg);
    std::fs::write(gown_dir.join("2.jpg"), jpeg).unwrap();
    edit(dir.path(), GOWN, "01/1.webp\"", "01/1.png\"");
    edit(dir.path(), GOWN, "01/2.webp\"", "01/2.jpg\"");
    catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();

    let gown = product(&shop.app, "prod-lotus-reverie-01").await.unwrap();
    let key = |url: &str| shop.app.blobs.key_of(url).unwrap();
    let first = key(&gown.product_gallery[0]);
    assert!(first.starts_with("images/catalog/"), "{first}");
    assert!(first.ends_with("/1920.webp"), "{first}");
    let folder = shop.blobs.join(Path::new(&first).parent().unwrap());
    for width in [1920, 1280, 640, 320] {
        let made = std::fs::read(folder.join(format!("{width}.webp"))).unwrap();
        assert_eq!(webp_width(&made), width);
        assert!(
            made.len() < large.len() / 4,
            "{width}: {} bytes",
            made.len()
        );
    }
    let hash = folder.file_name().unwrap().to_string_lossy().into_owned();
    let original = std::fs::read(shop.blobs.join("originals").join(&hash)).unwrap();
    assert!(original == large, "the original is kept");

    let second = key(&gown.product_gallery[1]);
    assert!(
        second.ends_with("/1000.webp"),
        "a JPEG keeps its width: {second}"
    );
    let third = key(&gown.product_gallery[2]);
    assert!(third.ends_with("/800.webp"), "{third}");
    let as_is = std::fs::read(gown_dir.join("3.webp")).unwrap();
    let stored = std::fs::read(shop.blobs.join(&third)).unwrap();
    assert_eq!(webp_width(&stored), 800);
    assert!(
        stored != as_is,
        "a WebP at its own width is made anew too, without its metadata"
    );

    // A changed picture is a new address: no cache can serve the old one.
    let changed = drawn(2000, 1201, image::ImageFormat::Png);
    std::fs::write(gown_dir.join("1.png"), changed).unwrap();
    catalog::import(&shop.app, dir.path(), Options::default())
        .await
        .unwrap();
    let moved = product(&shop.app, "prod-lotus-reverie-01").await.unwrap();
    assert_ne!(moved.product_gallery[0], gown.product_gallery[0]);
    assert_eq!(moved.product_gallery[1], gown.product_gallery[1]);
}

#[test]
fn the_command_line_names_bad_arguments_and_fails_on_problems() {
    let shopctl = env!("CARGO_BIN_EXE_shopctl");
    let run = |args: &[&str]| Command::new(shopctl).args(args).output().unwrap();
    let help = run(&["catalog", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for command in ["validate", "import", "export"] {
        assert!(help.contains(command), "{help}");
    }
    let bad = run(&["catalog", "import", "x", "--prnue"]);
    assert_eq!(bad.status.code(), Some(2));
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("unexpected argument '--prnue'"), "{said}");

    let dir = sample_copy();
    edit(dir.path(), GOWN, "price = \"4860.00\"", "price = \"-1\"");
    edit(dir.path(), SET, "slug = ", "colour = \"red\"\nslug = ");
    let folder = dir.path().to_str().unwrap();
    let checked = run(&["catalog", "validate", folder]);
    assert_eq!(checked.status.code(), Some(1));
    let said = String::from_utf8_lossy(&checked.stderr);
    let heading = "2 problems in the catalogue folder; nothing was written";
    assert!(said.contains(heading), "{said}");
    assert!(said.contains(GOWN) && said.contains(SET), "{said}");
    let sample = catalog::sample();
    let valid = run(&["catalog", "validate", sample.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&valid.stderr);
    assert!(valid.status.success(), "{said}");
}
