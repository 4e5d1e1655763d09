// @vitest-environment jsdom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "@/lib/api/types";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { ShopList } from "./shop-list";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);
vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

const product = (id: string, name: string, price: number, color: string[], categories: string[], status: Product["status"] = "active"): Product => ({
  id,
  sku: id,
  name,
  description: "",
  categories,
  collection: "c1",
  slug: name.toLowerCase().replace(/ /g, "-"),
  size: ["S", "M"],
  color,
  price,
  status,
  productGallery: [`/blobs/${id}-1.svg`, `/blobs/${id}-2.svg`],
  createdAt: "2025-01-01T00:00:00Z",
});

const products = [
  product("p1", "Lotus Gown", 2400, ["Black"], ["women", "new"]),
  product("p2", "Saigon Suit", 1800, ["Navy"], ["Man"]),
  product("p3", "Silk Ao Dai", 950, ["Ivory", "Black"], ["Woman", "Ao Dai"]),
  product("p4", "Draft Dress", 100, ["Red"], ["women"], "inactive"),
];

beforeEach(() => {
  fakeFetch({
    "GET /api/products": () => ({ body: { data: products } }),
    "GET /api/categories": () => ({
      body: [
        { id: "1", name: "Women", status: "active" },
        { id: "2", name: "women", status: "active" },
        { id: "3", name: "new", status: "active" },
        { id: "4", name: "Ao Dai", status: "active" },
        { id: "5", name: "Hidden", status: "inactive" },
      ],
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const names = () => screen.queryAllByRole("heading", { level: 2 }).map((h) => h.textContent);

describe("ShopList", () => {
  it("lists active products with count, NEW! tag and hover image", async () => {
    renderWithSwr(<ShopList menu={null} />);
    expect(await screen.findByText("LOTUS GOWN")).toBeTruthy();
    expect(names()).toEqual(["LOTUS GOWN", "SAIGON SUIT", "SILK AO DAI"]);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("ALL PRODUCTS (3)");
    expect(screen.getAllByText("NEW!")).toHaveLength(1);
    expect(document.querySelectorAll(".product-card__img--hover")).toHaveLength(3);
  });

  it("applies the men and women menu rules", async () => {
    const { unmount } = renderWithSwr(<ShopList menu="men" />);
    expect(await screen.findByText("SAIGON SUIT")).toBeTruthy();
    expect(names()).toEqual(["SAIGON SUIT"]);
    unmount();
    renderWithSwr(<ShopList menu="women" />);
    await screen.findByText("LOTUS GOWN");
    expect(names()).toEqual(["LOTUS GOWN", "SILK AO DAI"]);
  });

  it("shows the empty text for a menu without products", async () => {
    renderWithSwr(<ShopList menu="swimwear" />);
    expect(await screen.findByText("No product found.")).toBeTruthy();
  });

  it("filters only on Apply, sorts by price, and resets", async () => {
    renderWithSwr(<ShopList menu={null} />);
    await screen.findByText("LOTUS GOWN");
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    const form = screen.getByRole("form", { name: "Filters" });
    const categoryBoxes = within(form).getAllByRole("checkbox");
    // All, Women, Ao Dai: 'new' hidden, duplicates collapsed, inactive gone.
    expect(categoryBoxes.map((b) => b.parentElement?.textContent)).toEqual(["All", "Women", "Ao Dai"]);
    fireEvent.change(within(form).getByLabelText("Color"), { target: { value: "Black" } });
    fireEvent.change(within(form).getByLabelText("Prices"), { target: { value: "asc" } });
    expect(names()).toEqual(["LOTUS GOWN", "SAIGON SUIT", "SILK AO DAI"]);
    fireEvent.click(within(form).getByRole("button", { name: "Apply" }));
    expect(names()).toEqual(["SILK AO DAI", "LOTUS GOWN"]);
    fireEvent.click(within(form).getByLabelText("Ao Dai"));
    fireEvent.click(within(form).getByRole("button", { name: "Apply" }));
    expect(names()).toEqual(["SILK AO DAI"]);
    fireEvent.click(within(form).getByRole("button", { name: "Reset" }));
    expect(names()).toEqual(["LOTUS GOWN", "SAIGON SUIT", "SILK AO DAI"]);
  });

  it("empties the list, without crashing, when the fetch fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    fakeFetch({ "GET /api/products": () => ({ status: 500, body: { message: "boom" } }), "GET /api/categories": () => ({ body: [] }) });
    renderWithSwr(<ShopList menu={null} />);
    expect(await screen.findByText("No product found.")).toBeTruthy();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("ShopList with the build-time catalogue", () => {
  it("shows the snapshot's products on its first render, then the API's answer", async () => {
    const snapshot = [product("p9", "Snapshot Gown", 1200, ["Black"], ["women"])];
    const { fn } = fakeFetch({ "GET /api/products": () => ({ body: { data: products } }), "GET /api/categories": () => ({ body: [] }) });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fallback: { "/products": snapshot } }}>
        <ShopList menu={null} />
      </SWRConfig>,
    );
    expect(names()).toEqual(["SNAPSHOT GOWN"]);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(await screen.findByText("LOTUS GOWN")).toBeTruthy();
    expect(names()).toEqual(["LOTUS GOWN", "SAIGON SUIT", "SILK AO DAI"]);
    expect(fn).toHaveBeenCalledWith("/api/products", expect.anything());
  });
});
