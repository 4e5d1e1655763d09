//! Whether a JPEG is whole. The decoder forgives a file cut short (it fills
//! the missing part with grey, as browsers do), so a half-copied photograph
//! would be published 70 % grey: the file must reach its end marker.

const SOI: u8 = 0xD8;
const EOI: u8 = 0xD9;
const SOS: u8 = 0xDA;

/// Whether the JPEG `bytes` run from their start marker to their end marker
/// (anything after it, such as a phone's trailer, is left alone).
pub fn is_whole(bytes: &[u8]) -> bool {
    if bytes.get(0..2) != Some(&[0xFF, SOI]) {
        return false;
    }
    let mut at = 2;
    loop {
        let Some(marker) = marker_at(bytes, &mut at) else {
            return false;
        };
        match marker {
            EOI => return true,
            // Restart markers and TEM stand alone.
            0xD0..=0xD7 | 0x01 => {}
            _ => {
                let Some(length) = bytes.get(at..at + 2) else {
                    return false;
                };
                at += u16::from_be_bytes([length[0], length[1]]) as usize;
                if marker == SOS {
                    at = match scan_end(bytes, at) {
                        Some(end) => end,
                        None => return false,
                    };
                }
            }
        }
    }
}

/// The marker at `at` (after any fill bytes), `at` moved past it.
fn marker_at(bytes: &[u8], at: &mut usize) -> Option<u8> {
    if *bytes.get(*at)? != 0xFF {
        return None;
    }
    while *bytes.get(*at)? == 0xFF {
        *at += 1;
    }
    let marker = bytes[*at];
    *at += 1;
    Some(marker)
}

/// Where the entropy-coded data starting at `from` ends: the next marker
/// that is neither a stuffed byte (FF 00) nor a restart marker.
fn scan_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        at += bytes.get(at..)?.iter().position(|&b| b == 0xFF)?;
        match *bytes.get(at + 1)? {
            0x00 | 0xD0..=0xD7 | 0xFF => at += 1,
            _ => return Some(at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jpeg(with_trailer: bool) -> Vec<u8> {
        let picture = image::RgbImage::from_fn(64, 48, |x, y| {
            image::Rgb([(x * 4) as u8, (y * 5) as u8, ((x * y) % 256) as u8])
        });
        let mut bytes = Vec::new();
        let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90);
        encoder.encode_image(&picture).unwrap();
        if with_trailer {
            bytes.extend(b"trailer after the end");
        }
        bytes
    }

    #[test]
    fn a_whole_jpeg_is_whole_and_one_cut_short_anywhere_is_not() {
        let whole = jpeg(false);
        assert!(is_whole(&whole));
        assert!(is_whole(&jpeg(true)), "what follows the end is not read");
        for cut in [2, 20, whole.len() / 2, whole.len() - 2] {
            assert!(!is_whole(&whole[..cut]), "cut at {cut}");
        }
        assert!(!is_whole(b"not a jpeg"));
    }
}
