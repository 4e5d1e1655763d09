//! The catalogue folder's pictures and films as untrusted input, on a small
//! folder of its own: links, pipes, devices, sizes, damaged files and files
//! that are not what they claim are refused by `validate`, naming the file
//! and why; what is published is in sRGB, upright and without metadata; and
//! an import says how far it is.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use domain::catalog::{Kind, Product};
use image::codecs::webp::WebPEncoder;
use image::{ImageEncoder, RgbImage};
#[path = "support/jpeg.rs"]
mod jpeg;
use jpeg::exif;
#[path = "support/shop.rs"]
mod shop_kit;
use shop_kit::{shop, Shop};
#[path = "support/problems.rs"]
mod folder_problems;
use folder_problems::{has, problems};
use shopctl::catalog::{self, pictures, Options};

const PRODUCT: &str = "products/prod-one.toml";

/// A catalogue folder with one collection and one product whose gallery is
/// `gallery` (paths beside `products/`), each picture already written by the test.
fn season(gallery: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |file: &str, text: &str| {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "categories/cat-gowns.toml",
        "name = \"Gowns\"\nstatus = \"active\"\n",
    );
    write(
        "collections/col-ete.toml",
        "slug = \"ete\"\nname = \"Ete\"\nstatus = \"active\"\nbanner = [\"col-ete/banner.jpg\"]\n\
         description = \"<p>Summer.</p>\"\n",
    );
    write_picture(
        dir.path(),
        "collections/col-ete/banner.jpg",
        &jpeg(64, 48, &[]),
    );
    let gallery: Vec<String> = gallery.iter().map(|p| format!("{p:?}")).collect();
    write(
        PRODUCT,
        &format!(
            "sku = \"SKU-1\"\nname = \"Gown\"\nslug = \"gown\"\ncollection = \"col-ete\"\n\
             status = \"active\"\nprice = \"100.00\"\ncategories = [\"Gowns\"]\n\
             size = [\"S\"]\ncolor = [\"Red\"]\ngallery = [{}]\n\
             created_at = \"2026-03-01T09:00:00Z\"\ndescription = \"<p>A gown.</p>\"\n",
            gallery.join(", ")
        ),
    );
    dir
}

fn write_picture(root: &Path, file: &str, bytes: &[u8]) -> PathBuf {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A JPEG of one colour with grain (so it is not tiny), and these
/// ICC profile and EXIF bytes if any.
fn jpeg_with(width: u32, height: u32, rgb: [u8; 3], icc: &[u8], exif: &[u8]) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| {
        let grain = ((x * 7 + y * 13) % 5) as u8;
        image::Rgb(rgb.map(|c| c.saturating_add(grain)))
    });
    jpeg::encode(&picture, 100, icc, exif)
}

fn jpeg(width: u32, height: u32, exif: &[u8]) -> Vec<u8> {
    jpeg_with(width, height, [90, 120, 150], &[], exif)
}

/// A photograph-like JPEG: every pixel different, so its file is large.
fn noisy_jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut seed = 1u32;
    let picture = RgbImage::from_fn(width, height, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        image::Rgb(seed.to_le_bytes()[..3].try_into().unwrap())
    });
    jpeg::encode(&picture, 90, &[], &[])
}

/// The one problem of `dir`, which must name the product file, the field and the picture.
fn the_problem(dir: &Path, picture: &str) -> String {
    let problems = problems(dir);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let problem = problems[0].clone();
    let named = format!("{PRODUCT}: gallery[0]: {picture:?} ");
    assert!(problem.starts_with(&named), "{problem}");
    problem
}

