//! QR codes for the Venmo desktop flow: the payment context's URL as a
//! module matrix the QR frame draws (spec section 2; the reference draws the
//! same URL with node-qrcode at its default error correction, M).
//!
//! Encoded by Nayuki's `qrcodegen-no-heap`: `no_std` and no allocator of its
//! own (the buffers, sized for the largest version, live on the heap only
//! while encoding). Its indexing brings core's panic formatting along, and
//! with it the encoder is about 10 kB gzipped: so it is a module of its own
//! (feature `qr`) that only the QR frame loads, as the reference's QR library
//! is in its frame's script only, never on the merchant page.

#[allow(unused_imports)]
use crate::prelude::*;

use qrcodegen_no_heap::{QrCode, QrCodeEcc, Version};

/// The module matrix of `text` (byte mode, error correction M, the smallest
/// version that holds it, the mask the standard's penalty rule picks), row by
/// row from the top left: `1` a dark module, `0` a light one, so a code of
/// side `n` is `n * n` characters. The quiet zone is the drawer's. Empty when
/// the text does not fit in a QR code.
pub fn matrix(text: &str) -> String {
    let len = Version::MAX.buffer_len();
    let mut data = alloc::vec![0u8; len];
    let mut out = alloc::vec![0u8; len];
    let bytes = text.as_bytes();
    let Some(head) = data.get_mut(..bytes.len()) else {
        return String::new();
    };
    head.copy_from_slice(bytes);
    let code = match QrCode::encode_binary(
        &mut data,
        bytes.len(),
        &mut out,
        QrCodeEcc::Medium,
        Version::MIN,
        Version::MAX,
        None,
        false,
    ) {
        Ok(code) => code,
        Err(_) => return String::new(),
    };
    let size = code.size();
    let mut modules = Vec::with_capacity((size * size) as usize);
    for y in 0..size {
        for x in 0..size {
            modules.push(if code.get_module(x, y) { b'1' } else { b'0' });
        }
    }
    // Only ASCII digits were pushed.
    String::from_utf8(modules).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str = "https://venmo.com/go/purchase?facilitator=BT&intent=Continue&resource_id=venmo_ctx_1&merchant_id=venmo-merchant01&environment=SANDBOX";

    fn side(m: &str) -> usize {
        (m.len() as f64).sqrt() as usize
    }

    fn dark(m: &str, x: usize, y: usize) -> bool {
        m.as_bytes()[y * side(m) + x] == b'1'
    }

    #[test]
    fn a_payment_context_url_is_a_version_8_code() {
        let m = matrix(URL);
        // 133 bytes at level M need version 8 (version 7 holds 122): 4 * 8 + 17 = 49
        // modules a side.
        assert_eq!(URL.len(), 133);
        assert_eq!(side(&m), 49);
        assert_eq!(m.len(), 49 * 49);
        assert!(m.bytes().all(|b| b == b'0' || b == b'1'));
    }

    #[test]
    fn finder_timing_and_dark_module_sit_where_the_standard_puts_them() {
        let m = matrix(URL);
        let n = side(&m);
        // The three finder patterns: a dark ring, a light ring, a dark 3x3 core.
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for i in 0..7 {
                assert!(dark(&m, ox + i, oy) && dark(&m, ox + i, oy + 6));
                assert!(dark(&m, ox, oy + i) && dark(&m, ox + 6, oy + i));
            }
            for i in 1..6 {
                assert!(!dark(&m, ox + i, oy + 1) && !dark(&m, ox + 1, oy + i));
            }
            assert!(dark(&m, ox + 3, oy + 3) && dark(&m, ox + 2, oy + 4));
        }
        // Their light separators, the alternating timing patterns.
        assert!((0..8).all(|i| !dark(&m, 7, i) && !dark(&m, i, 7)));
        for i in 8..n - 8 {
            assert_eq!(dark(&m, i, 6), i % 2 == 0, "row timing at {i}");
            assert_eq!(dark(&m, 6, i), i % 2 == 0, "column timing at {i}");
        }
        // The dark module beside the bottom-left finder (4 * version + 9).
        assert!(dark(&m, 8, 4 * 8 + 9));
    }

    #[test]
    fn a_decoder_reads_the_url_back() {
        let m = matrix(URL);
        let n = side(&m);
        let grid = rqrr::Grid::new(rqrr::SimpleGrid::from_func(n, |x, y| dark(&m, x, y)));
        let (meta, text) = grid.decode().expect("decodes");
        assert_eq!(text, URL);
        assert_eq!(meta.version.0, 8);
        assert_eq!(meta.ecc_level, 0, "level M is 0 in the format bits");
    }

    #[test]
    fn longer_texts_take_larger_versions_and_too_long_is_empty() {
        // 17 bytes: version 1 at level M holds 14.
        assert_eq!(side(&matrix("https://venmo.com")), 25);
        let long = "x".repeat(1000);
        // Version 26 holds 1,030 bytes at level M, version 25 only 958.
        assert_eq!(side(&matrix(&long)), 4 * 26 + 17);
        // Past version 40's 2,331 bytes; past the buffers.
        assert_eq!(matrix(&"x".repeat(2332)), "");
        assert_eq!(matrix(&"x".repeat(5000)), "");
    }
}
