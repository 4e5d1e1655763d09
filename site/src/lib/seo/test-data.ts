/** Catalogue entities shaped as the API answers them, for the SEO tests. */
import type { Product } from "@/lib/api/types";

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

export const draft: Product = { ...gown, id: "prod-draft", slug: "draft", status: "inactive", createdAt: "2026-01-01T00:00:00Z" } as Product;