#[test]
fn a_picture_that_is_a_link_to_a_file_outside_or_inside_the_folder_is_refused() {
    let outside = tempfile::tempdir().unwrap();
    let secret = write_picture(outside.path(), "secret.jpg", &jpeg(32, 32, &[]));
    let dir = season(&["prod-one/1.jpg"]);
    std::fs::create_dir_all(dir.path().join("products/prod-one")).unwrap();
    symlink(&secret, dir.path().join("products/prod-one/1.jpg")).unwrap();
    let problem = the_problem(dir.path(), "prod-one/1.jpg");
    assert!(problem.contains("is a symbolic link"), "{problem}");
    assert!(problem.contains("copy the file in"), "{problem}");

    let dir = season(&["prod-one/2.jpg"]);
    let inside = write_picture(dir.path(), "products/prod-one/1.jpg", &jpeg(32, 32, &[]));
    symlink(&inside, dir.path().join("products/prod-one/2.jpg")).unwrap();
    let problem = the_problem(dir.path(), "prod-one/2.jpg");
    assert!(problem.contains("is a symbolic link"), "{problem}");
}

#[test]
fn a_folder_that_is_a_link_is_reported_not_followed() {
    let outside = tempfile::tempdir().unwrap();
    write_picture(outside.path(), "1.jpg", &jpeg(32, 32, &[]));
    let dir = season(&["prod-one/1.jpg"]);
    symlink(outside.path(), dir.path().join("products/prod-one")).unwrap();
    let problem = the_problem(dir.path(), "prod-one/1.jpg");
    assert!(
        problem.contains("is in products/prod-one, a symbolic link to a folder"),
        "{problem}"
    );
}

#[test]
fn a_link_to_a_device_is_refused_without_reading_it() {
    let dir = season(&["prod-one/1.jpg"]);
    std::fs::create_dir_all(dir.path().join("products/prod-one")).unwrap();
    symlink("/dev/zero", dir.path().join("products/prod-one/1.jpg")).unwrap();
    let problem = the_problem(dir.path(), "prod-one/1.jpg");
    assert!(problem.contains("is a symbolic link"), "{problem}");
}

#[test]
fn a_named_pipe_is_refused_without_waiting_on_it() {
    let dir = season(&["prod-one/1.jpg"]);
    std::fs::create_dir_all(dir.path().join("products/prod-one")).unwrap();
    let fifo = dir.path().join("products/prod-one/1.jpg");
    use rustix::fs::{mknodat, FileType, Mode, CWD};
    mknodat(CWD, &fifo, FileType::Fifo, Mode::from(0o644), 0).unwrap();
    let (said, heard) = mpsc::channel();
    let root = dir.path().to_path_buf();
    std::thread::spawn(move || said.send(problems(&root)).unwrap());
    let problems = heard
        .recv_timeout(Duration::from_secs(60))
        .expect("validate does not wait on a pipe");
    has(
        &problems,
        "\"prod-one/1.jpg\" is a named pipe (FIFO), not a file",
    );
}

#[test]
fn a_folder_where_a_picture_should_be_is_refused() {
    let dir = season(&["prod-one/1.jpg"]);
    std::fs::create_dir_all(dir.path().join("products/prod-one/1.jpg")).unwrap();
    let problem = the_problem(dir.path(), "prod-one/1.jpg");
    assert!(problem.contains("is a folder, not a file"), "{problem}");
}

#[test]
fn a_picture_over_the_size_limit_is_refused() {
    let dir = season(&["prod-one/1.jpg"]);
    let path = write_picture(dir.path(), "products/prod-one/1.jpg", &jpeg(32, 32, &[]));
    let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.set_len(pictures::MAX_PICTURE_BYTES + 1).unwrap();
    let problem = the_problem(dir.path(), "prod-one/1.jpg");
    assert!(
        problem.contains("is 25.0 MB; it may be at most 25 MB"),
        "{problem}"
    );
}

#[test]
fn a_jpeg_cut_short_is_refused_as_incomplete() {
    let whole = noisy_jpeg(600, 400);
    assert!(whole.len() > 100_000, "{} bytes", whole.len());
    let dir = season(&["prod-one/1.jpg"]);
    write_picture(dir.path(), "products/prod-one/1.jpg", &whole);
    catalog::validate(dir.path()).expect("the whole picture is valid");
    // A copy stopped at 43 %, as the 300,000 of 695,070 bytes.
    let cut = whole.len() * 300_000 / 695_070;
    write_picture(dir.path(), "products/prod-one/1.jpg", &whole[..cut]);
    let problem = the_problem(dir.path(), "prod-one/1.jpg");
    assert!(problem.contains("is incomplete"), "{problem}");
    assert!(problem.contains("copy it again"), "{problem}");
}

