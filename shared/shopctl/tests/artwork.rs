//! The seed stores a committed photograph for every picture it draws, and
//! every committed photograph is one it stores: `make art` is up to date.

use std::path::Path;

use app::{App, Config};
use shopctl::artwork::{self, Artwork};

/// The pictures a seed stored in the data folder, by name and extension.
fn stored(images: &Path, extension: &str) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, extension: &str, names: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, root, extension, names);
            } else if path.extension().is_some_and(|e| e == extension) {
                let name = path.strip_prefix(root).unwrap().with_extension("");
                names.push(name.to_string_lossy().into_owned());
            }
        }
    }
    let mut names = Vec::new();
    walk(images, images, extension, &mut names);
    names.sort();
    names
}

async fn seeded(art: Artwork) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config::local(dir.path().to_path_buf(), "http://127.0.0.1:3000").expect("config");
    let app = App::with_config(config).await.expect("app");
    shopctl::seed::run_with(&app, art).await.expect("seed");
    (dir, app)
}

#[tokio::test]
async fn every_drawing_has_its_photograph_and_every_photograph_a_drawing() {
    let (dir, _app) = seeded(Artwork::Drawings).await;
    let drawn = stored(&dir.path().join("blobs/images"), "svg");
    assert!(
        drawn.len() > 100,
        "the seed draws its whole catalogue: {}",
        drawn.len()
    );
    assert_eq!(artwork::photographed(), drawn, "run `make art`");
}

#[tokio::test]
async fn the_shop_gets_photographs_only() {
    let (dir, _app) = seeded(Artwork::Photographs).await;
    let images = dir.path().join("blobs/images");
    assert_eq!(stored(&images, "svg"), Vec::<String>::new());
    assert_eq!(stored(&images, "webp"), artwork::photographed());
}
