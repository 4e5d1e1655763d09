import { house } from "@/config/house";
import { productCrumbs } from "./crumbs";
import { breadcrumbLd, jsonLdText, newsArticleLd, organizationLd, productLd, runwayVideosLd, youtubeEmbed } from "./json-ld";
import { article, gown, ivory, ORIGIN, show } from "./test-data";

describe("JSON-LD", () => {
  it("a product with its offer: price in the shop's currency, in stock, absolute pictures, the house as brand", () => {
    const ld = productLd(gown, ORIGIN);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Atelier Cathedral Bridal Gown",
      sku: "CH-IVO-001",
      image: ["https://couture.example/blobs/images/catalog/71abf436c43fa245fbbb/800.webp", "https://couture.example/blobs/images/catalog/ed99c1ea82d3bb9606d3/800.webp"],
      brand: { "@type": "Brand", name: house.name },
      offers: {
        "@type": "Offer",
        price: "12800.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: "https://couture.example/shop/product/prod-ivory-atelier-01/atelier-cathedral-bridal-gown/",
      },
    });
    expect(ld.description).toBe("From Ivory Atelier, Bridal 2025. The atelier's bridal pieces: ivory crepe & hand-set pearls. Dry clean only.");
  });

  it("a product's breadcrumbs run home, shop, its collection, itself", () => {
    const ld = breadcrumbLd(productCrumbs(gown, ivory), ORIGIN);
    expect((ld.itemListElement as { position: number; name: string; item: string }[]).map((c) => [c.position, c.name, c.item])).toEqual([
      [1, "Home", "https://couture.example/"],
      [2, "All products", "https://couture.example/shop/"],
      [3, "Ivory Atelier", "https://couture.example/collection/col-ivory-atelier/ivory-atelier/"],
      [4, "Atelier Cathedral Bridal Gown", "https://couture.example/shop/product/prod-ivory-atelier-01/atelier-cathedral-bridal-gown/"],
    ]);
  });

  it("the house: name, address, logo", () => {
    expect(organizationLd(ORIGIN)).toMatchObject({ "@type": "Organization", name: house.name, url: "https://couture.example/", address: { streetAddress: house.address.street, addressLocality: house.address.city } });
  });

  it("a news article: headline, poster, dates, the house as author and publisher", () => {
    expect(newsArticleLd(article, ORIGIN)).toMatchObject({
      "@type": "NewsArticle",
      headline: "Monsoon Silk: a first look",
      image: ["https://couture.example/blobs/images/catalog/5a69a7c26bf68243e869/1200.webp"],
      datePublished: article.createdAt,
      dateModified: article.updatedAt,
      author: { name: house.name },
      publisher: { name: house.name },
    });
  });

  it("a runway's films: the show's on YouTube (embed), the campaign's file; the show's date and pictures", () => {
    const [film, campaign, more] = runwayVideosLd(show, ORIGIN);
    expect(film).toMatchObject({ "@type": "VideoObject", name: "Lotus Reverie Runway — the film", embedUrl: "https://www.youtube.com/embed/aqz-KE-bpKQ", uploadDate: show.createdAt, thumbnailUrl: [`${ORIGIN}${show.banners[0]}`] });
    expect(film?.description).toBe("The Lotus Reverie show, Spring Summer 2025. Petal-soft organza.");
    expect(campaign).toMatchObject({ contentUrl: `${ORIGIN}${show.video}`, thumbnailUrl: [`${ORIGIN}${show.banners[1]}`] });
    expect(more).toBeUndefined();
    expect(runwayVideosLd({ ...show, youtubeUrl: "" }, ORIGIN)).toEqual([expect.objectContaining({ contentUrl: `${ORIGIN}${show.video}` })]);
  });

  it("YouTube addresses become embed addresses; others none", () => {
    expect(youtubeEmbed("https://www.youtube.com/watch?v=abc_123")).toBe("https://www.youtube.com/embed/abc_123");
    expect(youtubeEmbed("https://youtu.be/abc")).toBe("https://www.youtube.com/embed/abc");
    expect(youtubeEmbed("https://vimeo.com/1")).toBeNull();
    expect(youtubeEmbed("not a url")).toBeNull();
  });

  it("the script's text cannot end its element, and reads back the same", () => {
    const evil = { ...gown, name: "</script><script>alert(1)</script> & co\u2028ltd" };
    const text = jsonLdText(productLd(evil, ORIGIN));
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script> & co\u2028ltd");
  });
});
