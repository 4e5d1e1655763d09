//! The published catalogue: each list route's answer, rendered once when an
//! operator publishes the catalogue (`shopctl catalog import`, `shopctl publish`) and
//! stored as a document the route serves byte for byte, plus a version that
//! changes whenever any document does. Reading a list then costs one Query of
//! a few items instead of a Query of a whole kind and its serialisation.
//!
//! | item | pk | sk | holds |
//! |---|---|---|---|
//! | document part | `CATALOG#DOCUMENT` | `<name>#<part>` | the version, the part count, the answer's status and a slice of its body |
//! | version | `CATALOG#DOCUMENT` | `version` | the version of the documents as a whole |
//!
//! A document larger than one item (400 KB) is split into parts that a
//! single Query reads back. Parts are overwritten in place, so a reader that
//! meets parts of two versions (a publish under way) sees a torn document and
//! renders the answer itself instead.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::ports::{Condition, Key, Query, Table, TableError};
use crate::records::Record;
use crate::timestamp::Timestamp;

const PARTITION: &str = "CATALOG#DOCUMENT";
const VERSION_SK: &str = "version";

/// The body bytes one part holds: under DynamoDB's 400 KB item limit with
/// room for the keys and the other attributes.
pub const PART_BYTES: usize = 350_000;

/// The list answers that are rendered when the catalogue is published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Document {
    Menus,
    Categories,
    Products,
    Collections,
    Runways,
    FeaturedRunway,
    Banners,
    News,
    House,
    Pages,
}

impl Document {
    pub const ALL: [Document; 10] = [
        Document::Menus,
        Document::Categories,
        Document::Products,
        Document::Collections,
        Document::Runways,
        Document::FeaturedRunway,
        Document::Banners,
        Document::News,
        Document::House,
        Document::Pages,
    ];

    /// The route whose answer the document is.
    pub fn path(self) -> &'static str {
        match self {
            Document::Menus => "/api/menus",
            Document::Categories => "/api/categories",
            Document::Products => "/api/products",
            Document::Collections => "/api/collections",
            Document::Runways => "/api/runways",
            Document::FeaturedRunway => "/api/runways/featured",
            Document::Banners => "/api/banners",
            Document::News => "/api/news",
            Document::House => "/api/house",
            Document::Pages => "/api/pages",
        }
    }

    fn name(self) -> &'static str {
        self.path().trim_start_matches("/api/")
    }
}

/// A route's answer as rendered: its status and its JSON body.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub status: u16,
    pub body: String,
}

/// A published document read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    pub version: String,
    pub answer: Rendered,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Part {
    document: String,
    index: usize,
    count: usize,
    version: String,
    status: u16,
    body: String,
}

impl Record for Part {
    fn key(&self) -> Key {
        part_key(&self.document, self.index)
    }
}

