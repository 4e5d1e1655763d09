//! The seed's pictures. `imagery` draws each one as SVG; the seed stores the
//! photograph made from that drawing: a WebP of the same name under
//! `shopctl/art/images`, made by `make art` and committed. A browser builds a
//! whole document on its main thread for every SVG image it shows, and decodes
//! a WebP off it, as it would a real house's photographs. The drawings
//! themselves (`shopctl seed --drawings`) are what `make art` and `make films`
//! start from.

use include_dir::{include_dir, Dir};

use crate::seed::SeedError;

static PHOTOGRAPHS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/art/images");

/// Which form of its pictures the seed stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Artwork {
    /// The committed WebP photographs: what shoppers see.
    Photographs,
    /// The SVG drawings they are made from.
    Drawings,
}

/// A picture as the blobs store it.
pub struct Picture {
    pub key: String,
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
}

impl Artwork {
    /// The blob key of the picture `name` (such as `banners/banner-1`).
    pub fn key(self, name: &str) -> String {
        match self {
            Self::Photographs => format!("images/{name}.webp"),
            Self::Drawings => format!("images/{name}.svg"),
        }
    }

    /// The picture `name`, given its drawing.
    pub fn picture(self, name: &str, drawing: String) -> Result<Picture, SeedError> {
        let key = self.key(name);
        let (bytes, content_type) = match self {
            Self::Drawings => (drawing.into_bytes(), "image/svg+xml"),
            Self::Photographs => (photograph(name)?.to_vec(), "image/webp"),
        };
        Ok(Picture {
            key,
            bytes,
            content_type,
        })
    }
}

/// The committed photograph of `name`.
fn photograph(name: &str) -> Result<&'static [u8], SeedError> {
    PHOTOGRAPHS
        .get_file(format!("{name}.webp"))
        .map(|file| file.contents())
        .ok_or_else(|| {
            format!("no photograph of {name} in shared/shopctl/art: run `make art`").into()
        })
}

/// The names of every committed photograph, for the check that each is used.
pub fn photographed() -> Vec<String> {
    fn walk(dir: &Dir<'_>, names: &mut Vec<String>) {
        for file in dir.files() {
            let path = file.path().to_string_lossy();
            names.push(path.trim_end_matches(".webp").to_owned());
        }
        for sub in dir.dirs() {
            walk(sub, names);
        }
    }
    let mut names = Vec::new();
    walk(&PHOTOGRAPHS, &mut names);
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_photograph_is_a_webp_named_after_its_drawing() {
        let picture = Artwork::Photographs
            .picture("banners/banner-1", String::new())
            .expect("committed");
        assert_eq!(picture.key, "images/banners/banner-1.webp");
        assert_eq!(picture.content_type, "image/webp");
        assert_eq!(&picture.bytes[..4], b"RIFF");
        assert_eq!(&picture.bytes[8..12], b"WEBP");
    }

    #[test]
    fn a_drawing_is_stored_as_drawn() {
        let picture = Artwork::Drawings
            .picture("banners/banner-1", "<svg/>".into())
            .expect("drawn");
        assert_eq!(picture.key, "images/banners/banner-1.svg");
        assert_eq!(picture.content_type, "image/svg+xml");
        assert_eq!(picture.bytes, b"<svg/>");
    }

    #[test]
    fn a_picture_never_made_names_the_command_that_makes_it() {
        let error = Artwork::Photographs
            .picture("banners/banner-99", String::new())
            .err()
            .expect("not committed")
            .to_string();
        assert_eq!(
            error,
            "no photograph of banners/banner-99 in shared/shopctl/art: run `make art`"
        );
    }
}
