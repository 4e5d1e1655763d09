//! The publisher on a made-up export and catalogue: what a crawler, a link
//! preview and the first paint read, and how a publication replaces the last.

use std::path::Path;

use serde_json::{json, Map, Value};

use super::*;

const ORIGIN: &str = "https://shop.example.com";

/// A template as the site's export writes one: a head the build filled, and an empty first paint.
fn template(title: &str) -> String {
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>{title}</title><meta name="description" content="Built words."/><meta property="og:title" content="{title}"/><meta name="twitter:card" content="summary"/><script src="/_next/static/chunks/a.js" async=""></script></head><body><script id="first-paint" type="application/json">{{}}</script><main>{title}</main></body></html>"#
    )
}

fn export(dir: &Path) {
    for (page, title) in [
        ("", "Home"),
        ("shop", "All products"),
        ("about", "About"),
        ("me/orders", "My Orders"),
        ("shop/product/_/_", "Product"),
        ("collection/_/_", "Collection"),
        ("runway/_/_", "Runway"),
        ("news/_/_", "News"),
    ] {
        let folder = dir.join(page);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("index.html"), template(title)).unwrap();
    }
    std::fs::write(dir.join("404.html"), template("Page not found")).unwrap();
    std::fs::create_dir_all(dir.join("_next/static")).unwrap();
    std::fs::write(dir.join("_next/static/a.js"), "1").unwrap();
}

fn product(id: &str, name: &str) -> Value {
    json!({
        "id": id, "name": name, "slug": "lune-gown", "sku": "OP-001", "price": 4860.0,
        "collection": "col-ete", "collectionName": "Été", "status": "active",
        "productGallery": ["/blobs/images/catalog/ab12/1280.webp", "/blobs/images/catalog/cd34/640.webp"],
        "color": ["Ivory"], "categories": ["women"], "createdAt": "2025-03-01T10:00:00Z",
        "description": "<p>Silk crêpe, cut on the bias.</p>"
    })
}

fn house() -> Value {
    json!({
        "name": "Atelier Opale", "shortName": "OPALE", "tagline": "Couture from Lyon",
        "previewPicture": "/blobs/images/catalog/ee99/1280.webp",
        "address": { "street": "3 rue des Lilas", "city": "Lyon", "country": "France" },
        "phone": { "display": "+33 4 78 00 00 00", "e164": "+33478000000" },
        "emails": { "contact": "bonjour@opale.example", "press": "" },
        "social": { "instagram": "https://www.instagram.com/atelieropale" }
    })
}

fn catalogue(products: Vec<Value>, house: Option<Value>) -> Catalogue {
    let mut bodies = Map::new();
    for p in &products {
        bodies.insert(
            format!("/products/{}", p["id"].as_str().unwrap()),
            p.clone(),
        );
    }
    bodies.insert("/products".into(), json!({ "data": products }));
    let collection = json!({ "id": "col-ete", "name": "Été", "slug": "ete", "status": "active", "banner": ["/blobs/images/catalog/ff00/1920.webp"], "description": "" });
    bodies.insert(
        "/collections".into(),
        json!({ "data": [collection.clone()] }),
    );
    bodies.insert("/collections/col-ete".into(), collection);
    bodies.insert("/menus".into(), json!({ "data": [] }));
    bodies.insert(
        "/pages".into(),
        json!({ "data": [{ "id": "about", "title": "About", "status": "active" }] }),
    );
    bodies.insert("/pages/about".into(), json!({ "id": "about", "title": "About", "html": "<p>The workshop.</p>", "status": "active" }));
    bodies.insert("/news".into(), json!({ "data": [{ "id": "n1", "title": "Opening", "slug": "opening", "status": "active", "createdAt": "2025-02-01T09:00:00Z", "updatedAt": "", "description": "The atelier opens its doors to the city this spring.", "content": "", "poster": "" }] }));
    if let Some(house) = house {
        bodies.insert("/house".into(), house);
    }
    Catalogue::new(bodies)
}

async fn publish_into(
    data: &Path,
    templates: &Path,
    catalogue: &Catalogue,
) -> Result<Published, PublishError> {
    let sink = Folder::replacing(&data.join("site")).unwrap();
    publish_to(catalogue, templates, ORIGIN, sink).await
}

