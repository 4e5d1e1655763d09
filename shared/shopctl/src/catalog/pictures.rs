//! The pictures pipeline: each original (JPEG, PNG or WebP, any size up to
//! the limits below) is read once, decoded whole to prove it is whole, and
//! becomes WebP files at the widths the site uses
//! (`shared/picture-sizes.json`), in sRGB, upright, and with none of the
//! original's metadata (EXIF, GPS, XMP, colour profile), named by the
//! original's hash, so a changed picture gets new addresses and no cache ever
//! serves a stale one. Films (MP4) are stored as they are, named the same
//! way. The original is kept too (`originals/<hash>`, outside what the site
//! serves) so an export gives back the very file that was imported. What is
//! stored is made from the bytes that were checked, never from a second read.

mod colour;
mod file;
mod film;
mod jpeg;

use std::fmt;
use std::io::Cursor;
use std::path::Path;
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// The largest original accepted: a photograph, not a camera's raw file.
pub const MAX_PICTURE_BYTES: u64 = 25 * 1024 * 1024;
/// The largest film accepted.
pub const MAX_FILM_BYTES: u64 = 100 * 1024 * 1024;
/// The longest side a picture may have.
pub const MAX_SIDE: u32 = 12_000;
/// The most pixels a picture may have: a 50-megapixel camera's. A few
/// hundred kilobytes of PNG can say 12000 × 12000 pixels, 576 MB once open.
pub const MAX_PIXELS: u64 = 50_000_000;
/// The most a picture may take once open (50 megapixels of 8-bit RGBA), so
/// a 16-bit picture may have half the pixels.
const MAX_OPEN_BYTES: u64 = MAX_PIXELS * 4;
/// The megapixels made into WebP at once during an import, so memory is
/// bounded whatever the folder holds: a camera's photograph beside a smaller
/// one (two cores busy), many small ones, or one larger alone. A picture
/// takes its decoded pixels, then the resampler's floating-point rows for
/// its largest width (16 bytes a pixel): 30 photographs of up to 20
/// megapixels peaked at 790 MB (1.1 GB when 8 were made at once).
pub const MEGAPIXELS_AT_ONCE: u32 = 32;

/// Where the made pictures live: under `images/`, the prefix CloudFront serves.
const PREFIX: &str = "images/catalog";
const FILM_NAME: &str = "film.mp4";
/// Bumped when what the pipeline makes of an original changes, so every
/// picture gets new addresses (v2: sRGB, every width re-encoded).
const PIPELINE: &[u8] = b"pictures-v2";

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sizes {
    widths: Vec<u32>,
    smaller_at_most: f32,
    quality: f32,
    full_width: String,
}

const SIZES_JSON: &str = include_str!("../../../picture-sizes.json");

static SIZES: LazyLock<Sizes> = LazyLock::new(|| {
    serde_json::from_str(SIZES_JSON)
        .expect("shared/picture-sizes.json holds widths, smallerAtMost, quality and fullWidth")
});

/// The sizes of a picture as wide as the window, as the site's `<img>` says.
pub fn full_width_sizes() -> &'static str {
    &SIZES.full_width
}

/// A picture or film of the folder, checked and hashed, with the very bytes
/// that were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    pub hash: String,
    pub form: Form,
    pub original: Original,
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

/// The bytes of a file as read from the folder, once.
#[derive(Clone, PartialEq, Eq)]
pub struct Original(Arc<[u8]>);

impl fmt::Debug for Original {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Original({} bytes)", self.0.len())
    }
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

/// Checking a picture that takes longer than this says so on stderr, so a
/// folder of large photographs is not checked in silence.
const SAY_AFTER: Duration = Duration::from_millis(250);

/// Reads, decodes and hashes the picture at `inside` (a path in the folder
/// at `root`): why not, in words, if it cannot be one.
pub fn picture(root: &Path, inside: &Path) -> Result<Asset, String> {
    let bytes = file::read(root, inside, MAX_PICTURE_BYTES)?;
    let started = Instant::now();
    let (format, width, height) = check(&bytes)?;
    let took = started.elapsed();
    if took >= SAY_AFTER {
        eprintln!(
            "checked {} ({width}×{height}) {:.1} s",
            inside.display(),
            took.as_secs_f32()
        );
    }
    Ok(Asset {
        hash: hash(b"picture", &bytes),
        form: Form::Picture {
            format,
            width,
            height,
        },
        original: Original(bytes.into()),
    })
}

/// Reads, checks and hashes the film at `inside` (a path in the folder at `root`).
pub fn film(root: &Path, inside: &Path) -> Result<Asset, String> {
    let bytes = file::read(root, inside, MAX_FILM_BYTES)?;
    film::check(&bytes)?;
    Ok(Asset {
        hash: hash(b"film", &bytes),
        form: Form::Film,
        original: Original(bytes.into()),
    })
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

/// The decoder's own caps, behind the checks of [`refuse_too_large`]: no
/// side longer, and no allocation larger, than a picture may need.
fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(2 * MAX_OPEN_BYTES);
    limits
}

