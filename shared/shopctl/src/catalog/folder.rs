//! Reading a catalogue folder: every file parsed and checked against the
//! domain's rules, every picture read and hashed, and every problem found
//! listed at once, each naming its file, field and rule. Nothing is written.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::{Component, Path, PathBuf};

use domain::catalog::rules::{self, ID_RULE, REQUIRED_RULE};
use domain::catalog::{
    is_plausible_id, Banner, Category, Celeb, Collection, CollectionRef, Gallery, Menu, News,
    Product, ProductCard, ProductRef, Runway, SetItem,
};
use domain::catalog::{Size, Status};
use domain::pricing::Money;
use domain::timestamp::Timestamp;
use serde::de::DeserializeOwned;

use super::files::*;
use super::items::Item;
use super::pictures::{self, Asset};

mod house;

pub use house::{page_file, HOUSE_FILE, PAGES};

/// Something wrong with the folder: the file, the field and the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: PathBuf,
    pub field: String,
    pub rule: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display();
        match self.field.as_str() {
            "" => write!(f, "{file}: {}", self.rule),
            field => write!(f, "{file}: {field}: {}", self.rule),
        }
    }
}

/// Every problem of a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl std::error::Error for Problems {}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        write!(
            f,
            "{n} problem{} in the catalogue folder; nothing was written:",
            if n == 1 { "" } else { "s" }
        )?;
        for problem in &self.0 {
            write!(f, "\n  {problem}")?;
        }
        Ok(())
    }
}

/// One item of the folder: its file, the record it becomes and the pictures
/// and films it links to (their paths on disk).
#[derive(Debug, Clone)]
pub struct Entry {
    pub file: PathBuf,
    pub item: Item,
    pub assets: Vec<(PathBuf, Asset)>,
}

/// A whole catalogue folder, read and checked.
#[derive(Debug, Clone)]
pub struct Folder {
    pub root: PathBuf,
    pub entries: Vec<Entry>,
}

impl Folder {
    /// Reads the folder at `root`; `public_url` gives a stored picture's
    /// address from its key. Every problem, or the folder.
    pub fn read(root: &Path, public_url: &dyn Fn(&str) -> String) -> Result<Folder, Problems> {
        let mut reading = Reading {
            root,
            public_url,
            problems: Vec::new(),
            checked: HashMap::new(),
            known: Known::default(),
            entries: Vec::new(),
        };
        reading.read_all();
        if reading.problems.is_empty() {
            Ok(Folder {
                root: root.to_path_buf(),
                entries: reading.entries,
            })
        } else {
            Err(Problems(reading.problems))
        }
    }

    /// How many items of each kind the folder holds, in words.
    pub fn summary(&self) -> String {
        let mut counts: BTreeMap<(usize, &str), (&str, usize)> = BTreeMap::new();
        for entry in &self.entries {
            let (folder, _) = super::items::folder_of(entry.item.kind());
            // The house and its pages come after the kinds' folders.
            let order = KINDS
                .iter()
                .position(|k| *k == folder)
                .unwrap_or(KINDS.len());
            counts.entry((order, folder)).or_insert((folder, 0)).1 += 1;
        }
        let pictures: BTreeSet<&str> = self
            .entries
            .iter()
            .flat_map(|e| e.assets.iter().map(|(_, a)| a.hash.as_str()))
            .collect();
        let kinds: Vec<String> = counts
            .values()
            .map(|(folder, n)| format!("{n} {folder}"))
            .collect();
        format!(
            "{}; {} pictures and films",
            kinds.join(", "),
            pictures.len()
        )
    }
}

/// What later kinds refer to: categories by name, collections and products
/// by id. A file that could not be read is already a problem: what refers
/// to it is not one more.
#[derive(Default)]
struct Known {
    categories: BTreeSet<String>,
    collections: BTreeMap<String, CollectionRef>,
    products: BTreeMap<String, String>,
    /// `kind/id` of each file that could not be read.
    unreadable: BTreeSet<String>,
}

