//! `shopctl catalog export DIR`: the catalogue as the table holds it, written
//! as a catalogue folder, each picture the original that was imported, so
//! that importing the export changes nothing.

use std::path::{Path, PathBuf};

use app::App;
use domain::catalog::{Banner, Category, Collection, Menu, News, Product, Runway};

use super::files::*;
use super::items::{folder_of, Item};
use super::pictures;
use crate::orders::CliError;

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
        let mut writer = Writer {
            app,
            dir: dir.join(folder),
            id: item.id().to_owned(),
            pictures: 0,
        };
        let text = match &item {
            Item::Category(c) => toml::to_string_pretty(&category(c))?,
            Item::Menu(m) => toml::to_string_pretty(&menu(m))?,
            Item::Banner(b) => toml::to_string_pretty(&writer.banner(b).await?)?,
            Item::Collection(c) => toml::to_string_pretty(&writer.collection(c).await?)?,
            Item::Product(p) => toml::to_string_pretty(&writer.product(p).await?)?,
            Item::Runway(r) => toml::to_string_pretty(&writer.runway(r).await?)?,
            Item::News(n) => toml::to_string_pretty(&writer.news(n).await?)?,
            Item::House(h) => toml::to_string_pretty(&writer.house(h).await?)?,
            Item::Page(p) => writer.page(p).await?,
        };
        write_file(&writer.dir.join(file), text.as_bytes())?;
        exported.items += 1;
        exported.pictures += writer.pictures;
    }
    Ok(exported)
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
    MenuFile {
        title: m.title.clone(),
        url: m.url.clone(),
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
}

impl Writer<'_> {
    /// Writes the original behind `url` as `name` (plus its extension),
    /// answering its path relative to the item's file.
    async fn picture(&mut self, url: &str, name: &str) -> Result<String, CliError> {
        let bytes = self.original(url).await?;
        let relative = format!("{name}.{}", pictures::extension_of(&bytes));
        write_file(&self.dir.join(&relative), &bytes)?;
        self.pictures += 1;
        Ok(relative)
    }

    /// The original that was imported as the picture at `url`.
    async fn original(&self, url: &str) -> Result<Vec<u8>, CliError> {
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
            price: Decimal(p.price.to_decimal()),
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
                    price: Decimal(item.price.to_decimal()),
                })
                .collect(),
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
