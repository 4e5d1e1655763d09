/** @vitest-environment jsdom */
import { renderHook } from "@testing-library/react";
import { house } from "@/config/house";
import { describeProduct } from "./describe";
import { usePageMeta } from "./use-page-meta";
import { draft, gown } from "./test-data";

describe("usePageMeta", () => {
  beforeEach(() => {
    document.head.innerHTML = `<title>Product — ${house.name}</title><meta name="description" content="A piece from the house.">`;
  });
  const description = () => [...new Set([...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute("content")))].join(" | ");

  it("names the entity once it has arrived", () => {
    const { rerender } = renderHook(({ product }) => usePageMeta(product, describeProduct), { initialProps: { product: null as typeof gown | null } });
    expect(document.title).toBe(`Product — ${house.name}`);
    rerender({ product: gown });
    expect(document.title).toBe(`Atelier Cathedral Bridal Gown — ${house.name}`);
    expect(description()).toBe(describeProduct(gown).description);
  });

  it("keeps them when the route's own head is put back later, and lets go once unmounted", async () => {
    const { unmount } = renderHook(() => usePageMeta(gown, describeProduct));
    document.head.innerHTML = `<title>Product — ${house.name}</title><meta name="description" content="A piece from the house."><meta name="description" content="A piece from the house.">`;
    await vi.waitFor(() => expect(document.title).toBe(`Atelier Cathedral Bridal Gown — ${house.name}`));
    expect(description()).toBe(describeProduct(gown).description);
    unmount();
    document.title = `About — ${house.name}`;
    await new Promise((r) => setTimeout(r, 10));
    expect(document.title).toBe(`About — ${house.name}`);
  });

  it("leaves the placeholder's words for an entity not shown", () => {
    renderHook(() => usePageMeta(draft, describeProduct));
    expect(document.title).toBe(`Product — ${house.name}`);
    expect(description()).toBe("A piece from the house.");
  });
});
