/** @vitest-environment jsdom */
import type { ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { SWRConfig } from "swr";
import { OPALE } from "@/test/house";
import { describeProduct } from "./describe";
import { homeTitle, usePageMeta, useSitePageTitle } from "./use-page-meta";
import { draft, gown } from "./test-data";

/** The house as the page's first paint hands it to SWR. */
const withHouse = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ fallback: { "/house": OPALE }, provider: () => new Map() }}>{children}</SWRConfig>
);
const NAME = "ATELIER OPALE";

describe("usePageMeta", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    document.head.innerHTML = `<title>Product — ${NAME}</title><meta name="description" content="A piece from the house.">`;
  });
  const description = () => [...new Set([...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute("content")))].join(" | ");

  it("names the entity and the house once they have arrived", () => {
    const { rerender } = renderHook(({ product }) => usePageMeta(product, describeProduct), {
      initialProps: { product: null as typeof gown | null },
      wrapper: withHouse,
    });
    expect(document.title).toBe(`Product — ${NAME}`);
    rerender({ product: gown });
    expect(document.title).toBe(`Atelier Cathedral Bridal Gown — ${NAME}`);
    expect(description()).toBe(describeProduct(gown, OPALE).description);
  });

  it("keeps them when the route's own head is put back later, and lets go once unmounted", async () => {
    const { unmount } = renderHook(() => usePageMeta(gown, describeProduct), { wrapper: withHouse });
    document.head.innerHTML = `<title>Product</title><meta name="description" content="A piece from the house."><meta name="description" content="A piece from the house.">`;
    await vi.waitFor(() => expect(document.title).toBe(`Atelier Cathedral Bridal Gown — ${NAME}`));
    expect(description()).toBe(describeProduct(gown, OPALE).description);
    unmount();
    document.title = `About — ${NAME}`;
    await new Promise((r) => setTimeout(r, 10));
    expect(document.title).toBe(`About — ${NAME}`);
  });

  it("leaves the placeholder's words for an entity not shown", () => {
    renderHook(() => usePageMeta(draft, describeProduct), { wrapper: withHouse });
    expect(document.title).toBe(`Product — ${NAME}`);
    expect(description()).toBe("A piece from the house.");
  });

  it("names no house before the first import", () => {
    renderHook(() => usePageMeta(gown, describeProduct), {
      wrapper: ({ children }) => <SWRConfig value={{ fallback: { "/house": null }, provider: () => new Map() }}>{children}</SWRConfig>,
    });
    expect(document.title).toBe("Atelier Cathedral Bridal Gown");
  });
});

vi.mock("next/navigation", () => ({ usePathname: () => pathname }));
let pathname = "/about/";

describe("useSitePageTitle", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    document.head.innerHTML = "<title>About</title>";
  });

  it("names the house after a client-side navigation to a site page", () => {
    pathname = "/about";
    renderHook(() => useSitePageTitle(), { wrapper: withHouse });
    expect(document.title).toBe(`About — ${NAME}`);
  });

  it("titles home with the house's name and tagline, as its published head does", () => {
    pathname = "/";
    renderHook(() => useSitePageTitle(), { wrapper: withHouse });
    expect(document.title).toBe(homeTitle(OPALE));
    expect(homeTitle(OPALE)).toBe(`${NAME} — ${OPALE.tagline}`);
    expect(homeTitle(null)).toBe("Couture");
  });

  it("leaves a detail page's title to the page", () => {
    pathname = "/shop/product/prod-1/gown/";
    renderHook(() => useSitePageTitle(), { wrapper: withHouse });
    expect(document.title).toBe("About");
  });
});
