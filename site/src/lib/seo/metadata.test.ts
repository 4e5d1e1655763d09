import { house } from "@/config/house";
import { describeCollection, describeNews, describeProduct, fullTitle } from "./describe";
import { collectionMetadata, newsMetadata, pictureOf, productMetadata, runwayMetadata } from "./metadata";
import { siteMetadata } from "./pages";
import { article, draft, gown, ivory, show } from "./test-data";

describe("what a page says it shows", () => {
  it("a product: its name; its collection, price and own words in the description", () => {
    const { title, description } = describeProduct(gown);
    expect(title).toBe("Atelier Cathedral Bridal Gown");
    expect(description).toMatch(/^Atelier Cathedral Bridal Gown — Ivory Atelier · \$12,800\.00\. From Ivory Atelier, Bridal 2025\. The atelier's bridal pieces: ivory crepe & hand-set pearls\./);
    expect(description).not.toMatch(/alert|</);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(fullTitle(title)).toBe(`Atelier Cathedral Bridal Gown — ${house.name}`);
  });

  it("a collection, a news item: trimmed names, plain descriptions", () => {
    expect(describeCollection(ivory)).toEqual({ title: "Ivory Atelier collection", description: "Bridal 2025 — The atelier's bridal and ceremony pieces." });
    expect(describeNews(article).description).toBe(article.description);
  });
});

describe("a page's head", () => {
  it("a product: canonical at its address, Open Graph and Twitter with its first picture and size", () => {
    const meta = productMetadata(gown);
    expect(meta.title).toBe("Atelier Cathedral Bridal Gown");
    expect(meta.alternates?.canonical).toBe("/shop/product/prod-ivory-atelier-01/atelier-cathedral-bridal-gown/");
    expect(meta.openGraph).toMatchObject({ siteName: house.name, url: "/shop/product/prod-ivory-atelier-01/atelier-cathedral-bridal-gown/", images: [{ url: gown.productGallery[0], width: 800, height: 1066 }] });
    // og:type product is written by the page (Next's types lack it).
    expect(meta.openGraph).not.toHaveProperty("type");
    expect(meta.twitter).toMatchObject({ card: "summary_large_image", images: [{ url: gown.productGallery[0] }] });
  });

  it("collection, runway and news: their own address, picture and type", () => {
    expect(collectionMetadata(ivory).alternates?.canonical).toBe("/collection/col-ivory-atelier/ivory-atelier/");
    expect(runwayMetadata(show).openGraph).toMatchObject({ type: "website", url: "/runway/run-lotus-reverie/lotus-reverie/", images: [{ width: 1600, height: 700 }] });
    expect(newsMetadata(article).openGraph).toMatchObject({ type: "article", images: [{ url: article.poster, width: 1200, height: 800 }] });
  });

  it("a placeholder (an entity the build does not know or shows no more) names no address of its own", () => {
    for (const meta of [productMetadata(undefined), productMetadata(draft)]) {
      expect(meta.title).toBe("Product");
      expect(meta.alternates).toBeUndefined();
      expect(meta.openGraph).not.toHaveProperty("url");
    }
  });

  it("a private page is not to be listed and names no canonical; a public one does", () => {
    expect(siteMetadata("/me/orders/")).toMatchObject({ robots: { index: false }, title: "My Orders" });
    expect(siteMetadata("/me/orders/").alternates).toBeUndefined();
    expect(siteMetadata("/about/")).toMatchObject({ alternates: { canonical: "/about/" } });
    expect(siteMetadata("/about/").robots).toBeUndefined();
    expect(siteMetadata("/terms-and-conditions/", "/terms-and-conditions/").alternates?.canonical).toBe("/terms-and-conditions/");
  });

  it("a picture's size comes from its catalogue address; another address has none", () => {
    expect(pictureOf("/blobs/images/catalog/abc123/640.webp", "poster")).toEqual({ url: "/blobs/images/catalog/abc123/640.webp", width: 640, height: 426, alt: undefined });
    expect(pictureOf("https://cdn.example/x.jpg", "product")).toEqual({ url: "https://cdn.example/x.jpg", alt: undefined });
    expect(pictureOf(undefined, "product")).toBeUndefined();
  });
});
