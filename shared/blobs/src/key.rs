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

/// Long-lived caching for images: their keys change when their bytes do.
/// (The folder's files are served by the local server, which sets its own.)
#[cfg(feature = "aws")]
pub fn cache_control(content_type: &str) -> Option<&'static str> {
    content_type
        .starts_with("image/")
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
}