#[test]
fn a_png_or_webp_cut_short_is_refused_as_damaged() {
    let picture = RgbImage::from_fn(300, 200, |x, y| image::Rgb([x as u8, y as u8, 7]));
    for (name, format) in [
        ("1.png", image::ImageFormat::Png),
        ("1.webp", image::ImageFormat::WebP),
    ] {
        let mut whole = std::io::Cursor::new(Vec::new());
        picture.write_to(&mut whole, format).unwrap();
        let whole = whole.into_inner();
        let path = format!("prod-one/{name}");
        let dir = season(&[&path]);
        write_picture(
            dir.path(),
            &format!("products/{path}"),
            &whole[..whole.len() / 2],
        );
        let problem = the_problem(dir.path(), &path);
        assert!(problem.contains("is damaged or incomplete"), "{problem}");
    }
}

/// A PNG's header alone, saying `width` × `height` RGBA pixels: what a
/// "bomb" says before its few hundred kilobytes of deflated zeros.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        out.extend(kind);
        out.extend(data);
        let crc = crc32([kind.as_slice(), data].concat());
        out.extend(crc.to_be_bytes());
        out
    }
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend(height.to_be_bytes());
    ihdr.extend([8, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    // A zlib stream of a few rows of zeros, then the end: never reached.
    png.extend(chunk(b"IDAT", &[0x78, 0x9c, 0x63, 0x60, 0, 0, 0, 2, 0, 1]));
    png.extend(chunk(b"IEND", &[]));
    png
}

fn crc32(bytes: Vec<u8>) -> u32 {
    let mut crc = !0u32;
    for byte in bytes {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (!(crc & 1)).wrapping_add(1));
        }
    }
    !crc
}

#[test]
fn a_picture_too_large_to_open_is_refused_by_its_header_naming_its_size_and_the_limit() {
    let dir = season(&["prod-one/1.png"]);
    write_picture(
        dir.path(),
        "products/prod-one/1.png",
        &png_header(12_000, 12_000),
    );
    let problem = the_problem(dir.path(), "prod-one/1.png");
    assert!(
        problem.contains("is 12000 × 12000 pixels (144 megapixels); the limit is 50 megapixels"),
        "{problem}"
    );

    write_picture(
        dir.path(),
        "products/prod-one/1.png",
        &png_header(12_001, 800),
    );
    let problem = the_problem(dir.path(), "prod-one/1.png");
    assert!(
        problem.contains("is 12001 × 800 pixels; the limit is 12000 pixels a side"),
        "{problem}"
    );
}

/// An `ftyp` box with these brands, then an empty `free` box.
fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
    let mut bytes = (16 + 4 * compatible.len() as u32).to_be_bytes().to_vec();
    bytes.extend(b"ftyp");
    bytes.extend(major);
    bytes.extend([0, 0, 0, 0]);
    compatible.iter().for_each(|b| bytes.extend(*b));
    bytes.extend(b"\0\0\0\x08free");
    bytes
}

