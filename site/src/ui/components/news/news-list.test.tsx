// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { News } from "@/lib/api/types";
import { fakeFetch } from "@/test/fake-fetch";
import { OPALE } from "@/test/house";
import { renderWithSwr } from "@/test/render";
import { NewsList } from "./news-list";

vi.mock("next/link", async () => ({ default: (await import("@/test/next-mocks")).LinkMock }));
afterEach(() => vi.unstubAllGlobals());

const news = (id: string, title: string, createdAt: string, status: News["status"] = "active"): News => ({
  id,
  slug: id,
  title,
  description: `About ${title}`,
  poster: `/blobs/${id}.svg`,
  content: "",
  status,
  createdAt,
  updatedAt: createdAt,
});

describe("NewsList", () => {
  it("shows active news newest first with uppercase titles and links", async () => {
    fakeFetch({
      "GET /api/news": () => ({
        body: [
          news("n1", "Spring show", "2025-02-01T03:00:00Z"),
          news("n2", "Hidden", "2025-05-01T03:00:00Z", "inactive"),
          news("n3", "Atelier opens", "2025-04-01T03:00:00Z"),
        ],
      }),
      // The dates read on the house's clock, GMT+7 here.
      "GET /api/house": () => ({ body: { ...OPALE, utcOffsetMinutes: 7 * 60 } }),
    });
    renderWithSwr(<NewsList />);
    await screen.findByText("SPRING SHOW");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["ATELIER OPENS", "SPRING SHOW"]);
    expect(await screen.findByText("April 01, 2025 at 10:00 AM")).toBeTruthy();
    expect(screen.getAllByRole("link")[0]?.getAttribute("href")).toBe("/news/n3/n3/");
  });

  it("shows the empty text when the fetch fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    fakeFetch({ "GET /api/news": () => ({ status: 500, body: {} }) });
    renderWithSwr(<NewsList />);
    expect(await screen.findByText("No news articles have been posted yet.")).toBeTruthy();
    error.mockRestore();
  });
});
