/** Catalogue entities shaped as the snapshot holds them (`shopctl snapshot` of the sample catalogue), for the SEO tests. */
import type { Collection, News, Product, Runway } from "@/lib/api/types";

export const ORIGIN = "https://couture.example";

export const gown: Product = {
  categories: ["women", "Bridal", "Gowns"],
  collection: "col-ivory-atelier",
  collectionName: "Ivory Atelier",
  color: ["Ivory", "White"],
  createdAt: "2025-01-23T09:00:00.000000Z",
  description:
    "<p style=\"font-size:40px\">From <em>Ivory Atelier</em>, Bridal 2025.</p><p>The atelier's bridal pieces: ivory crepe &amp; hand-set pearls.</p><ul><li>Dry clean only.</li></ul><script>alert('sanitise me')</script>",
  id: "prod-ivory-atelier-01",
  items: [],
  name: " Atelier Cathedral Bridal Gown ",
  price: 12800.0,
  productGallery: ["/blobs/images/catalog/71abf436c43fa245fbbb/800.webp", "/blobs/images/catalog/ed99c1ea82d3bb9606d3/800.webp"],
  size: ["S", "M"],
  sku: "CH-IVO-001",
  slug: "atelier-cathedral-bridal-gown",
  status: "active",
  tag: ["Bridal 2025"],
} as Product;

export const coat: Product = { ...gown, id: "prod-ivory-atelier-10", name: "Atelier Opera Coat", slug: "atelier-opera-coat", categories: ["men", "Outerwear"], createdAt: "2025-02-04T09:00:00.000000Z", price: 4100 } as Product;
export const draft: Product = { ...gown, id: "prod-draft", slug: "draft", status: "inactive", createdAt: "2026-01-01T00:00:00Z" } as Product;

export const ivory: Collection = {
  banner: ["/blobs/images/catalog/b5bd9d0de843c47d6e41/1600.webp"],
  description: "<p><strong>Bridal 2025</strong> — The atelier's bridal and ceremony pieces.</p>",
  id: "col-ivory-atelier",
  name: "  Ivory Atelier  ",
  slug: "ivory-atelier",
  status: "active",
  products: [gown, coat, draft],
} as Collection;

export const show: Runway = {
  banners: ["/blobs/images/catalog/a673db1a3a8750c70b3d/1600.webp", "/blobs/images/catalog/5c3bec2177b5c28ae5ff/1600.webp"],
  celebs: [],
  collection: { id: "col-lotus-reverie", name: "Lotus Reverie", slug: "lotus-reverie" },
  createdAt: "2025-03-14T20:00:00.000000Z",
  description: "<p>The Lotus Reverie show, Spring Summer 2025.</p><p>Petal-soft organza.</p>",
  galleries: [],
  id: "run-lotus-reverie",
  isFeatured: false,
  name: "Lotus Reverie Runway",
  slug: "lotus-reverie",
  status: "active",
  video: "/blobs/images/catalog/d9ae4904fcf6350c98cf/film.mp4",
  youtubeUrl: "https://www.youtube.com/embed/aqz-KE-bpKQ",
} as Runway;

export const article: News = {
  content: "<p>A preview of the Resort 2026 collection.</p><img src=\"x\" onerror=\"alert(1)\">",
  createdAt: "2025-10-30T08:30:00.000000Z",
  description: "A preview of the Resort 2026 collection, photographed in the Mekong delta.",
  id: "news-monsoon-preview",
  poster: "/blobs/images/catalog/5a69a7c26bf68243e869/1200.webp",
  slug: "monsoon-silk-a-first-look",
  status: "active",
  title: "Monsoon Silk: a first look",
  updatedAt: "2025-10-30T16:45:00.000000Z",
} as News;
