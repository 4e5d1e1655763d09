//! The pictures pipeline: each original (JPEG, PNG or WebP, any size) becomes
//! WebP files at the widths the site uses (`shared/picture-sizes.json`), named
//! by the original's hash, so a changed picture gets new addresses and no
//! cache ever serves a stale one. Films (MP4) are stored as they are, named
//! the same way. The original is kept too (`originals/<hash>`, outside what
//! the site serves) so an export gives back the very file that was imported.

use std::io::Cursor;
use std::path::Path;
use std::sync::LazyLock;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The largest original accepted: a photograph, not a camera's raw file.
pub const MAX_PICTURE_BYTES: u64 = 25 * 1024 * 1024;
/// The largest film accepted.
pub const MAX_FILM_BYTES: u64 = 100 * 1024 * 1024;
/// The longest side a picture may have (and so what decoding may allocate).
pub const MAX_SIDE: u32 = 12_000;

/// Where the made pictures live: under `images/`, the prefix CloudFront serves.
const PREFIX: &str = "images/catalog";
const FILM_NAME: &str = "film.mp4";
/// Bumped when what the pipeline makes of an original changes, so every
/// picture gets new addresses.
const PIPELINE: &[u8] = b"pictures-v1";

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sizes {
    widths: Vec<u32>,
    smaller_at_most: f32,
    quality: f32,
}

const SIZES_JSON: &str = include_str!("../../../picture-sizes.json");

static SIZES: LazyLock<Sizes> = LazyLock::new(|| {
    serde_json::from_str(SIZES_JSON)
        .expect("shared/picture-sizes.json holds widths, smallerAtMost and quality")
});

/// A picture or film of the folder, checked and hashed, its bytes left on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    pub hash: String,
    pub form: Form,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Picture {
        format: Format,
        width: u32,
        height: u32,
    },
    Film,
}

/// The formats an original may come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    Png,
    WebP,
}

impl Format {
    fn of(format: ImageFormat) -> Option<Format> {
        match format {
            ImageFormat::Jpeg => Some(Format::Jpeg),
            ImageFormat::Png => Some(Format::Png),
            ImageFormat::WebP => Some(Format::WebP),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Jpeg => "jpg",
            Format::Png => "png",
            Format::WebP => "webp",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Jpeg => "image/jpeg",
            Format::Png => "image/png",
            Format::WebP => "image/webp",
        }
    }
}

/// A file to store: its key, bytes and content type.
pub struct Blob {
    pub key: String,
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
}

/// Reads, checks and hashes the picture at `path`: why not, in words, if it cannot be one.
pub fn picture(path: &Path) -> Result<Asset, String> {
    let bytes = read_at_most(path, MAX_PICTURE_BYTES)?;
    let (format, width, height) = inspect(&bytes)?;
    Ok(Asset {
        hash: hash(b"picture", &bytes),
        form: Form::Picture {
            format,
            width,
            height,
        },
    })
}

/// Reads, checks and hashes the film at `path`.
pub fn film(path: &Path) -> Result<Asset, String> {
    let bytes = read_at_most(path, MAX_FILM_BYTES)?;
    if bytes.get(4..8) != Some(b"ftyp") {
        return Err("is not an MP4 film".into());
    }
    Ok(Asset {
        hash: hash(b"film", &bytes),
        form: Form::Film,
    })
}

fn read_at_most(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let size = std::fs::metadata(path)
        .map_err(|_| "names no file beside the item".to_string())?
        .len();
    if size > limit {
        return Err(format!(
            "is {:.1} MB; it may be at most {} MB",
            size as f64 / 1_048_576.0,
            limit / 1_048_576
        ));
    }
    std::fs::read(path).map_err(|e| format!("cannot be read: {e}"))
}

/// The name of what the pipeline makes of `bytes`: their digest with the
/// pipeline's version and settings, so new settings give new addresses too.
fn hash(what: &[u8], bytes: &[u8]) -> String {
    let mut digest = Sha256::new();
    digest.update(PIPELINE);
    digest.update(SIZES_JSON);
    digest.update(what);
    digest.update(bytes);
    digest.finalize()[..10]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits
}

/// The format and upright size of an original, from its header alone.
fn inspect(bytes: &[u8]) -> Result<(Format, u32, u32), String> {
    const NOT_A_PICTURE: &str = "is not a JPEG, PNG or WebP picture";
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| NOT_A_PICTURE.to_string())?;
    let format = reader
        .format()
        .and_then(Format::of)
        .ok_or_else(|| NOT_A_PICTURE.to_string())?;
    reader.limits(limits());
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| format!("is not a readable picture: {e}"))?;
    let (width, height) = decoder.dimensions();
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "is {width}×{height} pixels; a side may be at most {MAX_SIDE}"
        ));
    }
    let turned = decoder.orientation().is_ok_and(|o| {
        use image::metadata::Orientation::*;
        matches!(o, Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH)
    });
    Ok(if turned {
        (format, height, width)
    } else {
        (format, width, height)
    })
}

impl Asset {
    /// The key of what a record links to: the largest picture, or the film.
    pub fn key(&self) -> String {
        match self.form {
            Form::Picture { width, .. } => variant_key(&self.hash, largest(width)),
            Form::Film => format!("{PREFIX}/{}/{FILM_NAME}", self.hash),
        }
    }

