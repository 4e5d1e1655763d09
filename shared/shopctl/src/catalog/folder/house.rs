//! The house in its catalogue folder: `house.toml` (its identity and the
//! words of its emails) and `pages/<id>.md` (Markdown under a TOML front
//! matter between `+++` lines: title, description), checked with the same
//! problems as the items, the pictures they name run through the same
//! pipeline.

use domain::text::escape_html as escape;
use std::path::{Path, PathBuf};

use domain::catalog::Status;
use domain::house::{self, House, Page, PagePicture, PAGE_IDS};
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag};

use super::super::house_files::*;
use super::{listing, Entry, Item, Reader, Reading};

/// The house's file, at the folder's root.
pub const HOUSE_FILE: &str = "house.toml";
/// The folder of the house's pages.
pub const PAGES: &str = "pages";

impl<'a> Reading<'a> {
    /// The house and its pages, if the folder gives them.
    pub(super) fn read_house(&mut self) {
        if self.root.join(HOUSE_FILE).is_file() {
            let mut reader = self.reader(PathBuf::from(HOUSE_FILE));
            if let Some(file) = reader.parse::<HouseFile>() {
                let house = reader.house(file);
                let (assets, pictures, text) = (reader.assets, reader.pictures, reader.text);
                self.entries.push(Entry {
                    file: PathBuf::from(HOUSE_FILE),
                    item: Item::House(house),
                    assets,
                    pictures,
                    text,
                });
            }
        }
        for path in listing(&self.root.join(PAGES)) {
            if path.is_file() && path.extension().is_some_and(|e| e == "md") {
                let name = path.file_name().unwrap_or_default();
                self.read_page(Path::new(PAGES).join(name));
            }
        }
    }

    fn reader<'r>(&'r mut self, file: PathBuf) -> Reader<'r, 'a> {
        Reader {
            reading: self,
            file,
            assets: Vec::new(),
            pictures: Default::default(),
            text: String::new(),
        }
    }

    fn read_page(&mut self, file: PathBuf) {
        let id = file
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let mut reader = self.reader(file.clone());
        if !PAGE_IDS.contains(&id.as_str()) {
            reader.problem(
                "",
                format!(
                    "is not a page the site has: pages/ holds {}, each as <id>.md",
                    PAGE_IDS.join(", ")
                ),
            );
            return;
        }
        let Some(page) = reader.page(&id) else {
            return;
        };
        let (assets, pictures) = (reader.assets, reader.pictures);
        // The page's own text, kept so an export gives it back as written.
        let text = std::fs::read_to_string(self.root.join(&file)).unwrap_or_default();
        self.entries.push(Entry {
            file,
            item: Item::Page(page),
            assets,
            pictures,
            text,
        });
    }
}

impl Reader<'_, '_> {
    fn house(&mut self, file: HouseFile) -> House {
        let name = self.required("name", &file.name).trim().to_owned();
        let phone = self.phone(&file.phone);
        let contact = self.email("emails.contact", &file.emails.contact, true);
        let press = self.email("emails.press", &file.emails.press, false);
        let social = self.social(&file.social);
        let utc_offset_minutes = house::utc_offset_minutes(&file.utc_offset).unwrap_or_else(|| {
            self.problem("utc_offset", house::UTC_OFFSET_RULE);
            0
        });
        let time_zone = house::TimeZoneName::parse(&file.time_zone).unwrap_or_else(|| {
            self.problem("time_zone", house::TIME_ZONE_RULE);
            house::TimeZoneName::default()
        });
        let logo = self.optional_picture("logo", &file.logo);
        let preview_picture = self.optional_picture("preview_picture", &file.preview_picture);
        let wording = file.wording.unwrap_or_default();
        House {
            short_name: self.required("short_name", &file.short_name),
            tagline: file.tagline,
            logo,
            preview_picture,
            address: house::Address {
                street: file.address.street,
                city: file.address.city,
                country: file.address.country,
            },
            phone,
            emails: house::Emails { contact, press },
            social,
            hours: file.hours,
            time_zone,
            utc_offset_minutes,
            copyright: file.copyright.unwrap_or_else(|| name.clone()),
            policies: self.policies(file.policies.unwrap_or_default()),
            wording: house::Wording {
                greeting: wording
                    .greeting
                    .unwrap_or_else(|| format!("Welcome to {name}")),
                sign_off: wording.sign_off.unwrap_or_else(|| name.clone()),
                signature: wording.signature.unwrap_or_else(|| vec![name.clone()]),
            },
            name,
            status: Status::Active,
        }
    }

    /// The house's promises, each a whole number of days above zero.
    fn policies(&mut self, file: PoliciesFile) -> house::Policies {
        for (field, days) in [
            (
                "policies.delivery_business_days",
                file.delivery_business_days,
            ),
            ("policies.returns_days", file.returns_days),
        ] {
            if days == Some(0) {
                self.problem(field, "is a number of days above zero");
            }
        }
        house::Policies {
            delivery_business_days: file.delivery_business_days,
            returns_days: file.returns_days,
        }
    }

    fn phone(&mut self, file: &PhoneFile) -> house::Phone {
        if !file.e164.is_empty() && !house::is_e164(&file.e164) {
            self.problem("phone.e164", house::E164_RULE);
        }
        if file.display.trim().is_empty() != file.e164.is_empty() {
            self.problem("phone", "gives both display and e164, or neither");
        }
        house::Phone {
            display: file.display.clone(),
            e164: file.e164.clone(),
        }
    }

    fn email(&mut self, field: &str, value: &str, required: bool) -> String {
        if value.is_empty() && !required {
            return String::new();
        }
        if !house::is_plain_email(value) {
            self.problem(field, format!("{value:?} {}", house::EMAIL_RULE));
        }
        value.to_owned()
    }

