// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Product } from "@/lib/api/types";
import { renderWithSwr } from "@/test/render";
import { CARDS_PER_GROUP, ProductGrid } from "./product-grid";

vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

const product = (n: number) => ({ id: `p${n}`, slug: `piece-${n}`, name: `Piece ${n}`, price: 100 + n, productGallery: [`/blobs/p${n}.svg`], categories: [], color: [], status: "active" }) as unknown as Product;

describe("ProductGrid", () => {
  it("shows every card once and in order across its hydration groups; only the first image is fetched first", () => {
    const products = Array.from({ length: CARDS_PER_GROUP + 2 }, (_, i) => product(i + 1));
    renderWithSwr(<ProductGrid products={products} />);
    const names = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(products.map((p) => p.name.toUpperCase()));
    const images = screen.getAllByRole("img").filter((img) => img.getAttribute("alt"));
    expect(images.map((img) => img.getAttribute("fetchpriority"))).toEqual(products.map((_, i) => (i === 0 ? "high" : "auto")));
  });
});
