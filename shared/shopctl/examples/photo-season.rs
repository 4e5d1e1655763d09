//! A season of camera-sized photographs to measure `shopctl catalog import`
//! on: 2 collections and 12 products, 30 JPEGs from 1280×1024 to 6028×3391
//! (up to about 4 MB), every fourth tagged Adobe RGB (1998) and every fifth
//! turned by its EXIF orientation, as a house's own folder would hold.
//!
//! `cargo run --release -p shopctl --example photo-season -- DIR`, then
//! `/usr/bin/time -v shopctl catalog import DIR` on a fresh `DATA_DIR`.

use std::fs;
use std::path::Path;

use image::RgbImage;

#[path = "../tests/support/jpeg.rs"]
mod jpeg;

const SIZES: [(u32, u32); 8] = [
    (1280, 1024),
    (1600, 1200),
    (2048, 1365),
    (3000, 2000),
    (4000, 3000),
    (4032, 3024),
    (5472, 3648),
    (6028, 3391),
];

/// Photographs per product gallery: 28, with the 2 collection banners 30.
const GALLERIES: [usize; 12] = [2, 3, 2, 3, 2, 3, 2, 3, 2, 2, 2, 2];

fn main() {
    let dir = std::env::args().nth(1).expect("usage: photo-season DIR");
    let dir = Path::new(&dir);
    let mut photo = 0;
    let mut next = |path: &Path| {
        fs::write(path, photograph(photo)).unwrap();
        photo += 1;
    };
    write(
        dir,
        "categories/cat-women.toml",
        "name = \"women\"\nstatus = \"active\"\n",
    );
    write(
        dir,
        "categories/cat-gowns.toml",
        "name = \"Gowns\"\nstatus = \"active\"\n",
    );
    for season in ["ete", "hiver"] {
        let id = format!("col-{season}");
        fs::create_dir_all(dir.join("collections").join(&id)).unwrap();
        next(&dir.join(format!("collections/{id}/banner.jpg")));
        let text = format!(
            "slug = \"{season}\"\nname = \"{season}\"\nstatus = \"active\"\n\
             banner = [\"{id}/banner.jpg\"]\ndescription = \"<p>The {season} season.</p>\"\n"
        );
        write(dir, &format!("collections/{id}.toml"), &text);
    }
    for (n, pictures) in GALLERIES.iter().enumerate() {
        let season = if n < 6 { "ete" } else { "hiver" };
        let id = format!("prod-{season}-{n:02}");
        fs::create_dir_all(dir.join("products").join(&id)).unwrap();
        let mut gallery = Vec::new();
        for view in ["front", "back", "detail"].iter().take(*pictures) {
            next(&dir.join(format!("products/{id}/{view}.jpg")));
            gallery.push(format!("\"{id}/{view}.jpg\""));
        }
        let text = format!(
            "sku = \"SKU-{n:02}\"\nname = \"Gown {n}\"\nslug = \"gown-{n}\"\n\
             collection = \"col-{season}\"\nstatus = \"active\"\nprice = \"{}.00\"\n\
             categories = [\"women\", \"Gowns\"]\nsize = [\"S\", \"M\"]\ncolor = [\"Red\"]\n\
             gallery = [{}]\ncreated_at = \"2026-03-0{}T09:00:00Z\"\n\
             description = \"<p>A gown.</p>\"\n",
            1000 + 100 * n,
            gallery.join(", "),
            1 + n % 9
        );
        write(dir, &format!("products/{id}.toml"), &text);
    }
}

fn write(dir: &Path, file: &str, text: &str) {
    let path = dir.join(file);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// The `n`th photograph: gradients and grain, so it compresses like one.
fn photograph(n: usize) -> Vec<u8> {
    let (width, height) = SIZES[n % SIZES.len()];
    let mut seed = (n as u32).wrapping_mul(2_654_435_761) | 1;
    let picture = RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let grain = (seed % 16) as i32 - 8;
        let channel = |base: u32| (base as i32 + grain).clamp(0, 255) as u8;
        image::Rgb([
            channel(120 + 100 * x / width),
            channel(40 + 60 * y / height),
            channel(60 + 40 * (x + y) / (width + height)),
        ])
    });
    let adobe = match n % 4 {
        3 => moxcms::ColorProfile::new_adobe_rgb().encode().unwrap(),
        _ => Vec::new(),
    };
    let turned = match n % 5 {
        4 => jpeg::exif(&[jpeg::TURNED_RIGHT], &[]),
        _ => Vec::new(),
    };
    jpeg::encode(&picture, 90, &adobe, &turned)
}