#[test]
fn a_heic_photograph_or_a_mov_film_is_not_taken_for_an_mp4_film() {
    let dir = season(&["prod-one/1.jpg"]);
    write_picture(dir.path(), "products/prod-one/1.jpg", &jpeg(32, 32, &[]));
    std::fs::create_dir_all(dir.path().join("runways")).unwrap();
    std::fs::write(
        dir.path().join("runways/run-ete.toml"),
        "slug = \"ete\"\nname = \"Ete\"\nstatus = \"active\"\ncollection = \"col-ete\"\n\
         created_at = \"2026-03-01T09:00:00Z\"\nbanners = [\"run-ete/banner.jpg\"]\n\
         video = \"run-ete/film.mp4\"\nyoutube_url = \"\"\ndescription = \"<p>Show.</p>\"\n",
    )
    .unwrap();
    write_picture(dir.path(), "runways/run-ete/banner.jpg", &jpeg(32, 32, &[]));
    let film = |bytes: &[u8]| write_picture(dir.path(), "runways/run-ete/film.mp4", bytes);

    film(&ftyp(b"isom", &[b"isom", b"avc1"]));
    catalog::validate(dir.path()).expect("an MP4 is a film");
    film(&ftyp(b"heic", &[b"mif1", b"heic"]));
    has(
        &problems(dir.path()),
        "runways/run-ete.toml: video: \"run-ete/film.mp4\" is a HEIC/HEIF picture (brand \"heic\"), not a film",
    );
    film(&ftyp(b"qt  ", &[b"qt  "]));
    let problems = problems(dir.path());
    has(&problems, "\"run-ete/film.mp4\" is a QuickTime (MOV) film");
    has(&problems, "a film must be an MP4 (H.264) file");
}

impl Shop {
    /// Imports `dir`, then the files stored for the product's gallery, each
    /// picture's largest WebP and the folder it is in.
    async fn gallery(&self, dir: &Path) -> Vec<(Vec<u8>, PathBuf)> {
        catalog::import(&self.app, dir, Options::default())
            .await
            .unwrap();
        let products: Vec<Product> = self.app.table.read_all(Kind::Product.all()).await.unwrap();
        products[0]
            .product_gallery
            .iter()
            .map(|url| {
                let key = self.app.blobs.key_of(url).unwrap();
                let bytes = std::fs::read(self.blobs.join(&key)).unwrap();
                (bytes, self.blobs.join(Path::new(&key).parent().unwrap()))
            })
            .collect()
    }
}

/// Each pixel's colour, and how saturated it is (HSV's saturation).
fn saturation([r, g, b]: [u8; 3]) -> f32 {
    let (max, min) = (r.max(g).max(b) as f32, r.min(g).min(b) as f32);
    (max - min) / max
}

/// Adobe RGB (1998) to sRGB, by the published matrices (D65) and transfer
/// curves, independent of the code under test.
fn adobe_to_srgb(rgb: [u8; 3]) -> [u8; 3] {
    const ADOBE_TO_XYZ: [[f64; 3]; 3] = [
        [0.576_730_9, 0.185_554_0, 0.188_185_2],
        [0.297_376_9, 0.627_349_1, 0.075_274_1],
        [0.027_034_3, 0.070_687_2, 0.991_108_5],
    ];
    const XYZ_TO_SRGB: [[f64; 3]; 3] = [
        [3.240_454_2, -1.537_138_5, -0.498_531_4],
        [-0.969_266_0, 1.876_010_8, 0.041_556_0],
        [0.055_643_4, -0.204_025_9, 1.057_225_2],
    ];
    let times = |m: [[f64; 3]; 3], v: [f64; 3]| m.map(|row| (0..3).map(|i| row[i] * v[i]).sum());
    let linear = rgb.map(|c| (c as f64 / 255.0).powf(563.0 / 256.0));
    times(XYZ_TO_SRGB, times(ADOBE_TO_XYZ, linear)).map(|c: f64| {
        let c = c.clamp(0.0, 1.0);
        let encoded = if c <= 0.003_130_8 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        (encoded * 255.0).round() as u8
    })
}

fn centre(webp: &[u8]) -> [u8; 3] {
    let picture = image::load_from_memory(webp).unwrap().to_rgb8();
    picture
        .get_pixel(picture.width() / 2, picture.height() / 2)
        .0
}