fn read(data: &Path, file: &str) -> String {
    std::fs::read_to_string(data.join("site").join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A meta element's content, by its name or property.
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    let at = html.find(&format!("=\"{key}\" content=\""))?;
    let rest = &html[at + key.len() + 13..];
    rest.split('"').next()
}

/// The JSON of the page's script `marker` (`id="first-paint"` or `type="application/ld+json"`).
fn script_json(html: &str, marker: &str) -> Value {
    let start = html
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in {html}"));
    let body = &html[start..];
    let body = &body[body.find('>').unwrap() + 1..];
    serde_json::from_str(&body[..body.find("</script>").unwrap()]).unwrap()
}

#[tokio::test]
async fn a_product_page_names_the_product_on_the_public_origin() {
    let (templates, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(templates.path());
    let shop = catalogue(vec![product("prod-lune", "Lune Gown")], Some(house()));
    let published = publish_into(data.path(), templates.path(), &shop)
        .await
        .unwrap();
    assert!(published.pages >= 11 && published.bytes > 0, "{published}");

    let page = read(data.path(), "shop/product/prod-lune/lune-gown/index.html");
    assert!(
        page.contains("<title>Lune Gown — ATELIER OPALE</title>"),
        "{page}"
    );
    assert_eq!(
        page.matches("<title>").count(),
        1,
        "the template's title is gone"
    );
    assert!(
        !page.contains("Built words."),
        "the template's description is gone"
    );
    let description = meta(&page, "description").unwrap();
    assert!(
        description.starts_with("Lune Gown — Été · $4,860.00. Silk crêpe"),
        "{description}"
    );
    assert!(page.contains(&format!(
        "<link rel=\"canonical\" href=\"{ORIGIN}/shop/product/prod-lune/lune-gown/\"/>"
    )));
    assert_eq!(
        meta(&page, "og:image"),
        Some(&*format!("{ORIGIN}/blobs/images/catalog/ab12/1280.webp"))
    );
    assert_eq!(meta(&page, "og:image:height"), Some("1706"));
    assert_eq!(meta(&page, "og:type"), Some("product"));
    assert_eq!(meta(&page, "og:site_name"), Some("ATELIER OPALE"));
    assert_eq!(meta(&page, "product:price:amount"), Some("4860.00"));
    assert_eq!(meta(&page, "twitter:image"), meta(&page, "og:image"));

    let ld = script_json(&page, "type=\"application/ld+json\"");
    let item = &ld[0];
    assert_eq!(item["@type"], "Product");
    assert_eq!(item["name"], "Lune Gown");
    assert_eq!(item["offers"]["price"], "4860.00");
    assert_eq!(item["offers"]["priceCurrency"], "USD");
    assert_eq!(
        item["image"][0],
        format!("{ORIGIN}/blobs/images/catalog/ab12/1280.webp")
    );
    assert_eq!(item["brand"]["name"], "ATELIER OPALE");
    let crumbs = &ld[1]["itemListElement"];
    assert_eq!(
        crumbs[2]["item"],
        format!("{ORIGIN}/collection/col-ete/ete/")
    );
    assert_eq!(
        crumbs[3]["item"],
        format!("{ORIGIN}/shop/product/prod-lune/lune-gown/")
    );

    // The first paint: the shell's house, the product and its collection as their fetchers return them.
    let paint = script_json(&page, "id=\"first-paint\"");
    assert_eq!(paint["/products/prod-lune"]["name"], "Lune Gown");
    assert_eq!(paint["/collections/col-ete"]["slug"], "ete");
    assert_eq!(paint["/house"]["name"], "Atelier Opale");
    assert_eq!(paint["/menus"], json!([]));

    // The lists a first paint needs: /shop/ lists the products without their descriptions.
    let shop_page = read(data.path(), "shop/index.html");
    let paint = script_json(&shop_page, "id=\"first-paint\"");
    assert_eq!(paint["/products"][0]["name"], "Lune Gown");
    assert!(paint["/products"][0].get("description").is_none());
    assert_eq!(
        meta(&shop_page, "og:image"),
        Some(&*format!("{ORIGIN}/blobs/images/catalog/ee99/1280.webp")),
        "the house's picture by default"
    );

    // A house page's first paint is the page itself, as usePage's fetcher returns it.
    let about = read(data.path(), "about/index.html");
    assert_eq!(
        script_json(&about, "id=\"first-paint\"")["/pages/about"]["html"],
        "<p>The workshop.</p>"
    );
    // A collection's page is keyed as its hook keys it; a private page is noindex without a canonical.
    let collection = read(data.path(), "collection/col-ete/ete/index.html");
    assert!(script_json(&collection, "id=\"first-paint\"")
        .get(r#"@"collection","col-ete","#)
        .is_some());
    let orders = read(data.path(), "me/orders/index.html");
    assert_eq!(meta(&orders, "robots"), Some("noindex, follow"));
    assert!(!orders.contains("canonical"));
    // The placeholder keeps no address of its own, and names the house.
    let placeholder = read(data.path(), "shop/product/_/_/index.html");
    assert!(
        placeholder.contains("<title>Product — ATELIER OPALE</title>")
            && !placeholder.contains("canonical")
    );
    assert!(read(data.path(), "404.html").contains("<title>Page not found — ATELIER OPALE</title>"));
    assert!(
        !data.path().join("site/_next").exists(),
        "hashed assets stay with the templates"
    );
}

#[tokio::test]
async fn sitemap_and_robots_name_the_public_origin() {
    let (templates, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(templates.path());
    let shop = catalogue(vec![product("prod-lune", "Lune Gown")], Some(house()));
    publish_into(data.path(), templates.path(), &shop)
        .await
        .unwrap();
    let sitemap = read(data.path(), "sitemap.xml");
    assert!(sitemap.contains(&format!("<loc>{ORIGIN}/shop/product/prod-lune/lune-gown/</loc>\n<lastmod>2025-03-01T10:00:00.000Z</lastmod>")), "{sitemap}");
    assert!(sitemap.contains(&format!(
        "<loc>{ORIGIN}/collection/col-ete/ete/</loc>\n<lastmod>2025-03-01T10:00:00.000Z</lastmod>"
    )));
    assert!(sitemap.contains(&format!("<loc>{ORIGIN}/news/n1/opening/</loc>")));
    assert!(
        sitemap.contains(&format!("<loc>{ORIGIN}/</loc>"))
            && sitemap.contains(&format!(
                "<loc>{ORIGIN}/shop/women/</loc>\n<lastmod>2025-03-01T10:00:00.000Z</lastmod>"
            ))
    );
    assert!(
        !sitemap.contains("/me/") && !sitemap.contains("/_/") && !sitemap.contains("127.0.0.1")
    );
    // Sections the house has nothing in (no runway show, no piece for men) are not listed.
    // Nor the house's pages it does not give (it gives About alone).
    for empty in [
        "/runway/",
        "/shop/men/",
        "/shop/new-arrivals/",
        "/privacy-policy/",
        "/support/faq/",
    ] {
        assert!(
            !sitemap.contains(&format!("<loc>{ORIGIN}{empty}</loc>")),
            "{empty} is listed: {sitemap}"
        );
    }
    assert!(sitemap.contains(&format!("<loc>{ORIGIN}/news/</loc>")));
    assert!(sitemap.contains(&format!("<loc>{ORIGIN}/about/</loc>")));
    let robots = read(data.path(), "robots.txt");
    assert!(
        robots.contains("User-Agent: *\nAllow: /\nDisallow: /me/"),
        "{robots}"
    );
    assert!(robots.contains(&format!("Sitemap: {ORIGIN}/sitemap.xml")));
}

#[tokio::test]
async fn a_name_cannot_end_its_script_or_attribute() {
    let (templates, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(templates.path());
    let name = r#"Gown</script><script>alert("x")</script> & 'more'"#;
    let shop = catalogue(vec![product("prod-lune", name)], Some(house()));
    publish_into(data.path(), templates.path(), &shop)
        .await
        .unwrap();
    let page = read(data.path(), "shop/product/prod-lune/lune-gown/index.html");
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(page.contains("<title>Gown&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39; — ATELIER OPALE</title>"));
    // Both scripts still parse back to the very name.
    assert_eq!(
        script_json(&page, "type=\"application/ld+json\"")[0]["name"],
        name
    );
    assert_eq!(
        script_json(&page, "id=\"first-paint\"")["/products/prod-lune"]["name"],
        name
    );
    // Every attribute keeps its quotes closed.
    let og_title = meta(&page, "og:title").unwrap();
    assert!(
        og_title.starts_with("Gown&lt;/script&gt;") && og_title.ends_with("&#39;more&#39;"),
        "{og_title}"
    );
}

#[tokio::test]
async fn a_new_publication_replaces_the_last_whole() {
    let (templates, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(templates.path());
    let both = catalogue(
        vec![
            product("prod-lune", "Lune Gown"),
            product("prod-soleil", "Soleil Gown"),
        ],
        Some(house()),
    );
    publish_into(data.path(), templates.path(), &both)
        .await
        .unwrap();
    let withdrawn = data
        .path()
        .join("site/shop/product/prod-soleil/lune-gown/index.html");
    assert!(withdrawn.is_file());

    // The product withdrawn: its page is gone, the other's is new.
    let mut soleil = product("prod-soleil", "Soleil Gown");
    soleil["status"] = json!("inactive");
    let one = catalogue(
        vec![product("prod-lune", "Lune Gown v2"), soleil],
        Some(house()),
    );
    publish_into(data.path(), templates.path(), &one)
        .await
        .unwrap();
    assert!(!withdrawn.exists(), "a withdrawn product's page is gone");
    assert!(
        read(data.path(), "shop/product/prod-lune/lune-gown/index.html").contains("Lune Gown v2")
    );
    assert!(!read(data.path(), "sitemap.xml").contains("prod-soleil"));
    let left: Vec<String> = std::fs::read_dir(data.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, vec!["site".to_string()], "no staging folder is left");

    // A publication that fails half-way changes nothing and leaves nothing behind.
    std::fs::write(
        templates.path().join("about/index.html"),
        "<html><head></head><body>no first paint</body></html>",
    )
    .unwrap();
    let error = publish_into(data.path(), templates.path(), &both)
        .await
        .unwrap_err();
    assert!(matches!(error, PublishError::Rewrite { .. }), "{error}");
    assert!(
        !withdrawn.exists()
            && read(data.path(), "shop/product/prod-lune/lune-gown/index.html")
                .contains("Lune Gown v2")
    );
    let left = std::fs::read_dir(data.path()).unwrap().count();
    assert_eq!(left, 1, "the failed publication's folder is removed");
}

#[tokio::test]
async fn without_a_house_the_words_name_none() {
    let (templates, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(templates.path());
    let mut plain = product("prod-lune", "Lune Gown");
    plain["description"] = json!("");
    let shop = catalogue(vec![plain], None);
    publish_into(data.path(), templates.path(), &shop)
        .await
        .unwrap();
    let page = read(data.path(), "shop/product/prod-lune/lune-gown/index.html");
    assert!(
        page.contains("<title>Lune Gown</title>"),
        "no house's name after the title: {page}"
    );
    assert_eq!(
        meta(&page, "description"),
        Some("Lune Gown — Été · $4,860.00. Lune Gown, made by the house.")
    );
    assert!(meta(&page, "og:site_name").is_none());
    let mut every_page = String::new();
    for file in [
        "index.html",
        "shop/index.html",
        "about/index.html",
        "shop/product/_/_/index.html",
        "404.html",
    ] {
        every_page.push_str(&read(data.path(), file));
    }
    for sample in [
        "LAN ANH",
        "Lan Anh",
        "áo dài",
        "Ho Chi Minh",
        "Saigon",
        " by  ",
        " of :",
    ] {
        assert!(
            !every_page.contains(sample),
            "{sample:?} in a page without a house"
        );
    }
    assert!(
        every_page.contains("<title>About</title>")
            && every_page.contains("The story of the house")
    );
    // No picture is named when the house names none and the page has none.
    let about = read(data.path(), "about/index.html");
    assert!(meta(&about, "og:image").is_none() && meta(&about, "twitter:card") == Some("summary"));
}

#[tokio::test]
async fn home_asks_for_its_first_banner_from_the_head() {
    let (templates, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    export(templates.path());
    let mut shop = catalogue(vec![product("prod-lune", "Lune Gown")], Some(house()));
    shop.bodies.insert(
        "/banners".into(),
        json!({ "data": [
            { "id": "b2", "order": 2, "status": "active", "imageUrl": "/blobs/images/catalog/bb22/1920.webp" },
            { "id": "b1", "order": 1, "status": "active", "imageUrl": "/blobs/images/catalog/aa11/1920.webp" }
        ] }),
    );
    publish_into(data.path(), templates.path(), &shop)
        .await
        .unwrap();

    let home = read(data.path(), "index.html");
    let base = "/blobs/images/catalog/aa11";
    let link = format!(
        "<link rel=\"preload\" as=\"image\" href=\"{base}/1920.webp\" imagesrcset=\"{base}/320.webp 320w, {base}/640.webp 640w, {base}/1280.webp 1280w, {base}/1920.webp 1920w\" imagesizes=\"100vw\" fetchpriority=\"high\"/>"
    );
    assert!(home.contains(&link), "{home}");
    let about = read(data.path(), "about/index.html");
    assert!(!about.contains("rel=\"preload\""), "{about}");
}
