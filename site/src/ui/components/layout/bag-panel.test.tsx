// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { BagPanel } from "./bag-panel";
import { PanelsProvider, usePanels } from "./panels";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

afterEach(() => vi.unstubAllGlobals());

const line = { id: "l1", product: { id: "p1", slug: "gown", name: "Ivory Gown", productGallery: ["/g.jpg"] }, category: "Set", color: "Ivory", size: "custom", quantity: 2, price: 1234.5 };

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
    fakeFetch({ "GET /api/auth/me": () => ({ body: { id: "u1", email: "a@b.c" } }), "GET /api/cart": () => ({ body: { data: [line] } }) });
    renderBag();
    expect(await screen.findByRole("heading", { name: "SHOPPING BAG (2)" })).toBeTruthy();
    expect(screen.getByText("Custom")).toBeTruthy();
    expect(screen.getByText("$2,469.00")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps the shown quantity when the update fails", async () => {
    const { calls } = fakeFetch({
      "GET /api/auth/me": () => ({ body: { id: "u1", email: "a@b.c" } }),
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
      "GET /api/auth/me": () => ({ body: { id: "u1", email: "a@b.c" } }),
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
});
