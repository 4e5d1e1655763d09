// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { HousePage, NO_PAGE } from "./house-page";

let calls: { url: string }[] = [];

beforeEach(() => {
  ({ calls } = fakeFetch({
    "GET /api/pages": () => ({ body: { data: [{ id: "faq", title: "FAQ", subtitle: "", status: "active" }] } }),
    "GET /api/pages/faq": () => ({
      body: {
        id: "faq",
        title: "FAQ",
        subtitle: "",
        description: "",
        status: "active",
        html: "<h2>Livraison</h2><details><summary>Quand ?</summary><p>En deux jours.</p></details><script>alert(1)</script>",
      },
    }),
    "GET /api/pages/terms": () => ({ status: 404, body: { error: "Page not found." } }),
  }));
});

const renderFresh = (ui: React.ReactElement) => render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);

describe("HousePage", () => {
  it("shows the house's title and its body, sanitised", async () => {
    renderFresh(<HousePage id="faq" />);
    expect(await screen.findByRole("heading", { level: 1, name: "FAQ" })).toBeTruthy();
    expect(await screen.findByText("En deux jours.")).toBeTruthy();
    expect(document.querySelector("script")).toBeNull();
  });
  it("says so for a page the house does not give, without asking for it (its answer could only be a 404)", async () => {
    renderFresh(<HousePage id="terms" />);
    expect(await screen.findByText(NO_PAGE)).toBeTruthy();
    expect(calls.map((c) => c.url).filter((u) => u.includes("/pages/"))).toEqual([]);
  });
});
