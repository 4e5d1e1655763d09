// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { router } from "@/test/next-mocks";
import { renderWithSwr } from "@/test/render";
import { PanelsProvider, usePanels } from "./panels";
import { SearchPanel } from "./search-panel";

vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).navigationMock);

function Opener() {
  const { toggle } = usePanels();
  return (
    <button type="button" onClick={() => toggle("search")}>
      open search
    </button>
  );
}

beforeEach(() => {
  router.push.mockClear();
  fakeFetch({
    "GET /api/categories": () => ({
      body: {
        data: [
          { id: "1", name: "Dress", status: "active" },
          { id: "2", name: "DRESS", status: "active" },
          { id: "3", name: "Old", status: "inactive" },
        ],
      },
    }),
    "GET /api/menus": () => ({
      body: [
        { id: "m2", title: "Lotus", link: { kind: "collection", id: "c2", slug: "lotus" }, status: "active", order: 2 },
        { id: "m1", title: "Silk Road", link: { kind: "page", path: "/shop" }, status: "active", order: 1 },
      ],
    }),
  });
  renderWithSwr(
    <PanelsProvider>
      <Opener />
      <SearchPanel />
    </PanelsProvider>,
  );
  fireEvent.click(screen.getByText("open search"));
});
afterEach(() => vi.unstubAllGlobals());

describe("SearchPanel", () => {
  it("searches on Enter with non-blank text and ignores blank input", () => {
    const input = screen.getByLabelText("What are you looking for?");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(router.push).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: " áo dài " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(router.push).toHaveBeenCalledWith("/search/?q=%C3%A1o%20d%C3%A0i");
  });

  it("recommends de-duplicated active categories then menus by order, and searches on click", async () => {
    await screen.findByText("Lotus");
    const suggestions = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(suggestions).toEqual(["Dress", "Silk Road", "Lotus"]);
    expect(screen.getByText("RECOMMEND SEARCHES")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Silk Road" }));
    expect(router.push).toHaveBeenCalledWith("/search/?q=Silk%20Road");
  });

  it("opens again with an empty box, so typing starts a new search", () => {
    const input = screen.getByLabelText("What are you looking for?");
    fireEvent.change(input, { target: { value: "camisole" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.queryByLabelText("What are you looking for?")).toBeNull();
    fireEvent.click(screen.getByText("open search"));
    expect(screen.getByLabelText<HTMLInputElement>("What are you looking for?").value).toBe("");
  });

  it("locks the page scroll while open", () => {
    expect(document.body.style.overflow).toBe("hidden");
  });
});
