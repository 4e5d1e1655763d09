//! Colour profiles: a photograph tagged with its own (Adobe RGB, Display P3)
//! is converted to sRGB, the colour space every browser assumes of a picture
//! without one, since the published WebP carries no profile. Without the
//! conversion an Adobe RGB photograph shows washed out.

use image::DynamicImage;
use moxcms::{ColorProfile, Layout, TransformOptions};

/// Pixels converted at a time: the conversion needs a copy of what it
/// converts, and this keeps the copy small.
const CHUNK: usize = 3 * 4 * 16_384;

/// `image` in sRGB, given the ICC profile its file carried. A profile that
/// cannot be read or converted from (a printer's CMYK, a grey one) leaves
/// the picture as it is, which is what a browser shows of it.
pub fn to_srgb(image: DynamicImage, profile: Option<&[u8]>) -> DynamicImage {
    let Some(profile) = profile.and_then(|p| ColorProfile::new_from_slice(p).ok()) else {
        return image;
    };
    let srgb = ColorProfile::new_srgb();
    let options = TransformOptions::default();
    if image.color().has_alpha() {
        let mut pixels = image.into_rgba8();
        let Ok(transform) =
            profile.create_transform_8bit(Layout::Rgba, &srgb, Layout::Rgba, options)
        else {
            return pixels.into();
        };
        convert_in_chunks(&mut pixels, |from, to| {
            transform.transform(from, to).is_ok()
        });
        pixels.into()
    } else {
        let mut pixels = image.into_rgb8();
        let Ok(transform) = profile.create_transform_8bit(Layout::Rgb, &srgb, Layout::Rgb, options)
        else {
            return pixels.into();
        };
        convert_in_chunks(&mut pixels, |from, to| {
            transform.transform(from, to).is_ok()
        });
        pixels.into()
    }
}

/// `samples` converted in place, a chunk at a time (a whole number of
/// pixels, whether of 3 or 4 samples).
fn convert_in_chunks(samples: &mut [u8], convert: impl Fn(&[u8], &mut [u8]) -> bool) {
    let mut copy = Vec::with_capacity(CHUNK);
    for chunk in samples.chunks_mut(CHUNK) {
        copy.clear();
        copy.extend_from_slice(chunk);
        if !convert(&copy, chunk) {
            chunk.copy_from_slice(&copy);
        }
    }
}