impl Known {
    fn unreadable(&self, kind: &str, id: &str) -> bool {
        self.unreadable.contains(&format!("{kind}/{id}"))
    }

    /// Whether a category name is known, or cannot be told (a category file was unreadable).
    fn category(&self, name: &str) -> bool {
        self.categories.contains(name)
            || self.unreadable.iter().any(|k| k.starts_with("categories/"))
    }
}

struct Reading<'a> {
    root: &'a Path,
    public_url: &'a dyn Fn(&str) -> String,
    problems: Vec<Problem>,
    /// Each picture read once, however many items link to it.
    checked: HashMap<PathBuf, Result<Asset, String>>,
    known: Known,
    entries: Vec<Entry>,
}

impl Reading<'_> {
    fn read_all(&mut self) {
        if !self.root.is_dir() {
            self.problems.push(Problem {
                file: self.root.to_path_buf(),
                field: String::new(),
                rule: "is not a folder".into(),
            });
            return;
        }
        self.refuse_unknown_folders();
        for kind in KINDS {
            let first = self.entries.len();
            for (id, file) in self.files_of(kind) {
                self.read_file(kind, &id, file);
            }
            self.refuse_reused(first);
        }
        self.read_house();
    }

    fn refuse_unknown_folders(&mut self) {
        for path in listing(self.root) {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let known = KINDS.contains(&name.as_ref()) || name == house::PAGES;
            if path.is_dir() && !name.starts_with('.') && !known {
                self.problems.push(Problem {
                    file: PathBuf::from(name.as_ref()),
                    field: String::new(),
                    rule: format!(
                        "is not a folder of the catalogue: one of {}, {}",
                        KINDS.join(", "),
                        house::PAGES
                    ),
                });
            }
        }
    }

    /// The `.toml` files of a kind's folder, by id (the file's name).
    fn files_of(&self, kind: &str) -> Vec<(String, PathBuf)> {
        listing(&self.root.join(kind))
            .into_iter()
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
            .map(|p| {
                let id = p
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                (id, Path::new(kind).join(p.file_name().unwrap_or_default()))
            })
            .collect()
    }

    fn read_file(&mut self, kind: &str, id: &str, file: PathBuf) {
        let mut reader = Reader {
            reading: self,
            file: file.clone(),
            assets: Vec::new(),
        };
        if !is_plausible_id(id) {
            reader.problem("", ID_RULE);
            return;
        }
        let item = match kind {
            "categories" => reader
                .parse()
                .map(|f| Item::Category(reader.category(id, f))),
            "menus" => reader.parse().map(|f| Item::Menu(reader.menu(id, f))),
            "banners" => reader.parse().map(|f| Item::Banner(reader.banner(id, f))),
            "collections" => reader
                .parse()
                .map(|f| Item::Collection(reader.collection(id, f))),
            "products" => reader.parse().map(|f| Item::Product(reader.product(id, f))),
            "runways" => reader.parse().map(|f| Item::Runway(reader.runway(id, f))),
            _ => reader.parse().map(|f| Item::News(reader.news(id, f))),
        };
        let assets = reader.assets;
        match item {
            Some(item) => self.entries.push(Entry { file, item, assets }),
            None => {
                self.known.unreadable.insert(format!("{kind}/{id}"));
            }
        }
    }

    /// A slug, or a product's SKU, names one item of its kind.
    fn refuse_reused(&mut self, first: usize) {
        let mut seen: HashMap<(&'static str, String), PathBuf> = HashMap::new();
        let mut reused = Vec::new();
        for entry in &self.entries[first..] {
            for (field, value) in unique_fields(&entry.item) {
                match seen.get(&(field, value.clone())) {
                    Some(earlier) => reused.push(Problem {
                        file: entry.file.clone(),
                        field: field.into(),
                        rule: format!("{value:?} is already the {field} of {}", earlier.display()),
                    }),
                    None => {
                        seen.insert((field, value), entry.file.clone());
                    }
                }
            }
        }
        self.problems.extend(reused);
    }
}