    /// Every key this asset is stored under.
    pub fn keys(&self) -> Vec<String> {
        match self.form {
            Form::Picture { width, .. } => widths(width)
                .into_iter()
                .map(|w| variant_key(&self.hash, w))
                .chain([original_key(&self.hash)])
                .collect(),
            Form::Film => vec![self.key()],
        }
    }

    /// What is stored under `keys`, made from the original's `bytes`.
    pub fn blobs(&self, bytes: Vec<u8>, keys: &[String]) -> Result<Vec<Blob>, String> {
        let Form::Picture { format, width, .. } = self.form else {
            return Ok(vec![Blob {
                key: self.key(),
                bytes,
                content_type: "video/mp4",
            }]);
        };
        let mut blobs = Vec::new();
        // Each width is made from the one above it, largest first: a quarter
        // of the pixels to resample each time, not the whole original.
        let mut larger: Option<DynamicImage> = None;
        for w in widths(width) {
            let key = variant_key(&self.hash, w);
            let wanted = keys.contains(&key);
            let made = if format == Format::WebP && w == width {
                wanted.then(|| bytes.clone())
            } else {
                let source = match larger.take() {
                    Some(image) => image,
                    None => decode(&bytes)?,
                };
                let sized = resized(source, w);
                let made = wanted.then(|| webp(&sized));
                larger = Some(sized);
                made
            };
            if let Some(made) = made {
                blobs.push(Blob {
                    key,
                    bytes: made,
                    content_type: "image/webp",
                });
            }
        }
        let original = original_key(&self.hash);
        if keys.contains(&original) {
            blobs.push(Blob {
                key: original,
                bytes,
                content_type: format.content_type(),
            });
        }
        Ok(blobs)
    }
}

/// The widths a picture `width` pixels wide is made in, largest first.
pub fn widths(width: u32) -> Vec<u32> {
    let top = largest(width);
    let mut widths = vec![top];
    widths.extend(
        SIZES
            .widths
            .iter()
            .rev()
            .copied()
            .filter(|&w| (w as f32) <= top as f32 * SIZES.smaller_at_most),
    );
    widths
}

fn largest(width: u32) -> u32 {
    let widest = SIZES.widths.iter().copied().max().unwrap_or(width);
    width.min(widest)
}

fn variant_key(hash: &str, width: u32) -> String {
    format!("{PREFIX}/{hash}/{width}.webp")
}

fn original_key(hash: &str) -> String {
    format!("originals/{hash}")
}

/// Where the original of a made picture or film is kept, given the key a
/// record links to; `None` for a key the pipeline did not make.
pub fn original_of(key: &str) -> Option<String> {
    let rest = key.strip_prefix(PREFIX)?.strip_prefix('/')?;
    let (hash, name) = rest.split_once('/')?;
    if name == FILM_NAME {
        return Some(key.to_owned());
    }
    name.strip_suffix(".webp")?.parse::<u32>().ok()?;
    Some(original_key(hash))
}

/// The file extension of stored bytes: the picture's format, or `mp4`.
pub fn extension_of(bytes: &[u8]) -> &'static str {
    if bytes.get(4..8) == Some(b"ftyp") {
        return "mp4";
    }
    image::guess_format(bytes)
        .ok()
        .and_then(Format::of)
        .map_or("bin", Format::extension)
}

fn decode(bytes: &[u8]) -> Result<DynamicImage, String> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?;
    reader.limits(limits());
    let mut decoder = reader.into_decoder().map_err(|e| e.to_string())?;
    let orientation = decoder.orientation().map_err(|e| e.to_string())?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| e.to_string())?;
    image.apply_orientation(orientation);
    Ok(image)
}

/// The picture `width` pixels wide, its height in proportion.
fn resized(image: DynamicImage, width: u32) -> DynamicImage {
    if width == image.width() {
        return image;
    }
    let height = ((image.height() as u64 * width as u64 + image.width() as u64 / 2)
        / image.width().max(1) as u64)
        .max(1) as u32;
    image.resize_exact(width, height, image::imageops::FilterType::Lanczos3)
}

/// The picture as lossy WebP, at the quality of shared/picture-sizes.json.
fn webp(image: &DynamicImage) -> Vec<u8> {
    let (width, height) = (image.width(), image.height());
    let encoded = if image.color().has_alpha() {
        webp::Encoder::from_rgba(&image.to_rgba8(), width, height).encode(SIZES.quality)
    } else {
        webp::Encoder::from_rgb(&image.to_rgb8(), width, height).encode(SIZES.quality)
    };
    encoded.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_made_at_its_width_and_the_ladder_below_it() {
        assert_eq!(widths(4000), [1920, 1280, 640, 320]);
        assert_eq!(widths(1600), [1600, 640, 320]);
        assert_eq!(widths(1200), [1200, 640, 320]);
        assert_eq!(widths(800), [800, 320]);
        assert_eq!(widths(427), [427, 320]);
        assert_eq!(widths(420), [420]);
        assert_eq!(widths(300), [300]);
    }

    #[test]
    fn only_the_pipelines_keys_have_originals() {
        assert_eq!(
            original_of("images/catalog/ab12/640.webp").as_deref(),
            Some("originals/ab12")
        );
        assert_eq!(
            original_of("images/catalog/ab12/film.mp4").as_deref(),
            Some("images/catalog/ab12/film.mp4")
        );
        assert_eq!(original_of("images/products/p1.webp"), None);
        assert_eq!(original_of("images/catalog/ab12/x.webp"), None);
    }
}