    /// The house's social links, each checked to be an https:// address.
    fn social(&mut self, social: &house::Social) -> house::Social {
        for (network, link) in social.links() {
            if let Some(url) = link.as_ref().filter(|url| !house::is_https(url)) {
                self.problem(
                    &format!("social.{network}"),
                    format!("{url:?} {}", house::HTTPS_RULE),
                );
            }
        }
        social.clone()
    }

    fn optional_picture(&mut self, field: &str, path: &str) -> String {
        match path {
            "" => String::new(),
            path => self.picture(field, path),
        }
    }

    /// A page: its front matter and its Markdown, the pictures it names
    /// stored, rendered to sanitised HTML.
    fn page(&mut self, id: &str) -> Option<Page> {
        let text = self.contents()?;
        let Some((front, source)) = split_front_matter(&text) else {
            self.problem("", FRONT_MATTER_RULE);
            return None;
        };
        let front: PageFront = match toml::from_str(front) {
            Ok(front) => front,
            Err(e) => {
                // The front matter starts on the file's second line.
                let line = e.span().map(|s| front[..s.start].matches('\n').count() + 2);
                let message = e.message().trim();
                match line {
                    Some(line) => self.problem("", format!("line {line}: {message}")),
                    None => self.problem("", message.to_owned()),
                }
                return None;
            }
        };
        let filled = self.with_policies(source);
        let (html, pictures) = self.render(&filled);
        Some(Page {
            id: id.into(),
            title: self.required("title", &front.title),
            subtitle: front.subtitle,
            description: front.description,
            html,
            source: source.to_owned(),
            pictures,
            status: Status::Active,
        })
    }

    /// The page's words with the house's policies where it names them by
    /// placeholder (`{return_window}`), so a page cannot promise other
    /// days than the emails and invoices.
    fn with_policies(&mut self, source: &str) -> String {
        let policies = self
            .reading
            .entries
            .iter()
            .find_map(|entry| match &entry.item {
                Item::House(house) => Some(house.policies),
                _ => None,
            })
            .unwrap_or_default();
        policies.fill(source).unwrap_or_else(|placeholder| {
            self.problem(
                "",
                format!("names {placeholder}, a policy house.toml's [policies] does not give"),
            );
            source.to_owned()
        })
    }

    /// Markdown to sanitised HTML, each picture it names by a path in the
    /// folder stored and named by its address.
    fn render(&mut self, source: &str) -> (String, Vec<PagePicture>) {
        let mut pictures: Vec<PagePicture> = Vec::new();
        let events: Vec<Event> = Parser::new_ext(source, Options::ENABLE_TABLES)
            .map(|event| match event {
                Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                }) if !dest_url.contains("://") => {
                    let url = self.picture("body", &dest_url);
                    if !pictures.iter().any(|p| p.path == *dest_url) {
                        pictures.push(PagePicture {
                            path: dest_url.to_string(),
                            url: url.clone(),
                        });
                    }
                    Event::Start(Tag::Image {
                        link_type,
                        dest_url: CowStr::from(url),
                        title,
                        id,
                    })
                }
                event => event,
            })
            .collect();
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, figures(events).into_iter());
        (sanitised(&html), pictures)
    }
}

/// The HTML as product texts may hold it (ammonia's safe defaults), its
/// pictures allowed to load lazily.
fn sanitised(html: &str) -> String {
    ammonia::Builder::default()
        .add_tag_attributes("img", &["loading"])
        .clean(html)
        .to_string()
}

/// A picture with a title (`![alt](path "caption")`) becomes a figure with
/// its caption shown; one without stays a plain picture.
fn figures(events: Vec<Event>) -> Vec<Event> {
    let mut out = Vec::with_capacity(events.len());
    let mut events = events.into_iter();
    while let Some(event) = events.next() {
        let Event::Start(Tag::Image {
            dest_url, title, ..
        }) = &event
        else {
            out.push(event);
            continue;
        };
        if title.is_empty() {
            out.push(event);
            continue;
        }
        let mut alt = String::new();
        for inner in events.by_ref() {
            match inner {
                Event::End(pulldown_cmark::TagEnd::Image) => break,
                Event::Text(text) | Event::Code(text) => alt.push_str(&text),
                _ => {}
            }
        }
        out.push(Event::Html(CowStr::from(format!(
            "<figure><img src=\"{}\" alt=\"{}\" loading=\"lazy\"><figcaption>{}</figcaption></figure>",
            escape(dest_url),
            escape(&alt),
            escape(title)
        ))));
    }
    out
}

const FRONT_MATTER_RULE: &str = "must start with its front matter between two +++ lines: \
     title = \"…\" and description = \"…\", then the page in Markdown";

/// The front matter between the first two `+++` lines, and the Markdown after.
pub fn split_front_matter(text: &str) -> Option<(&str, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text
        .strip_prefix("+++\n")
        .or_else(|| text.strip_prefix("+++\r\n"))?;
    let end = rest.find("\n+++")?;
    let front = &rest[..end + 1];
    let after = &rest[end + 4..];
    let body = after
        .strip_prefix("\r\n")
        .or_else(|| after.strip_prefix('\n'))
        .unwrap_or(after);
    Some((front, body))
}

/// A page's file as the folder writes it: the front matter, then the Markdown.
pub fn page_file(page: &Page) -> String {
    let front = PageFront {
        title: page.title.clone(),
        subtitle: page.subtitle.clone(),
        description: page.description.clone(),
    };
    let front = toml::to_string(&front).unwrap_or_default();
    format!("+++\n{front}+++\n{}", page.source)
}