#[tokio::test]
async fn an_adobe_rgb_photograph_is_published_in_srgb_as_saturated_as_it_was_meant() {
    // The profile is moxcms's Adobe RGB (1998)-compatible one, made from the
    // published primaries, white point and gamma (563/256); no file copied.
    let adobe = moxcms::ColorProfile::new_adobe_rgb().encode().unwrap();
    let red = [180, 70, 60];
    let dir = season(&["prod-one/1.jpg"]);
    let tagged = jpeg_with(400, 300, red, &adobe, &[]);
    write_picture(dir.path(), "products/prod-one/1.jpg", &tagged);
    let shop = shop().await;
    let gallery = shop.gallery(dir.path()).await;

    let shown = centre(&gallery[0].0);
    let expected = adobe_to_srgb([red[0] + 2, red[1] + 2, red[2] + 2]);
    let off = (0..3)
        .map(|i| shown[i].abs_diff(expected[i]))
        .max()
        .unwrap();
    assert!(off <= 6, "shown {shown:?}, expected {expected:?}");
    assert!(
        saturation(shown) > saturation(red) + 0.03,
        "{shown:?} is as saturated as the Adobe RGB {red:?} means, not washed out"
    );
}

#[tokio::test]
async fn a_photograph_turned_by_its_exif_orientation_is_published_upright() {
    // Stored 80 × 40, red on the left and blue on the right; orientation 6
    // says to show it turned 90° right: 40 × 80, red on top.
    let picture = RgbImage::from_fn(80, 40, |x, _| {
        image::Rgb(if x < 40 { [220, 20, 20] } else { [20, 20, 220] })
    });
    let turned = exif(&[jpeg::TURNED_RIGHT], &[]);
    let bytes = jpeg::encode(&picture, 95, &[], &turned);
    let dir = season(&["prod-one/1.jpg"]);
    write_picture(dir.path(), "products/prod-one/1.jpg", &bytes);
    let shop = shop().await;
    let gallery = shop.gallery(dir.path()).await;

    let upright = image::load_from_memory(&gallery[0].0).unwrap().to_rgb8();
    assert_eq!(upright.dimensions(), (40, 80));
    let top = upright.get_pixel(20, 10).0;
    let bottom = upright.get_pixel(20, 70).0;
    assert!(top[0] > 150 && top[2] < 100, "top {top:?} is red");
    assert!(
        bottom[2] > 150 && bottom[0] < 100,
        "bottom {bottom:?} is blue"
    );
}

/// The RIFF chunks of a WebP file, by their four-letter names.
fn chunks(webp: &[u8]) -> Vec<String> {
    assert_eq!(&webp[8..12], b"WEBP");
    let mut names = Vec::new();
    let mut at = 12;
    while at + 8 <= webp.len() {
        names.push(String::from_utf8_lossy(&webp[at..at + 4]).into_owned());
        let size = u32::from_le_bytes(webp[at + 4..at + 8].try_into().unwrap()) as usize;
        at += 8 + size + size % 2;
    }
    names
}

