//! Blob keys: relative paths of plain segments, the same on both adapters.

use domain::ports::BlobsError;

/// Refuses keys that could leave the folder (`..`, absolute paths) or that
/// two stores would read differently (empty segments, backslashes, NUL).
pub fn check(key: &str) -> Result<(), BlobsError> {
    let refuse = |why: &str| Err(BlobsError(format!("blob key {key:?} {why}")));
    if key.is_empty() || key.len() > 1024 {
        return refuse("must have 1 to 1024 bytes");
    }
    if key.starts_with('/') {
        return refuse("must be relative");
    }
    if key.contains(['\\', '\0']) {
        return refuse("cannot hold a backslash or NUL");
    }
    if key
        .split('/')
        .any(|segment| segment.is_empty() || segment == "." || segment == "..")
    {
        return refuse("cannot have empty, `.` or `..` segments");
    }
    Ok(())
}

/// `public_base/key`, each segment percent-encoded.
pub fn public_url(public_base: &str, key: &str) -> String {
    let path: Vec<String> = key
        .split('/')
        .map(|s| urlencoding::encode(s).into_owned())
        .collect();
    format!("{}/{}", public_base.trim_end_matches('/'), path.join("/"))
}

/// The key whose public address is `url`: the inverse of [`public_url`].
pub fn key_of(public_base: &str, url: &str) -> Option<String> {
    let path = url.strip_prefix(public_base.trim_end_matches('/'))?;
    let path = path.strip_prefix('/')?;
    let segments: Option<Vec<String>> = path
        .split('/')
        .map(|s| urlencoding::decode(s).ok().map(|s| s.into_owned()))
        .collect();
    let key = segments?.join("/");
    check(&key).is_ok().then_some(key)
}

/// Long-lived caching for images and films: their keys change when their bytes do.
/// (The folder's files are served by the local server, which sets its own.)
#[cfg(feature = "aws")]
pub fn cache_control(content_type: &str) -> Option<&'static str> {
    (content_type.starts_with("image/") || content_type.starts_with("video/"))
        .then_some("public, max-age=31536000, immutable")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_stay_inside() {
        for bad in [
            "",
            "/etc/passwd",
            "../x",
            "a/../b",
            "a/./b",
            "a//b",
            "a/",
            "a\\b",
            "a\0b",
        ] {
            assert!(check(bad).is_err(), "{bad:?} should be refused");
        }
        for good in ["a", "images/products/p1-1.svg", "x/y.z/..w", "é/日本.png"] {
            assert!(check(good).is_ok(), "{good:?} should be accepted");
        }
    }

    #[test]
    fn urls_encode_segments() {
        assert_eq!(
            public_url("http://h/blobs/", "images/a b.svg"),
            "http://h/blobs/images/a%20b.svg"
        );
        assert_eq!(
            public_url("https://cdn.example", "p/1.png"),
            "https://cdn.example/p/1.png"
        );
    }

    #[test]
    fn a_public_url_reads_back_as_its_key() {
        for key in [
            "images/a b.svg",
            "images/catalog/ab12/640.webp",
            "é/日本.png",
        ] {
            let url = public_url("http://h/blobs/", key);
            assert_eq!(key_of("http://h/blobs/", &url).as_deref(), Some(key));
        }
        assert_eq!(
            key_of("http://h/blobs", "http://elsewhere/blobs/a.png"),
            None
        );
        assert_eq!(key_of("http://h/blobs", "http://h/blobs/../x"), None);
        assert_eq!(key_of("http://h/blobs", "http://h/blobsx/a"), None);
    }
}