/// The fields no two items of a kind may share.
fn unique_fields(item: &Item) -> Vec<(&'static str, String)> {
    match item {
        Item::Product(p) => vec![("slug", p.slug.clone()), ("sku", p.sku.clone())],
        Item::Collection(c) => vec![("slug", c.slug.clone())],
        Item::Runway(r) => vec![("slug", r.slug.clone())],
        Item::News(n) => vec![("slug", n.slug.clone())],
        Item::Category(c) => vec![("name", c.name.clone())],
        Item::Menu(_) | Item::Banner(_) | Item::House(_) | Item::Page(_) => vec![],
    }
}

/// A folder's entries, sorted; none if it does not exist.
fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    paths
}

/// Reads one file: each field checked, each problem noted, the record made
/// with placeholders where a field is wrong (it is thrown away then).
struct Reader<'r, 'a> {
    reading: &'r mut Reading<'a>,
    file: PathBuf,
    assets: Vec<(PathBuf, Asset)>,
}

impl Reader<'_, '_> {
    fn problem(&mut self, field: &str, rule: impl Into<String>) {
        self.reading.problems.push(Problem {
            file: self.file.clone(),
            field: field.into(),
            rule: rule.into(),
        });
    }

    fn parse<T: DeserializeOwned>(&mut self) -> Option<T> {
        let path = self.reading.root.join(&self.file);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                self.problem("", format!("cannot be read: {e}"));
                return None;
            }
        };
        match toml::from_str(&text) {
            Ok(file) => Some(file),
            Err(e) => {
                let line = e
                    .span()
                    .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
                let message = e.message().trim().to_owned();
                match line {
                    Some(line) => self.problem("", format!("line {line}: {message}")),
                    None => self.problem("", message),
                }
                None
            }
        }
    }

    fn required(&mut self, field: &str, value: &str) -> String {
        if value.trim().is_empty() {
            self.problem(field, REQUIRED_RULE);
        }
        value.to_owned()
    }

    fn status(&mut self, field: &str, value: &str) -> Status {
        Status::from_name(value).unwrap_or_else(|| {
            self.problem(field, rules::STATUS_RULE);
            Status::Inactive
        })
    }

    fn slug(&mut self, field: &str, value: &str) -> String {
        if !rules::is_slug(value) {
            self.problem(field, rules::SLUG_RULE);
        }
        value.to_owned()
    }

    fn price(&mut self, field: &str, value: &str) -> Money {
        rules::price(value).unwrap_or_else(|| {
            self.problem(field, rules::PRICE_RULE);
            Money::ZERO
        })
    }

    fn when(&mut self, field: &str, value: &str) -> Timestamp {
        Timestamp::parse(value).unwrap_or_else(|| {
            self.problem(
                field,
                "must be a date and time in RFC 3339, such as \"2025-03-14T20:00:00Z\"",
            );
            Timestamp::from_unix(0).expect("the epoch")
        })
    }

    fn list(&mut self, field: &str, values: &[String]) -> Vec<String> {
        if values.is_empty() {
            self.problem(field, "must list at least one");
        }
        for (i, value) in values.iter().enumerate() {
            self.required(&format!("{field}[{i}]"), value);
        }
        values.to_vec()
    }

    fn sizes(&mut self, values: &[String]) -> Vec<Size> {
        let mut sizes = Vec::new();
        for (i, text) in self.list("size", values).iter().enumerate() {
            match Size::named(text) {
                Some(size) => sizes.push(size),
                None => self.problem(&format!("size[{i}]"), rules::SIZE_RULE),
            }
        }
        sizes
    }

    fn picture(&mut self, field: &str, path: &str) -> String {
        self.asset(field, path, pictures::picture)
    }

    fn pictures(&mut self, field: &str, paths: &[String]) -> Vec<String> {
        if paths.is_empty() {
            self.problem(field, "must list at least one picture");
        }
        paths
            .iter()
            .enumerate()
            .map(|(i, p)| self.picture(&format!("{field}[{i}]"), p))
            .collect()
    }

    /// The address of the picture or film at `path` (relative to the item's
    /// file), checked and hashed once.
    fn asset(
        &mut self,
        field: &str,
        path: &str,
        check: fn(&Path) -> Result<Asset, String>,
    ) -> String {
        let Some(on_disk) = self.beside(path) else {
            self.problem(
                field,
                format!("{path:?} must be a relative path inside the catalogue folder"),
            );
            return String::new();
        };
        let checked = self
            .reading
            .checked
            .entry(on_disk.clone())
            .or_insert_with(|| check(&on_disk))
            .clone();
        match checked {
            Ok(asset) => {
                let url = (self.reading.public_url)(&asset.key());
                self.assets.push((on_disk, asset));
                url
            }
            Err(rule) => {
                self.problem(field, format!("{path:?} {rule}"));
                String::new()
            }
        }
    }

    /// `path` beside the item's file, if it stays inside the folder.
    fn beside(&self, path: &str) -> Option<PathBuf> {
        let relative = Path::new(path);
        let plain = !path.is_empty()
            && relative
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
        let dir = self.file.parent().unwrap_or(Path::new(""));
        plain.then(|| self.reading.root.join(dir).join(relative))
    }

    fn collection_ref(&mut self, field: &str, id: &str) -> CollectionRef {
        match self.reading.known.collections.get(id) {
            Some(known) => known.clone(),
            None => {
                if !self.reading.known.unreadable("collections", id) {
                    self.problem(field, format!("{id:?} names no collection in collections/"));
                }
                CollectionRef {
                    id: id.into(),
                    name: String::new(),
                    slug: String::new(),
                }
            }
        }
    }

    fn category(&mut self, id: &str, file: CategoryFile) -> Category {
        let category = Category {
            id: id.into(),
            name: self.required("name", &file.name),
            status: self.status("status", &file.status),
        };
        self.reading.known.categories.insert(category.name.clone());
        category
    }

    fn menu(&mut self, id: &str, file: MenuFile) -> Menu {
        if !rules::is_menu_url(&file.url) {
            self.problem("url", rules::MENU_URL_RULE);
        }
        Menu {
            id: id.into(),
            title: self.required("title", &file.title),
            url: file.url,
            status: self.status("status", &file.status),
            order: file.order,
        }
    }

    fn banner(&mut self, id: &str, file: BannerFile) -> Banner {
        Banner {
            id: id.into(),
            image_url: self.picture("image", &file.image),
            status: self.status("status", &file.status),
            order: file.order,
        }
    }

    fn collection(&mut self, id: &str, file: CollectionFile) -> Collection {
        let collection = Collection {
            id: id.into(),
            slug: self.slug("slug", &file.slug),
            name: self.required("name", &file.name),
            description: file.description,
            banner: self.pictures("banner", &file.banner),
            status: self.status("status", &file.status),
        };
        self.reading.known.collections.insert(
            id.into(),
            CollectionRef {
                id: id.into(),
                name: collection.name.trim().to_owned(),
                slug: collection.slug.clone(),
            },
        );
        collection
    }

    fn product(&mut self, id: &str, file: ProductFile) -> Product {
        let collection = self.collection_ref("collection", &file.collection);
        for (i, name) in file.categories.iter().enumerate() {
            if !self.reading.known.category(name) {
                self.problem(
                    &format!("categories[{i}]"),
                    format!("{name:?} names no category in categories/"),
                );
            }
        }
        let price = self.price("price", &file.price.0);
        let items = self.set_items(&file.items, price);
        let product = Product {
            card: ProductCard {
                id: id.into(),
                sku: self.required("sku", &file.sku),
                name: self.required("name", &file.name),
                categories: file.categories,
                collection: collection.id,
                collection_name: collection.name,
                slug: self.slug("slug", &file.slug),
                size: self.sizes(&file.size),
                color: self.list("color", &file.color),
                price,
                tag: file.tag,
                status: self.status("status", &file.status),
                product_gallery: self.pictures("gallery", &file.gallery),
                items,
                created_at: self.when("created_at", &file.created_at),
            },
            description: file.description,
        };
        self.reading
            .known
            .products
            .insert(id.into(), product.slug.clone());
        product
    }

    /// A set's parts, each priced, adding up to the set's price.
    fn set_items(&mut self, items: &[SetItemFile], price: Money) -> Vec<SetItem> {
        let items: Vec<SetItem> = items
            .iter()
            .enumerate()
            .map(|(i, item)| SetItem {
                name: self.required(&format!("items[{i}].name"), &item.name),
                price: self.price(&format!("items[{i}].price"), &item.price.0),
            })
            .collect();
        let total = rules::set_total(&items);
        if !items.is_empty() && !price.is_zero() && total != Some(price) {
            let sum = total.map_or("more than any price".into(), |t| t.to_decimal());
            self.problem(
                "price",
                format!(
                    "is {} but the set's items add up to {sum}: a set costs the sum of its items",
                    price.to_decimal()
                ),
            );
        }
        items
    }

    fn runway(&mut self, id: &str, file: RunwayFile) -> Runway {
        if !file.youtube_url.is_empty() && !file.youtube_url.starts_with("https://") {
            self.problem("youtube_url", "must be an https:// address, or empty");
        }
        let video = match file.video.as_str() {
            "" => String::new(),
            path => self.asset("video", path, pictures::film),
        };
        let celebs = file
            .celebs
            .iter()
            .enumerate()
            .map(|(i, c)| Celeb {
                image: self.picture(&format!("celebs[{i}].image"), &c.image),
                created_at: self.when(&format!("celebs[{i}].created_at"), &c.created_at),
            })
            .collect();
        let galleries = file
            .galleries
            .iter()
            .enumerate()
            .map(|(i, look)| self.look(i, look))
            .collect();
        Runway {
            id: id.into(),
            slug: self.slug("slug", &file.slug),
            name: self.required("name", &file.name),
            status: self.status("status", &file.status),
            is_featured: file.is_featured,
            banners: self.pictures("banners", &file.banners),
            description: file.description,
            video,
            youtube_url: file.youtube_url,
            collection: self.collection_ref("collection", &file.collection),
            celebs,
            galleries,
            created_at: self.when("created_at", &file.created_at),
        }
    }

    fn look(&mut self, i: usize, look: &LookFile) -> Gallery {
        let field = |name: &str| format!("galleries[{i}].{name}");
        if !is_plausible_id(&look.id) {
            self.problem(&field("id"), ID_RULE.split(" (").next().unwrap_or(ID_RULE));
        }
        let slug = match self.reading.known.products.get(&look.product) {
            Some(slug) => slug.clone(),
            None => {
                if !self.reading.known.unreadable("products", &look.product) {
                    let rule = format!("{:?} names no product in products/", look.product);
                    self.problem(&field("product"), rule);
                }
                String::new()
            }
        };
        Gallery {
            id: look.id.clone(),
            status: self.status(&field("status"), &look.status),
            image: self.pictures(&field("image"), &look.image),
            product: ProductRef {
                id: look.product.clone(),
                slug,
            },
        }
    }

    fn news(&mut self, id: &str, file: NewsFile) -> News {
        News {
            id: id.into(),
            slug: self.slug("slug", &file.slug),
            title: self.required("title", &file.title),
            description: file.description,
            poster: self.picture("poster", &file.poster),
            content: file.content,
            status: self.status("status", &file.status),
            created_at: self.when("created_at", &file.created_at),
            updated_at: self.when("updated_at", &file.updated_at),
        }
    }
}
