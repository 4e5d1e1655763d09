//! `shopctl catalog export DIR`: the catalogue as the table holds it, written
//! as a catalogue folder, each picture the original that was imported, so
//! that importing the export changes nothing. An item still as its file said
//! is that very file, comments and all, its pictures under their own names
//! (see [`sources`]); another is written in the plain form.

use std::path::{Path, PathBuf};

use app::App;
use domain::catalog::{Banner, Category, Collection, Menu, MenuLink, News, Product, Runway};

use super::files::*;
use super::items::{folder_of, Item};
use super::pictures;
use super::sources::{self, Source};
use crate::cli::CliError;

mod house;

/// What an export wrote.
#[derive(Debug, Default)]
pub struct Exported {
    pub items: usize,
    pub pictures: usize,
}

impl std::fmt::Display for Exported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "catalogue exported: {} items, {} pictures and films",
            self.items, self.pictures
        )
    }
}

/// Writes every catalogue item of the table into `dir`, which must be empty.
pub async fn export(app: &App, dir: &Path) -> Result<Exported, CliError> {
    let occupied = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some());
    if occupied {
        return Err(format!("{} is not empty: export into a new folder", dir.display()).into());
    }
    let mut exported = Exported::default();
    for item in Item::read_all(app.table.as_ref()).await? {
        if matches!(&item, Item::Page(page) if !page.status.is_active()) {
            // A withdrawn page is one the folder no longer gives.
            continue;
        }
        let (folder, file) = house::file_of(&item);
        let source = sources::of(app, &item).await;
        let mut writer = Writer {
            app,
            dir: dir.join(folder),
            id: item.id().to_owned(),
            pictures: 0,
            names: source
                .as_ref()
                .map(|s| {
                    s.pictures
                        .iter()
                        .map(|(p, u)| (u.clone(), p.clone()))
                        .collect()
                })
                .unwrap_or_default(),
        };
        let text = match source.filter(|s| s.says(&item)) {
            Some(source) => writer.verbatim(source).await?,
            None => writer.formatted(&item).await?,
        };
        write_file(&writer.dir.join(file), text.as_bytes())?;
        exported.items += 1;
        exported.pictures += writer.pictures;
    }
    Ok(exported)
}

impl Writer<'_> {
    /// The house's own file, and each of its pictures under its own name.
    async fn verbatim(&mut self, source: Source) -> Result<String, CliError> {
        for (path, url) in &source.pictures {
            if is_inside(path) {
                self.original(url, path).await?;
            }
        }
        Ok(source.text)
    }

    /// The item in the plain form.
    async fn formatted(&mut self, item: &Item) -> Result<String, CliError> {
        Ok(match item {
            Item::Category(c) => toml::to_string_pretty(&category(c))?,
            Item::Menu(m) => toml::to_string_pretty(&menu(m))?,
            Item::Banner(b) => toml::to_string_pretty(&self.banner(b).await?)?,
            Item::Collection(c) => toml::to_string_pretty(&self.collection(c).await?)?,
            Item::Product(p) => toml::to_string_pretty(&self.product(p).await?)?,
            Item::Runway(r) => toml::to_string_pretty(&self.runway(r).await?)?,
            Item::News(n) => toml::to_string_pretty(&self.news(n).await?)?,
            Item::House(h) => toml::to_string_pretty(&self.house(h).await?)?,
            Item::Page(p) => self.page(p).await?,
        })
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()).into())
}

fn category(c: &Category) -> CategoryFile {
    CategoryFile {
        name: c.name.clone(),
        status: c.status.name().to_owned(),
    }
}

fn menu(m: &Menu) -> MenuFile {
    let (mut collection, mut page, mut url) = (None, None, None);
    match &m.link {
        MenuLink::Collection { id, .. } => collection = Some(id.clone()),
        MenuLink::Page { path } => page = Some(path.clone()),
        MenuLink::Outside { url: address } => url = Some(address.clone()),
    }
    MenuFile {
        title: m.title.clone(),
        collection,
        page,
        url,
        status: m.status.name().to_owned(),
        order: m.order,
    }
}

/// Writes one item's pictures beside its file.
struct Writer<'a> {
    app: &'a App,
    /// The kind's folder.
    dir: PathBuf,
    id: String,
    pictures: usize,
    /// The path the house's file gave each picture, by its address.
    names: std::collections::BTreeMap<String, String>,
}

