// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { BagPanel } from "./bag-panel";
import { PanelsProvider, usePanels } from "./panels";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => vi.unstubAllGlobals());

const line = {
  id: "l1",
  product: { id: "p1", slug: "gown", name: "Ivory Gown", productGallery: ["/g.jpg"] },
  category: "Set",
  color: "Ivory",
  size: "custom",
  quantity: 2,
  price: 1234.5,
  available: true,
};
const withdrawn = {
  ...line,
  id: "l2",
  product: { id: "p2", slug: "cape", name: "Night Cape", productGallery: ["/c.jpg"] },
  quantity: 1,
  price: 990,
  available: false,
};
const signedIn = () => ({ body: { id: "u1", email: "a@b.c" } });

function OpenBag() {
  const { toggle } = usePanels();
  return (
    <button type="button" onClick={() => toggle("bag")}>
      open
    </button>
  );
}

function renderBag() {
  renderWithSwr(
    <PanelsProvider>
      <OpenBag />
      <BagPanel />
    </PanelsProvider>,
  );
  fireEvent.click(screen.getByText("open"));
}

describe("BagPanel", () => {
  it("shows pieces, 'Custom' for a custom size and the line cost in en-US USD", async () => {
    fakeFetch({ "GET /api/auth/me": signedIn, "GET /api/cart": () => ({ body: { data: [line] } }) });
    renderBag();
    expect(await screen.findByRole("heading", { name: "SHOPPING BAG (2)" })).toBeTruthy();
    expect(screen.getByText("Custom")).toBeTruthy();
    expect(screen.getByText("$2,469.00")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps the shown quantity when the update fails", async () => {
    const { calls } = fakeFetch({
      "GET /api/auth/me": signedIn,
      "GET /api/cart": () => ({ body: [line] }),
      "PATCH /api/cart/l1": () => ({ status: 500, body: { message: "boom" } }),
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderBag();
    await screen.findByRole("heading", { name: "SHOPPING BAG (2)" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Increase quantity" })));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(screen.getByLabelText("Quantity").textContent).toBe("2");
    expect(screen.getByRole("heading", { name: "SHOPPING BAG (2)" })).toBeTruthy();
  });

  it("cannot go below 1 and shows the empty text when nothing is left", async () => {
    let lines = [{ ...line, quantity: 1 }];
    fakeFetch({
      "GET /api/auth/me": signedIn,
      "GET /api/cart": () => ({ body: lines }),
      "DELETE /api/cart/remove/l1": () => {
        lines = [];
        return { body: {} };
      },
    });
    renderBag();
    await screen.findByRole("heading", { name: "SHOPPING BAG (1)" });
    expect((screen.getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove Ivory Gown" })));
    expect(await screen.findByText("Your shopping cart is empty.")).toBeTruthy();
  });

  it("shows the server's quote as it is, adding nothing up", async () => {
    // Figures no sum of the lines gives: only the server's quote can put them on the page.
    const quote = { subtotal: 2400.1, shippingfee: 12.34, tax: 7.5, total: 1999.99 };
    fakeFetch({ "GET /api/auth/me": signedIn, "GET /api/cart": () => ({ body: { data: [line], count: 2, quote } }) });
    renderBag();
    await screen.findByRole("heading", { name: "SHOPPING BAG (2)" });
    expect(screen.getByTestId("bag-subtotal").textContent).toBe("$2,400.10");
    expect(screen.getByTestId("bag-shipping").textContent).toBe("$12.34");
    expect(screen.getByTestId("bag-tax").textContent).toBe("$7.50");
    expect(screen.getByTestId("bag-total").textContent).toBe("$1,999.99");
    // The line shows its own cost at its current price; the totals are not its sum.
    expect(screen.getByText("$2,469.00")).toBeTruthy();
    expect(screen.queryByText("$2,481.34")).toBeNull();
    expect(screen.getByRole("link", { name: "PROCEED TO CHECKOUT" }).getAttribute("href")).toMatch(/^\/checkout\/?$/);
  });

  it("shows free shipping and no tax line when the quote has none, and asks the bag again after a quantity change", async () => {
    let quote = { subtotal: 2469, shippingfee: 0, tax: 0, total: 2469 };
    let quantity = 2;
    fakeFetch({
      "GET /api/auth/me": signedIn,
      "GET /api/cart": () => ({ body: { data: [{ ...line, quantity }], count: quantity, quote } }),
      "PATCH /api/cart/l1": (init) => {
        quantity = (JSON.parse(String(init?.body)) as { quantity: number }).quantity;
        quote = { subtotal: 3703.5, shippingfee: 0, tax: 0, total: 3703.5 };
        return { body: {} };
      },
    });
    renderBag();
    await screen.findByRole("heading", { name: "SHOPPING BAG (2)" });
    expect(screen.getByTestId("bag-shipping").textContent).toBe("Free");
    expect(screen.queryByTestId("bag-tax")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Increase quantity" })));
    await screen.findByRole("heading", { name: "SHOPPING BAG (3)" });
    await waitFor(() => expect(screen.getByTestId("bag-total").textContent).toBe("$3,703.50"));
  });

  it("marks a withdrawn product's line, leaves it out of the quote and holds the checkout until it is removed", async () => {
    let lines = [line, withdrawn];
    fakeFetch({
      "GET /api/auth/me": signedIn,
      "GET /api/cart": () => ({ body: { data: lines, count: lines.length === 2 ? 3 : 2, quote: { subtotal: 2469, shippingfee: 0, tax: 0, total: 2469 } } }),
      "DELETE /api/cart/remove/l2": () => {
        lines = [line];
        return { body: {} };
      },
    });
    renderBag();
    await screen.findByRole("heading", { name: "SHOPPING BAG (3)" });
    const gone = screen.getAllByTestId("bag-line")[1]!;
    expect(gone.textContent).toContain("No longer available");
    expect(gone.textContent).not.toContain("$990.00");
    expect(screen.getAllByRole("group", { name: /Quantity of/ })).toHaveLength(1);
    expect(screen.getByTestId("bag-total").textContent).toBe("$2,469.00");
    expect(screen.getByRole("alert").textContent).toBe("Some items in your bag are no longer available. Please remove them to continue.");
    expect((screen.getByRole("button", { name: "PROCEED TO CHECKOUT" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link", { name: "PROCEED TO CHECKOUT" })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove Night Cape" })));
    expect(await screen.findByRole("link", { name: "PROCEED TO CHECKOUT" })).toBeTruthy();
    expect(screen.queryByText("No longer available")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
