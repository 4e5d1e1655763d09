//! The house's pages (About, Made to order, FAQ, Contact, Privacy, Terms,
//! the size guide): written in Markdown in the catalogue folder, rendered to
//! sanitised HTML when imported. A page the house does not give is absent,
//! and the site hides its link.

use serde::{Deserialize, Serialize};

use crate::catalog::{Kind, Listed, Status};
use crate::ports::Key;
use crate::records::Record;

/// The pages the site has a place for, by id (their file: `pages/<id>.md`).
pub const PAGE_IDS: [&str; 7] = [
    "about",
    "made-to-order",
    "faq",
    "contact",
    "privacy",
    "terms",
    "size-guide",
];

pub const PAGE_NOT_FOUND: &str = "Page not found.";

/// A page as stored: what the site shows, and what the folder said, so an
/// export gives the house back its own text and pictures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    pub id: String,
    pub title: String,
    /// A line under the title; empty for none.
    pub subtitle: String,
    pub description: String,
    /// The body as sanitised HTML, the pictures at their stored addresses.
    pub html: String,
    /// The body as the house wrote it (Markdown).
    pub source: String,
    /// Each picture the body names, by the path it names it by.
    pub pictures: Vec<PagePicture>,
    pub status: Status,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PagePicture {
    /// As the Markdown names it, relative to the page's file.
    pub path: String,
    pub url: String,
}

/// A page in the list of pages: what a link to it needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageSummary {
    pub id: String,
    pub title: String,
    pub description: String,
    pub status: Status,
}

/// One page as the site shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageAnswer {
    pub id: String,
    pub title: String,
    pub subtitle: String,
    pub description: String,
    /// The body: sanitised HTML.
    pub html: String,
    pub status: Status,
}

impl Page {
    pub fn summary(&self) -> PageSummary {
        PageSummary {
            id: self.id.clone(),
            title: self.title.clone(),
            description: self.description.clone(),
            status: self.status,
        }
    }

    pub fn answer(self) -> PageAnswer {
        PageAnswer {
            id: self.id,
            title: self.title,
            subtitle: self.subtitle,
            description: self.description,
            html: self.html,
            status: self.status,
        }
    }
}

impl Listed for Page {
    const KIND: Kind = Kind::Page;
    fn id(&self) -> &str {
        &self.id
    }
}

impl Record for Page {
    fn key(&self) -> Key {
        Kind::Page.key(&self.id)
    }
}