impl Writer<'_> {
    /// Writes the original behind `url` under the path the house's file gave
    /// it, else as `name` (plus its extension), answering its path relative
    /// to the item's file.
    async fn picture(&mut self, url: &str, name: &str) -> Result<String, CliError> {
        if let Some(path) = self.names.get(url).filter(|path| is_inside(path)).cloned() {
            self.original(url, &path).await?;
            return Ok(path);
        }
        let bytes = self.original_bytes(url).await?;
        let relative = format!("{name}.{}", pictures::extension_of(&bytes));
        write_file(&self.dir.join(&relative), &bytes)?;
        self.pictures += 1;
        Ok(relative)
    }

    /// Writes the original behind `url` at `path`, relative to the item's file.
    async fn original(&mut self, url: &str, path: &str) -> Result<(), CliError> {
        let bytes = self.original_bytes(url).await?;
        write_file(&self.dir.join(path), &bytes)?;
        self.pictures += 1;
        Ok(())
    }

    /// The original that was imported for the picture or film at `url`.
    async fn original_bytes(&self, url: &str) -> Result<Vec<u8>, CliError> {
        let key = self
            .app
            .blobs
            .key_of(url)
            .ok_or_else(|| format!("{}: {url} is not an address of the blob store", self.id))?;
        let original = pictures::original_of(&key).unwrap_or(key);
        let bytes = self
            .app
            .blobs
            .get(&original)
            .await?
            .ok_or_else(|| format!("{}: {url} has no stored original ({original})", self.id))?;
        Ok(bytes)
    }

    /// The pictures of a list, as `<id>/<prefix><n>`.
    async fn pictures(&mut self, urls: &[String], prefix: &str) -> Result<Vec<String>, CliError> {
        let mut paths = Vec::new();
        for (i, url) in urls.iter().enumerate() {
            let name = format!("{}/{prefix}{}", self.id, i + 1);
            paths.push(self.picture(url, &name).await?);
        }
        Ok(paths)
    }

    async fn banner(&mut self, b: &Banner) -> Result<BannerFile, CliError> {
        let id = self.id.clone();
        Ok(BannerFile {
            image: self.picture(&b.image_url, &id).await?,
            status: b.status.name().to_owned(),
            order: b.order,
        })
    }

    async fn collection(&mut self, c: &Collection) -> Result<CollectionFile, CliError> {
        Ok(CollectionFile {
            slug: c.slug.clone(),
            name: c.name.clone(),
            status: c.status.name().to_owned(),
            banner: self.pictures(&c.banner, "banner-").await?,
            description: c.description.clone(),
        })
    }

    async fn product(&mut self, p: &Product) -> Result<ProductFile, CliError> {
        Ok(ProductFile {
            sku: p.sku.clone(),
            name: p.name.clone(),
            slug: p.slug.clone(),
            collection: p.collection.clone(),
            status: p.status.name().to_owned(),
            price: Decimal::Quoted(p.price.to_decimal()),
            categories: p.categories.clone(),
            size: p.size.iter().map(|s| s.as_str().to_string()).collect(),
            color: p.color.clone(),
            tag: p.tag.clone(),
            gallery: self.pictures(&p.product_gallery, "").await?,
            created_at: p.created_at.to_string(),
            description: p.description.clone(),
            items: p
                .items
                .iter()
                .map(|item| SetItemFile {
                    name: item.name.clone(),
                    price: Decimal::Quoted(item.price.to_decimal()),
                })
                .collect(),
            made_to_order: p.made_to_order,
        })
    }

    async fn runway(&mut self, r: &Runway) -> Result<RunwayFile, CliError> {
        let video = match r.video.as_str() {
            "" => String::new(),
            url => {
                let name = format!("{}/film", self.id);
                self.picture(url, &name).await?
            }
        };
        let mut celebs = Vec::new();
        for (i, celeb) in r.celebs.iter().enumerate() {
            let name = format!("{}/guest-{}", self.id, i + 1);
            celebs.push(CelebFile {
                image: self.picture(&celeb.image, &name).await?,
                created_at: celeb.created_at.to_string(),
            });
        }
        let mut galleries = Vec::new();
        for (i, look) in r.galleries.iter().enumerate() {
            galleries.push(LookFile {
                id: look.id.clone(),
                status: look.status.name().to_owned(),
                product: look.product.id.clone(),
                image: self
                    .pictures(&look.image, &format!("look-{}-", i + 1))
                    .await?,
            });
        }
        Ok(RunwayFile {
            slug: r.slug.clone(),
            name: r.name.clone(),
            status: r.status.name().to_owned(),
            is_featured: r.is_featured,
            collection: r.collection.id.clone(),
            created_at: r.created_at.to_string(),
            banners: self.pictures(&r.banners, "banner-").await?,
            video,
            youtube_url: r.youtube_url.clone(),
            description: r.description.clone(),
            celebs,
            galleries,
        })
    }

    async fn news(&mut self, n: &News) -> Result<NewsFile, CliError> {
        let id = self.id.clone();
        Ok(NewsFile {
            slug: n.slug.clone(),
            title: n.title.clone(),
            status: n.status.name().to_owned(),
            created_at: n.created_at.to_string(),
            updated_at: n.updated_at.to_string(),
            poster: self.picture(&n.poster, &id).await?,
            description: n.description.clone(),
            content: n.content.clone(),
        })
    }
}

/// Whether a kept path stays inside the kind's folder (it was checked at
/// import; the store is read as it is).
fn is_inside(path: &str) -> bool {
    !path.is_empty()
        && Path::new(path)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}
