//! JPEG files as a camera writes them, for the picture tests and the
//! `photo-season` example: a picture with an ICC profile and EXIF, if any.

use image::codecs::jpeg::JpegEncoder;
use image::{ImageEncoder, RgbImage};

/// The EXIF orientation entry that says to show the picture turned 90° right.
pub const TURNED_RIGHT: (u16, u16, u32, [u8; 4]) = (0x0112, 3, 1, [0, 6, 0, 0]);

/// `picture` as a JPEG of `quality`, carrying `icc` and `exif` when not empty.
pub fn encode(picture: &RgbImage, quality: u8, icc: &[u8], exif: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut bytes, quality);
    if !icc.is_empty() {
        encoder.set_icc_profile(icc.to_vec()).unwrap();
    }
    if !exif.is_empty() {
        encoder.set_exif_metadata(exif.to_vec()).unwrap();
    }
    encoder
        .write_image(
            picture.as_raw(),
            picture.width(),
            picture.height(),
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    bytes
}

/// EXIF (TIFF, big-endian) with its first directory's `entries`, each a tag,
/// a type, a count and a value or offset, then the bytes `after` it.
pub fn exif(entries: &[(u16, u16, u32, [u8; 4])], after: &[u8]) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend((entries.len() as u16).to_be_bytes());
    for (tag, kind, count, value) in entries {
        tiff.extend(tag.to_be_bytes());
        tiff.extend(kind.to_be_bytes());
        tiff.extend(count.to_be_bytes());
        tiff.extend(value);
    }
    tiff.extend([0, 0, 0, 0]);
    tiff.extend(after);
    tiff
}