const NOT_A_PICTURE: &str = "is not a JPEG, PNG or WebP picture";

/// A decoder of the picture `bytes`, its format and size checked from its
/// header alone, before anything is allocated for its pixels.
fn decoder(bytes: &[u8]) -> Result<(Format, impl ImageDecoder + '_), String> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| NOT_A_PICTURE.to_string())?;
    let format = reader
        .format()
        .and_then(Format::of)
        .ok_or_else(|| NOT_A_PICTURE.to_string())?;
    // The header alone first, uncapped, to name the size against the limits.
    reader.no_limits();
    let mut decoder = reader.into_decoder().map_err(|e| damaged(&e))?;
    let (width, height) = decoder.dimensions();
    refuse_too_large(width, height, decoder.total_bytes())?;
    decoder.set_limits(limits()).map_err(|e| damaged(&e))?;
    Ok((format, decoder))
}

/// The size limits, in words that name the picture's size and the limit.
fn refuse_too_large(width: u32, height: u32, open_bytes: u64) -> Result<(), String> {
    let size = format!("is {width} × {height} pixels");
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!("{size}; the limit is {MAX_SIDE} pixels a side"));
    }
    let pixels = width as u64 * height as u64;
    if pixels > MAX_PIXELS {
        return Err(format!(
            "{size} ({:.0} megapixels); the limit is {} megapixels",
            pixels as f64 / 1e6,
            MAX_PIXELS / 1_000_000
        ));
    }
    if open_bytes > MAX_OPEN_BYTES {
        return Err(format!(
            "{size} of 16 bits a colour, {} MB once open; the limit is {} MB \
             (save it with 8 bits a colour)",
            open_bytes / 1_000_000,
            MAX_OPEN_BYTES / 1_000_000
        ));
    }
    Ok(())
}

fn damaged(error: &dyn fmt::Display) -> String {
    format!("is damaged or incomplete ({error}): copy it again from the original")
}

const CUT_SHORT: &str = "is incomplete: the file ends before the picture does \
                         (it was copied only in part?); copy it again from the original";

/// The format and upright size of the picture `bytes`, once all of it is
/// decoded: a picture cut short or damaged is refused here, not published grey.
fn check(bytes: &[u8]) -> Result<(Format, u32, u32), String> {
    let (format, mut decoder) = decoder(bytes)?;
    if format == Format::Jpeg && !jpeg::is_whole(bytes) {
        return Err(CUT_SHORT.into());
    }
    let (width, height) = decoder.dimensions();
    let turned = decoder.orientation().is_ok_and(|o| {
        use image::metadata::Orientation::*;
        matches!(o, Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH)
    });
    DynamicImage::from_decoder(decoder).map_err(|e| damaged(&e))?;
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

    /// What is stored under `keys`, made from the bytes that were checked.
    pub fn blobs(&self, keys: &[String]) -> Result<Vec<Blob>, String> {
        let bytes = &self.original.0;
        let Form::Picture { format, width, .. } = self.form else {
            return Ok(vec![Blob {
                key: self.key(),
                bytes: bytes.to_vec(),
                content_type: "video/mp4",
            }]);
        };
        let mut blobs = Vec::new();
        let wanted = |w: &u32| keys.contains(&variant_key(&self.hash, *w));
        if widths(width).iter().any(wanted) {
            // Each width is made from the one above it, largest first: a
            // quarter of the pixels to resample each time, not the whole
            // original. Every one is encoded anew, so none carries the
            // original's metadata.
            let mut larger = open(bytes)?;
            for w in widths(width) {
                larger = resized(larger, w);
                if wanted(&w) {
                    blobs.push(Blob {
                        key: variant_key(&self.hash, w),
                        bytes: webp(&larger),
                        content_type: "image/webp",
                    });
                }
            }
        }
        let original = original_key(&self.hash);
        if keys.contains(&original) {
            blobs.push(Blob {
                key: original,
                bytes: bytes.to_vec(),
                content_type: format.content_type(),
            });
        }
        Ok(blobs)
    }

    /// How much of [`MEGAPIXELS_AT_ONCE`] making this asset takes.
    pub fn megapixels(&self) -> u32 {
        match self.form {
            Form::Picture { width, height, .. } => {
                let megapixels = (width as u64 * height as u64).div_ceil(1_000_000) as u32;
                megapixels.clamp(1, MEGAPIXELS_AT_ONCE)
            }
            Form::Film => 1,
        }
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

/// The checked picture `bytes`, upright and in sRGB.
fn open(bytes: &[u8]) -> Result<DynamicImage, String> {
    let (_, mut decoder) = decoder(bytes)?;
    let orientation = decoder.orientation().map_err(|e| damaged(&e))?;
    let profile = decoder.icc_profile().ok().flatten();
    let image = DynamicImage::from_decoder(decoder).map_err(|e| damaged(&e))?;
    let mut image = colour::to_srgb(image, profile.as_deref());
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