fn part_key(document: &str, index: usize) -> Key {
    Key::new(PARTITION, format!("{document}#{index:03}"))
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Version {
    version: String,
    published_at: Timestamp,
}

impl Record for Version {
    fn key(&self) -> Key {
        Key::new(PARTITION, VERSION_SK)
    }
}

/// The version of a set of answers: a digest of all of them, so publishing
/// an unchanged catalogue changes nothing a cache holds.
pub fn version_of(documents: &[(Document, Rendered)]) -> String {
    let mut digest = Sha256::new();
    for (document, answer) in documents {
        digest.update(document.name());
        digest.update(answer.status.to_be_bytes());
        digest.update((answer.body.len() as u64).to_be_bytes());
        digest.update(&answer.body);
    }
    hex(&digest.finalize()[..12])
}

/// A strong entity tag for a body: its digest, quoted.
pub fn etag_of(body: &[u8]) -> String {
    format!("\"{}\"", hex(&Sha256::digest(body)[..12]))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Splits a body into parts of at most `limit` bytes, on character boundaries.
fn split(body: &str, limit: usize) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = body;
    while rest.len() > limit {
        let mut at = limit;
        while !rest.is_char_boundary(at) {
            at -= 1;
        }
        let (head, tail) = rest.split_at(at);
        parts.push(head);
        rest = tail;
    }
    parts.push(rest);
    parts
}

/// Stores the documents, then the version that names them, and removes the
/// parts a shrunken document no longer has. Answers the version.
pub async fn publish(
    table: &dyn Table,
    documents: &[(Document, Rendered)],
    now: Timestamp,
) -> Result<String, TableError> {
    let version = version_of(documents);
    let stale = table
        .read_items(Query::partition(PARTITION))
        .await?
        .into_iter()
        .filter_map(|item| crate::records::decode::<Part>(item).ok());
    let mut kept = std::collections::HashSet::new();
    for (document, answer) in documents {
        let parts = split(&answer.body, PART_BYTES);
        let count = parts.len();
        for (index, body) in parts.into_iter().enumerate() {
            let part = Part {
                document: document.name().into(),
                index,
                count,
                version: version.clone(),
                status: answer.status,
                body: body.into(),
            };
            kept.insert(part.key());
            table
                .write(&part, Condition::None)
                .await?
                .or(TableError::ConditionFailed)?;
        }
    }
    let version_item = Version {
        version: version.clone(),
        published_at: now,
    };
    table
        .write(&version_item, Condition::None)
        .await?
        .or(TableError::ConditionFailed)?;
    for part in stale.filter(|p| !kept.contains(&p.key())) {
        table
            .erase(&part.key(), Condition::None)
            .await?
            .or(TableError::ConditionFailed)?;
    }
    Ok(version)
}

/// The version of the published catalogue, if it was ever published.
pub async fn current_version(table: &dyn Table) -> Result<Option<String>, TableError> {
    let key = Key::new(PARTITION, VERSION_SK);
    Ok(table.read::<Version>(&key).await?.map(|v| v.version))
}

/// A published document: one Query of its parts. `None` when it was never
/// published or is torn by a publish under way.
pub async fn read(table: &dyn Table, document: Document) -> Result<Option<Published>, TableError> {
    let query = Query::partition(PARTITION).begins_with(format!("{}#", document.name()));
    let mut parts: Vec<Part> = table.read_all(query).await?;
    parts.sort_by_key(|p| p.index);
    Ok(assemble(parts))
}

/// The parts of one version, in order, joined; parts past the count are
/// leftovers of a longer version that the publish under way will remove.
fn assemble(mut parts: Vec<Part>) -> Option<Published> {
    let (version, status, count) = parts
        .first()
        .map(|p| (p.version.clone(), p.status, p.count))?;
    parts.retain(|p| p.index < count);
    let whole = parts.len() == count
        && parts
            .iter()
            .enumerate()
            .all(|(i, p)| p.index == i && p.version == version && p.status == status);
    if !whole {
        return None;
    }
    let body = parts.into_iter().map(|p| p.body).collect::<String>();
    Some(Published {
        version,
        answer: Rendered { status, body },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(index: usize, count: usize, version: &str, body: &str) -> Part {
        Part {
            document: "products".into(),
            index,
            count,
            version: version.into(),
            status: 200,
            body: body.into(),
        }
    }

    #[test]
    fn bodies_split_on_character_boundaries_and_join_back() {
        let body = "ảb".repeat(10);
        let parts = split(&body, 4);
        assert!(parts.iter().all(|p| p.len() <= 4 && !p.is_empty()));
        assert_eq!(parts.concat(), body);
        assert_eq!(split("short", PART_BYTES), ["short"]);
    }

    #[test]
    fn parts_of_one_version_make_a_document() {
        let published = assemble(vec![part(0, 2, "v1", "[1,"), part(1, 2, "v1", "2]")]).unwrap();
        assert_eq!(published.answer.body, "[1,2]");
        assert_eq!(published.version, "v1");
    }

    #[test]
    fn torn_or_missing_parts_make_no_document_and_leftovers_are_ignored() {
        assert_eq!(assemble(vec![]), None);
        assert_eq!(
            assemble(vec![part(0, 2, "v2", "[1,"), part(1, 2, "v1", "2]")]),
            None
        );
        assert_eq!(assemble(vec![part(0, 2, "v1", "[1,")]), None);
        let shrunk = assemble(vec![part(0, 1, "v1", "[]"), part(1, 2, "v0", "x")]).unwrap();
        assert_eq!(shrunk.answer.body, "[]");
    }

    #[test]
    fn the_version_follows_the_answers() {
        let answers = |body: &str| {
            vec![(
                Document::Products,
                Rendered {
                    status: 200,
                    body: body.into(),
                },
            )]
        };
        assert_eq!(version_of(&answers("[]")), version_of(&answers("[]")));
        assert_ne!(version_of(&answers("[]")), version_of(&answers("[1]")));
        assert_eq!(etag_of(b"[]").len(), 26);
    }

    #[test]
    fn each_document_names_its_route() {
        assert_eq!(Document::FeaturedRunway.name(), "runways/featured");
        assert_eq!(Document::Products.path(), "/api/products");
    }
}
