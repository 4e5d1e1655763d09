// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "@/lib/api/types";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { AddToCart, MADE_TO_ORDER_ONLY } from "./add-to-cart";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

const product: Product = {
  id: "p1",
  sku: "LA-001",
  name: "Lotus Set",
  description: "",
  categories: ["women"],
  collection: "c1",
  slug: "lotus-set",
  size: ["S", "M"],
  color: ["Black", "Ivory"],
  price: 3200,
  status: "active",
  productGallery: [],
  items: [
    { name: "Jacket", price: 2000 },
    { name: "Trousers", price: 1400 },
  ],
  createdAt: "2025-01-01T00:00:00Z",
};

afterEach(() => vi.unstubAllGlobals());

const setup = () =>
  renderWithSwr(
    <>
      <AddToCart product={product} />
      <ToastContainer />
    </>,
  );

describe("AddToCart", () => {
  it("requires a colour before calling the server", () => {
    const { calls } = fakeFetch({});
    setup();
    fireEvent.click(screen.getByRole("button", { name: "ADD TO CART" }));
    expect(screen.getByRole("alert").textContent).toBe("Please select the color.");
    // Only the session probe (GET /auth/me) may have gone out: nothing was added.
    expect(calls.filter((c) => !c.url.startsWith("/api/auth/"))).toHaveLength(0);
  });

  it("prices the chosen piece", () => {
    fakeFetch({});
    setup();
    expect(screen.getByText("$3,200.00", { selector: ".buy__price" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "Trousers" } });
    expect(screen.getByText("$1,400.00", { selector: ".buy__price" })).toBeTruthy();
  });

  it("tells a visitor to log in (401)", async () => {
    fakeFetch({
      "POST /api/cart/add": () => ({ status: 401, body: { message: "Your session has expired. Please log in again." } }),
      "POST /api/auth/refresh": () => ({ status: 401, body: {} }),
    });
    setup();
    fireEvent.change(screen.getByLabelText("Color"), { target: { value: "Ivory" } });
    fireEvent.click(screen.getByRole("button", { name: "ADD TO CART" }));
    expect(await screen.findByText("Log in to start building your cart and enjoy a faster checkout!")).toBeTruthy();
  });

  it("shows the success banner and posts the choice", async () => {
    const { calls } = fakeFetch({ "POST /api/cart/add": () => ({ body: { data: { id: "line1" } } }) });
    setup();
    fireEvent.change(screen.getByLabelText("Color"), { target: { value: "Black" } });
    fireEvent.change(screen.getByLabelText("Size"), { target: { value: "M" } });
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "Jacket" } });
    fireEvent.click(screen.getByRole("button", { name: "ADD TO CART" }));
    expect(await screen.findByText("Add to cart successfully!")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/cart/add")?.body).toEqual({
      productId: "p1",
      size: "M",
      color: "Black",
      quantity: 1,
      category: "Jacket",
      price: 2000,
    });
  });

  it("asks a visitor to log in when pressing the heart", async () => {
    fakeFetch({ "POST /api/wishlist/add": () => ({ status: 401, body: {} }), "POST /api/auth/refresh": () => ({ status: 401, body: {} }) });
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Add to wishlist" }));
    expect(await screen.findByText("Please log in to add products to your wishlist.")).toBeTruthy();
  });
  it("offers a piece made to order only by request: no size, no ADD TO CART", () => {
    renderWithSwr(<AddToCart product={{ ...product, madeToOrder: true, size: [] }} />);
    expect(screen.queryByRole("button", { name: "ADD TO CART" })).toBeNull();
    expect(screen.queryByText("Size")).toBeNull();
    expect(screen.getByText(MADE_TO_ORDER_ONLY)).toBeTruthy();
    expect(screen.getByRole("button", { name: "CUSTOM TO ORDER" })).toBeTruthy();
  });
});
