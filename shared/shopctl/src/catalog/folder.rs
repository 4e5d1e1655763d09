//! Reading a catalogue folder: every file parsed and checked against the
//! domain's rules, every picture read and hashed, and every problem found
//! listed at once, each naming its file, the field's line, the field and the
//! rule. Nothing is written.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::{Component, Path, PathBuf};

use domain::catalog::rules::{self, ID_RULE, REQUIRED_RULE};
use domain::catalog::{
    is_plausible_id, Banner, Category, Celeb, Collection, CollectionRef, Gallery, Menu, MenuLink,
    News, Product, ProductCard, ProductRef, Runway, SetItem,
};
use domain::catalog::{Size, Status};
use domain::pricing::Money;
use domain::timestamp::Timestamp;
use serde::de::DeserializeOwned;

use super::files::*;
use super::items::Item;
use super::lines::Lines;
use super::pictures::{self, Asset};

mod house;

pub use house::{page_file, HOUSE_FILE, PAGES};

/// Something wrong with the folder: the file, the line the field is
/// written on (none for a field that is missing), the field and the rule it
/// breaks: `products/prod-ete-03.toml:7: price: ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub field: String,
    pub rule: String,
}

impl Problem {
    fn new(file: impl Into<PathBuf>, field: &str, rule: impl Into<String>) -> Problem {
        Problem {
            file: file.into(),
            line: None,
            field: field.into(),
            rule: rule.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        match self.field.as_str() {
            "" => write!(f, ": {}", self.rule),
            field => write!(f, ": {field}: {}", self.rule),
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
    /// The address of each picture and film, by its path as the file writes it.
    pub pictures: BTreeMap<String, String>,
    /// The file's text, as the house wrote it.
    pub text: String,
}

/// A whole catalogue folder, read and checked.
#[derive(Debug, Clone)]
pub struct Folder {
    pub root: PathBuf,
    pub entries: Vec<Entry>,
    /// Each picture's and film's path as an item's file writes it, by its address.
    pub names: BTreeMap<String, String>,
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
            names: BTreeMap::new(),
        };
        reading.read_all();
        reading.locate();
        if reading.problems.is_empty() {
            Ok(Folder {
                root: root.to_path_buf(),
                entries: reading.entries,
                names: reading.names,
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

/// What later kinds refer to: categories by id or name, collections and
/// products by id. A file that could not be read is already a problem: what
/// refers to it is not one more.
#[derive(Default)]
struct Known {
    /// Each category's name, by id.
    categories: BTreeMap<String, String>,
    collections: BTreeMap<String, CollectionRef>,
    products: BTreeMap<String, String>,
    /// `kind/id` of each file that could not be read.
    unreadable: BTreeSet<String>,
}

impl Known {
    fn unreadable(&self, kind: &str, id: &str) -> bool {
        self.unreadable.contains(&format!("{kind}/{id}"))
    }

    /// The name of the category `written` names, by its id or its name;
    /// `written` itself when it cannot be told (a category file was unreadable).
    fn category(&self, written: &str) -> Option<String> {
        let by_id = self.categories.get(written);
        let by_name = self.categories.values().find(|name| *name == written);
        let unsure = self.unreadable.iter().any(|k| k.starts_with("categories/"));
        by_id
            .or(by_name)
            .cloned()
            .or_else(|| unsure.then(|| written.to_owned()))
    }

    /// A few of the categories, as `cat-gowns ("Gowns")`, for a message.
    fn some_categories(&self) -> String {
        let few: Vec<String> = self
            .categories
            .iter()
            .take(FEW)
            .map(|(id, name)| format!("{id} ({name:?})"))
            .collect();
        in_all(few, self.categories.len())
    }

    /// A few of the collections' ids, for a message.
    fn some_collections(&self) -> String {
        let few: Vec<String> = self.collections.keys().take(FEW).cloned().collect();
        in_all(few, self.collections.len())
    }
}

/// How many items a message names before it says how many there are in all.
const FEW: usize = 4;

fn in_all(few: Vec<String>, all: usize) -> String {
    match all {
        0 => "none yet".into(),
        n if n > few.len() => format!("{}, ... ({n} in all)", few.join(", ")),
        _ => few.join(", "),
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
    names: BTreeMap<String, String>,
}

impl Reading<'_> {
    fn read_all(&mut self) {
        if !self.root.is_dir() {
            self.problems
                .push(Problem::new(self.root, "", "is not a folder"));
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
                self.problems.push(Problem::new(
                    name.as_ref(),
                    "",
                    format!(
                        "is not a folder of the catalogue: one of {}, {}",
                        KINDS.join(", "),
                        house::PAGES
                    ),
                ));
            }
        }
    }

    /// The `.toml` files of a kind's folder, by id (the file's name). A file
    /// named almost so (`.TOML`, `.toml.txt`, `.toml~`) is not read, and is
    /// a problem: its item would be missing from the shop without a word.
    fn files_of(&mut self, kind: &str) -> Vec<(String, PathBuf)> {
        let mut files = Vec::new();
        for path in listing(&self.root.join(kind)) {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let file = Path::new(kind).join(name.as_ref());
            if !path.is_file() || name.starts_with('.') {
                continue;
            }
            match name.strip_suffix(".toml") {
                Some(id) => files.push((id.to_owned(), file)),
                None => {
                    if let Some(rule) = misnamed(&name) {
                        self.problems.push(Problem::new(file, "", rule));
                    }
                }
            }
        }
        files
    }

    /// Each problem given the line its field is written on, if it is.
    fn locate(&mut self) {
        let mut texts: HashMap<PathBuf, Option<String>> = HashMap::new();
        for problem in &mut self.problems {
            if problem.line.is_some() || problem.field.is_empty() {
                continue;
            }
            let text = texts
                .entry(problem.file.clone())
                .or_insert_with(|| std::fs::read_to_string(self.root.join(&problem.file)).ok());
            if let Some(text) = text {
                problem.line = Lines::of(text).line(&problem.field);
            }
        }
    }

    fn read_file(&mut self, kind: &str, id: &str, file: PathBuf) {
        let mut reader = Reader {
            reading: self,
            file: file.clone(),
            assets: Vec::new(),
            pictures: BTreeMap::new(),
            text: String::new(),
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
        let (assets, pictures, text) = (reader.assets, reader.pictures, reader.text);
        self.names.extend(
            pictures
                .iter()
                .map(|(path, url)| (url.clone(), path.clone())),
        );
        match item {
            Some(item) => self.entries.push(Entry {
                file,
                item,
                assets,
                pictures,
                text,
            }),
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
                    Some(earlier) => reused.push(Problem::new(
                        &entry.file,
                        field,
                        format!("{value:?} is already the {field} of {}", earlier.display()),
                    )),
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

/// Why a file that looks like an item's is not read, if it looks like one:
/// the name it should have.
fn misnamed(name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    let at = lower.find(".toml")?;
    let id = &name[..at];
    let rule = if lower.ends_with('~') || lower.ends_with(".bak") || lower.ends_with(".swp") {
        format!("is not read (an editor's copy?): the item is {id}.toml; delete this file")
    } else {
        format!("is not read: name it `{id}.toml`")
    };
    Some(rule)
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
    pictures: BTreeMap<String, String>,
    text: String,
}

impl Reader<'_, '_> {
    fn problem(&mut self, field: &str, rule: impl Into<String>) {
        self.reading
            .problems
            .push(Problem::new(&self.file, field, rule));
    }

    /// The file's text; a file that cannot be read is its problem.
    fn contents(&mut self) -> Option<String> {
        let path = self.reading.root.join(&self.file);
        match std::fs::read_to_string(&path) {
            Ok(text) => Some(text),
            Err(e) => {
                self.problem("", format!("cannot be read: {e}"));
                None
            }
        }
    }

    fn parse<T: DeserializeOwned>(&mut self) -> Option<T> {
        let text = self.contents()?;
        match toml::from_str(&text) {
            Ok(file) => {
                self.text = text;
                Some(file)
            }
            Err(e) => {
                let problem = unreadable(&self.file, &text, &e);
                self.reading.problems.push(problem);
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

    fn price(&mut self, field: &str, value: &Decimal) -> Money {
        let key = field.rsplit('.').next().unwrap_or(field);
        match value {
            Decimal::Quoted(text) => rules::price(text).unwrap_or_else(|| {
                self.problem(field, rules::price_problem(text));
                Money::ZERO
            }),
            Decimal::Bare(number) => {
                let rule = format!(
                    "{number} is written as a number: write it in quotes: {key} = \"{number}\""
                );
                self.problem(field, rule);
                Money::ZERO
            }
        }
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

    /// The house's sizes in its order; a made-to-order-only piece may have none.
    fn sizes(&mut self, values: &[String], made_to_order: bool) -> Vec<Size> {
        if values.is_empty() && !made_to_order {
            self.problem(
                "size",
                "must list at least one size, such as [\"S\", \"M\"] or [\"One size\"]",
            );
        }
        let mut sizes: Vec<Size> = Vec::new();
        for (i, text) in values.iter().enumerate() {
            let field = format!("size[{i}]");
            match Size::label(text) {
                Some(size) if sizes.contains(&size) => {
                    self.problem(&field, format!("{text:?} is listed twice"))
                }
                Some(size) => sizes.push(size),
                None => self.problem(&field, format!("{text:?} {}", rules::SIZE_RULE)),
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
        check: fn(&Path, &Path) -> Result<Asset, String>,
    ) -> String {
        let on_disk = match self.beside(path) {
            Ok(on_disk) => on_disk,
            Err(why) => {
                self.problem(field, format!("{path:?} {why}"));
                return String::new();
            }
        };
        let checked = self
            .reading
            .checked
            .entry(on_disk.clone())
            .or_insert_with(|| {
                let inside = on_disk.strip_prefix(self.reading.root).unwrap_or(&on_disk);
                check(self.reading.root, inside)
            })
            .clone();
        match checked {
            Ok(asset) => {
                let url = (self.reading.public_url)(&asset.key());
                self.assets.push((on_disk, asset));
                let written = path.strip_prefix("./").unwrap_or(path);
                self.pictures.insert(written.to_owned(), url.clone());
                url
            }
            Err(rule) => {
                self.problem(field, format!("{path:?} {rule}"));
                String::new()
            }
        }
    }

    /// `path` beside the item's file (`./` allowed), or why it is not one:
    /// it must stay inside the folder, so the folder alone says what is shown.
    fn beside(&self, path: &str) -> Result<PathBuf, &'static str> {
        let mut relative = PathBuf::new();
        for component in Path::new(path).components() {
            match component {
                Component::Normal(part) => relative.push(part),
                Component::CurDir => {}
                Component::ParentDir => {
                    return Err("leads out of the item's folder (`..`): put the picture inside the catalogue folder, beside the item's file or in a folder next to it")
                }
                Component::RootDir | Component::Prefix(_) => {
                    return Err("is an absolute path: write the path from the item's file, such as \"prod-ete-03/front.jpg\"")
                }
            }
        }
        if relative.as_os_str().is_empty() {
            return Err("names no file: write the path from the item's file, such as \"prod-ete-03/front.jpg\"");
        }
        let dir = self.file.parent().unwrap_or(Path::new(""));
        Ok(self.reading.root.join(dir).join(relative))
    }

    fn collection_ref(&mut self, field: &str, id: &str) -> CollectionRef {
        match self.reading.known.collections.get(id) {
            Some(known) => known.clone(),
            None => {
                if !self.reading.known.unreadable("collections", id) {
                    let rule = self.no_such_collection(id);
                    self.problem(field, rule);
                }
                CollectionRef {
                    id: id.into(),
                    name: String::new(),
                    slug: String::new(),
                }
            }
        }
    }

    /// Why `id` names no collection, and how collections are named.
    fn no_such_collection(&self, id: &str) -> String {
        let known = &self.reading.known;
        let named = known
            .collections
            .values()
            .find(|c| c.name.eq_ignore_ascii_case(id.trim()) || c.slug == id);
        match named {
            Some(c) => format!(
                "{id:?} is the name of collection {}: name a collection by its id, the name of its file: \"{}\"",
                c.id, c.id
            ),
            None => format!(
                "{id:?} names no collection in collections/: name one by its id, the name of its file ({})",
                known.some_collections()
            ),
        }
    }

    fn category(&mut self, id: &str, file: CategoryFile) -> Category {
        let category = Category {
            id: id.into(),
            name: self.required("name", &file.name),
            status: self.status("status", &file.status),
        };
        self.reading
            .known
            .categories
            .insert(id.into(), category.name.clone());
        category
    }

    /// The names of the categories a product lists, each by its id or name.
    fn categories(&mut self, written: &[String]) -> Vec<String> {
        let mut names = Vec::new();
        for (i, text) in written.iter().enumerate() {
            match self.reading.known.category(text) {
                Some(name) => names.push(name),
                None => {
                    let rule = format!(
                        "{text:?} names no category in categories/: write a category's id (its file's name) or its name, either works: {}",
                        self.reading.known.some_categories()
                    );
                    self.problem(&format!("categories[{i}]"), rule);
                }
            }
        }
        names
    }

    fn menu(&mut self, id: &str, file: MenuFile) -> Menu {
        let link = self.menu_link(&file);
        Menu {
            id: id.into(),
            title: self.required("title", &file.title),
            link,
            status: self.status("status", &file.status),
            order: file.order,
        }
    }

    /// Where a menu entry leads: exactly one of a collection, a page of the
    /// shop or another site, each one the site can open.
    fn menu_link(&mut self, file: &MenuFile) -> MenuLink {
        let nowhere = MenuLink::Page { path: "/".into() };
        let (field, link) = match (&file.collection, &file.page, &file.url) {
            (Some(id), None, None) => ("collection", self.menu_collection(id)),
            (None, Some(path), None) => ("page", self.menu_page(path)),
            (None, None, Some(url)) => ("url", self.menu_outside(url)),
            _ => ("", Err(String::new())),
        };
        link.unwrap_or_else(|why| {
            self.problem(field, format!("{why}{}", rules::MENU_LINK_RULE));
            nowhere
        })
    }

    fn menu_collection(&self, id: &str) -> Result<MenuLink, String> {
        match self.reading.known.collections.get(id) {
            Some(c) => Ok(MenuLink::Collection {
                id: c.id.clone(),
                slug: c.slug.clone(),
            }),
            None => Err(format!(
                "{id:?} names no collection in collections/; a menu entry "
            )),
        }
    }

    fn menu_page(&self, path: &str) -> Result<MenuLink, String> {
        let known = &self.reading.known;
        let is_category = |name: &str| known.categories.values().any(|c| c == name);
        match rules::shop_page(path, is_category) {
            Some(path) => Ok(MenuLink::Page { path }),
            None => Err(format!("{path:?} is not a page of the shop; a menu entry ")),
        }
    }

    fn menu_outside(&self, url: &str) -> Result<MenuLink, String> {
        if rules::is_outside_url(url) {
            Ok(MenuLink::Outside { url: url.into() })
        } else {
            Err(format!("{url:?} is not an https:// address; a menu entry "))
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
        let categories = self.categories(&file.categories);
        let price = self.price("price", &file.price);
        let items = self.set_items(&file.items, price);
        let product = Product {
            card: ProductCard {
                id: id.into(),
                sku: self.required("sku", &file.sku),
                name: self.required("name", &file.name),
                categories,
                collection: collection.id,
                collection_name: collection.name,
                slug: self.slug("slug", &file.slug),
                size: self.sizes(&file.size, file.made_to_order),
                color: self.list("color", &file.color),
                price,
                tag: file.tag,
                status: self.status("status", &file.status),
                product_gallery: self.pictures("gallery", &file.gallery),
                items,
                created_at: self.when("created_at", &file.created_at),
                made_to_order: file.made_to_order,
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
                price: self.price(&format!("items[{i}].price"), &item.price),
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

/// A file TOML could not read into its kind, as a problem: the field the
/// error is at and its line, or the missing field with what to add.
fn unreadable(file: &Path, text: &str, error: &toml::de::Error) -> Problem {
    let lines = Lines::of(text);
    let message = error.message().trim();
    let at = error
        .span()
        .filter(|span| !span.is_empty())
        .and_then(|span| lines.field_at(&span).map(|f| (f, span)));
    if let Some(missing) = quoted_after(message, "missing field") {
        let field = match &at {
            Some((table, _)) => format!("{table}.{missing}"),
            None => missing.to_owned(),
        };
        return Problem::new(file, &field, format!("missing; add `{missing} = \"...\"`"));
    }
    let mut problem = match &at {
        Some((field, _)) => Problem::new(file, field, message),
        None => Problem::new(file, "", message),
    };
    problem.line = error.span().map(|span| lines.line_at(span.start));
    problem
}

/// The name in backquotes after `words` in a parse error's message.
fn quoted_after<'m>(message: &'m str, words: &str) -> Option<&'m str> {
    let rest = message
        .strip_prefix(words)?
        .trim_start()
        .strip_prefix('`')?;
    rest.split('`').next()
}
