//! What a film's first box says it is. MP4, HEIC photographs and QuickTime
//! films all start with an `ftyp` box; its brands tell them apart.

/// Brands of MP4 files a browser plays.
const MP4: [&[u8; 4]; 15] = [
    b"isom", b"iso2", b"iso3", b"iso4", b"iso5", b"iso6", b"iso7", b"iso8", b"iso9", b"mp41",
    b"mp42", b"avc1", b"dash", b"M4V ", b"mmp4",
];
/// Brands of HEIF pictures (HEIC, AVIF): photographs, not films.
const HEIF: [&[u8; 4]; 10] = [
    b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1", b"avif", b"avis",
];
const QUICKTIME: &[u8; 4] = b"qt  ";

const ACCEPTED: &str = "a film must be an MP4 (H.264) file";

/// Whether `bytes` are an MP4 film: why not, in words.
pub fn check(bytes: &[u8]) -> Result<(), String> {
    let Some(brands) = brands(bytes) else {
        return Err(format!("is not an MP4 film: {ACCEPTED}"));
    };
    let major = brands[0];
    let is = |set: &[&[u8; 4]], brand: &[u8; 4]| set.contains(&brand);
    if is(&MP4, major) {
        return Ok(());
    }
    if is(&HEIF, major) {
        return Err(format!(
            "is a HEIC/HEIF picture (brand {:?}), not a film: {ACCEPTED}, \
             and a picture a JPEG, PNG or WebP",
            text(major)
        ));
    }
    if major == QUICKTIME {
        return Err(format!(
            "is a QuickTime (MOV) film: {ACCEPTED}; export it again as MP4"
        ));
    }
    if brands[1..].iter().any(|b| is(&MP4, b)) {
        return Ok(());
    }
    Err(format!(
        "is not an MP4 film (its brand is {:?}): {ACCEPTED}",
        text(major)
    ))
}

/// The major brand, then the compatible ones, of the leading `ftyp` box.
fn brands(bytes: &[u8]) -> Option<Vec<&[u8; 4]>> {
    let size = u32::from_be_bytes(bytes.get(0..4)?.try_into().ok()?) as usize;
    if bytes.get(4..8)? != b"ftyp" || size < 16 || size > bytes.len() {
        return None;
    }
    let major = bytes[8..12].try_into().ok()?;
    let compatible = bytes[16..size]
        .chunks_exact(4)
        .filter_map(|b| b.try_into().ok());
    Some(std::iter::once(major).chain(compatible).collect())
}

fn text(brand: &[u8; 4]) -> String {
    String::from_utf8_lossy(brand).trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
        let size = 16 + 4 * compatible.len() as u32;
        let mut bytes = size.to_be_bytes().to_vec();
        bytes.extend(b"ftyp");
        bytes.extend(major);
        bytes.extend([0, 0, 2, 0]);
        compatible.iter().for_each(|b| bytes.extend(*b));
        bytes.extend(b"\0\0\0\x08free");
        bytes
    }

    #[test]
    fn an_mp4_is_a_film_by_its_major_or_a_compatible_brand() {
        assert_eq!(check(&ftyp(b"isom", &[b"isom", b"avc1"])), Ok(()));
        assert_eq!(check(&ftyp(b"mp42", &[])), Ok(()));
        assert_eq!(check(&ftyp(b"XAVC", &[b"mp42", b"iso2"])), Ok(()));
    }

    #[test]
    fn heic_and_mov_are_named_with_what_is_accepted() {
        let heic = check(&ftyp(b"heic", &[b"mif1", b"heic"])).unwrap_err();
        assert!(
            heic.starts_with("is a HEIC/HEIF picture (brand \"heic\")"),
            "{heic}"
        );
        assert!(
            heic.contains("MP4") && heic.contains("JPEG, PNG or WebP"),
            "{heic}"
        );
        let mif1 = check(&ftyp(b"mif1", &[b"mif1", b"miaf"])).unwrap_err();
        assert!(mif1.contains("HEIC/HEIF"), "{mif1}");
        let mov = check(&ftyp(b"qt  ", &[b"qt  "])).unwrap_err();
        assert!(mov.starts_with("is a QuickTime (MOV) film"), "{mov}");
        assert!(mov.contains("MP4 (H.264)"), "{mov}");
        let other = check(&ftyp(b"3gp4", &[b"3gp4"])).unwrap_err();
        assert!(other.contains("its brand is \"3gp4\""), "{other}");
        let none = check(b"\0\0\0\x20moov").unwrap_err();
        assert!(none.starts_with("is not an MP4 film"), "{none}");
    }
}
