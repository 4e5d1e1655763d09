//! The house written back: `house.toml` with its pictures beside it, and
//! each page as the Markdown the house wrote, its pictures at the paths it
//! named them by.

use domain::house::{utc_offset_text, House, Page};

use super::super::folder::{page_file, HOUSE_FILE, PAGES};
use super::super::house_files::*;
use super::{folder_of, write_file, Item, Writer};
use crate::cli::CliError;

/// The folder an item's file is in (relative to the export's root) and its name.
pub fn file_of(item: &Item) -> (&'static str, String) {
    match item {
        Item::House(_) => ("", HOUSE_FILE.into()),
        Item::Page(page) => (PAGES, format!("{}.md", page.id)),
        item => (folder_of(item.kind()).0, format!("{}.toml", item.id())),
    }
}

impl Writer<'_> {
    pub(super) async fn house(&mut self, h: &House) -> Result<HouseFile, CliError> {
        let logo = self.optional_picture(&h.logo, "logo").await?;
        let preview_picture = self.optional_picture(&h.preview_picture, "preview").await?;
        Ok(HouseFile {
            name: h.name.clone(),
            short_name: h.short_name.clone(),
            tagline: h.tagline.clone(),
            logo,
            preview_picture,
            hours: h.hours.clone(),
            time_zone: h.time_zone.as_str().to_owned(),
            utc_offset: utc_offset_text(h.utc_offset_minutes),
            copyright: Some(h.copyright.clone()),
            address: AddressFile {
                street: h.address.street.clone(),
                city: h.address.city.clone(),
                country: h.address.country.clone(),
            },
            phone: PhoneFile {
                display: h.phone.display.clone(),
                e164: h.phone.e164.clone(),
            },
            emails: EmailsFile {
                contact: h.emails.contact.clone(),
                press: h.emails.press.clone(),
            },
            social: h.social.clone(),
            wording: Some(WordingFile {
                greeting: Some(h.wording.greeting.clone()),
                sign_off: Some(h.wording.sign_off.clone()),
                signature: Some(h.wording.signature.clone()),
            }),
            policies: (h.policies != Default::default()).then_some(PoliciesFile {
                delivery_business_days: h.policies.delivery_business_days,
                returns_days: h.policies.returns_days,
            }),
        })
    }

    async fn optional_picture(&mut self, url: &str, name: &str) -> Result<String, CliError> {
        match url {
            "" => Ok(String::new()),
            url => self.picture(url, name).await,
        }
    }

    /// The page's file; its pictures written where its Markdown names them.
    pub(super) async fn page(&mut self, page: &Page) -> Result<String, CliError> {
        for picture in &page.pictures {
            let bytes = self.original_bytes(&picture.url).await?;
            write_file(&self.dir.join(&picture.path), &bytes)?;
            self.pictures += 1;
        }
        Ok(page_file(page))
    }
}
