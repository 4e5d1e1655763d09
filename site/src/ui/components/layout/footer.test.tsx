// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { OPALE } from "@/test/house";
import { Footer } from "./footer";

vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));

const page = (id: string) => ({ id, title: id, description: "", status: "active" });

const category = (name: string) => ({ id: `cat-${name}`, name, status: "active" });

function renderFooter(pages: string[], categories = ["new", "women", "men"]) {
  const fallback = { "/house": OPALE, "/pages": pages.map(page), "/menus": [], "/categories": categories.map(category) };
  return render(
    <SWRConfig value={{ provider: () => new Map(), fallback, revalidateOnMount: false }}>
      <Footer />
    </SWRConfig>,
  );
}

beforeEach(() => {
  fakeFetch({});
});

describe("Footer", () => {
  it("names the house the catalogue gives: its address, contacts, social pages and copyright", () => {
    renderFooter(["about", "faq", "contact", "privacy", "terms"]);
    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain("3 rue des Lilas");
    expect(footer.textContent).toContain("Lyon, France");
    expect(within(footer).getByRole("link", { name: "+33 4 78 00 00 00" }).getAttribute("href")).toBe("tel:+33478000000");
    expect(within(footer).getByRole("link", { name: "bonjour@opale.example" })).toBeTruthy();
    expect(footer.textContent).toContain("Tuesday to Saturday 10:00-19:00");
    expect(within(footer).getByRole("link", { name: "Instagram" }).getAttribute("href")).toBe("https://www.instagram.com/atelieropale");
    expect(within(footer).queryByRole("link", { name: "Facebook" })).toBeNull();
    expect(footer.textContent).toMatch(/© \d{4} ATELIER OPALE\. All rights reserved\./);
  });
  it("links only to the pages the house gives", () => {
    renderFooter(["faq", "terms"]);
    const support = screen.getByRole("navigation", { name: "Support" });
    const labels = within(support)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(labels).toEqual(["My Orders", "FAQ", "Terms & Conditions"]);
    const shop = screen.getByRole("navigation", { name: "Shop" });
    expect(within(shop).queryByRole("link", { name: "Made To Order" })).toBeNull();
  });
  it("leaves out the shop's menus no category of the house stands for", () => {
    renderFooter([], ["Robes", "Woman"]);
    const shop = screen.getByRole("navigation", { name: "Shop" });
    expect(
      within(shop)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Women", "All Products"]);
  });
});