#[tokio::test]
async fn no_metadata_of_the_original_is_published_and_the_original_is_kept_private() {
    // A WebP at a width it is published at as it is (800), with EXIF that
    // holds a GPS position and a camera's serial number.
    const SERIAL: &[u8; 8] = b"SN48151\0";
    let gps_latitude_ref: (u16, u16, u32, [u8; 4]) = (0x0001, 2, 2, *b"N\0\0\0");
    let gps = {
        let mut ifd = 1u16.to_be_bytes().to_vec();
        ifd.extend(gps_latitude_ref.0.to_be_bytes());
        ifd.extend(gps_latitude_ref.1.to_be_bytes());
        ifd.extend(gps_latitude_ref.2.to_be_bytes());
        ifd.extend(gps_latitude_ref.3);
        ifd.extend([0, 0, 0, 0]);
        ifd
    };
    // IFD0 at 8 holds 2 entries (2 + 24 + 4 bytes): the serial then the GPS directory follow.
    let serial_at: u32 = 8 + 2 + 2 * 12 + 4;
    let gps_at = serial_at + SERIAL.len() as u32;
    let metadata = exif(
        &[
            (0xA431, 2, SERIAL.len() as u32, serial_at.to_be_bytes()),
            (0x8825, 4, 1, gps_at.to_be_bytes()),
        ],
        &[SERIAL.as_slice(), &gps].concat(),
    );
    let picture = RgbImage::from_fn(800, 600, |x, y| image::Rgb([x as u8, y as u8, 90]));
    let mut original = Vec::new();
    let mut encoder = WebPEncoder::new_lossless(&mut original);
    encoder.set_exif_metadata(metadata).unwrap();
    encoder
        .write_image(picture.as_raw(), 800, 600, image::ExtendedColorType::Rgb8)
        .unwrap();
    assert!(chunks(&original).contains(&"EXIF".to_string()));
    let adobe = moxcms::ColorProfile::new_adobe_rgb().encode().unwrap();
    let tagged = jpeg_with(300, 200, [180, 70, 60], &adobe, &exif(&[], &[]));
    let dir = season(&["prod-one/1.webp", "prod-one/2.jpg"]);
    write_picture(dir.path(), "products/prod-one/1.webp", &original);
    write_picture(dir.path(), "products/prod-one/2.jpg", &tagged);
    let shop = shop().await;
    let gallery = shop.gallery(dir.path()).await;

    for (_, folder) in &gallery {
        for made in std::fs::read_dir(folder).unwrap().flatten() {
            let bytes = std::fs::read(made.path()).unwrap();
            let chunks = chunks(&bytes);
            assert!(
                chunks.iter().all(|c| c == "VP8 " || c == "VP8L"),
                "{}: {chunks:?}",
                made.path().display()
            );
            assert!(!bytes.windows(SERIAL.len()).any(|w| w == SERIAL));
        }
    }
    let hash = gallery[0].1.file_name().unwrap();
    let kept = std::fs::read(shop.blobs.join("originals").join(hash)).unwrap();
    assert!(kept == original, "the original is kept as it came");
}

#[test]
fn what_is_stored_is_made_from_the_bytes_that_were_checked_not_read_again() {
    let dir = season(&["prod-one/1.jpg"]);
    let checked = jpeg(64, 48, &[]);
    let path = write_picture(dir.path(), "products/prod-one/1.jpg", &checked);
    let asset = pictures::picture(dir.path(), Path::new("products/prod-one/1.jpg")).unwrap();
    // Swapped after it was checked: what is stored is still what was checked.
    std::fs::write(&path, jpeg(640, 480, &[])).unwrap();
    let blobs = asset.blobs(&asset.keys()).unwrap();
    let original = blobs
        .iter()
        .find(|b| b.key.starts_with("originals/"))
        .unwrap();
    assert!(original.bytes == checked);
    let made = blobs.iter().find(|b| b.key.ends_with(".webp")).unwrap();
    assert_eq!(image::load_from_memory(&made.bytes).unwrap().width(), 64);
}

#[test]
fn an_import_says_how_far_it_is_on_stderr_and_keeps_its_summary_on_stdout() {
    let dir = season(&["prod-one/1.jpg", "prod-one/2.jpg"]);
    write_picture(dir.path(), "products/prod-one/1.jpg", &jpeg(640, 480, &[]));
    write_picture(dir.path(), "products/prod-one/2.jpg", &jpeg(300, 200, &[]));
    let data = tempfile::tempdir().unwrap();
    let imported = Command::new(env!("CARGO_BIN_EXE_shopctl"))
        .args(["catalog", "import", dir.path().to_str().unwrap()])
        .env("DATA_DIR", data.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&imported.stderr);
    let summary = String::from_utf8_lossy(&imported.stdout);
    assert!(imported.status.success(), "{said}");
    for line in [
        "pictures: ",
        "/3 products/prod-one/1.jpg (640×480) ",
        "/3 products/prod-one/2.jpg (300×200) ",
        "/3 collections/col-ete/banner.jpg (64×48) ",
    ] {
        assert!(said.contains(line), "{line:?} in:\n{said}");
    }
    assert!(said.contains("3/3 "), "{said}");
    assert!(!summary.contains("pictures: "), "{summary}");
    assert!(summary.contains("3 added, 0 changed"), "{summary}");
}
