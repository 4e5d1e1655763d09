// @vitest-environment jsdom
import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Banner } from "@/lib/api/types";
import { pictureSrcSet } from "@/lib/rules/pictures";
import { HeroSlideshow, SLIDE_MS } from "./hero-slideshow";

const banners = [1, 2, 3].map((n) => ({ id: `b${n}`, imageUrl: `/blobs/images/banners/banner-${n}.webp` }) as Banner);
const sources = (root: ParentNode) => [...root.querySelectorAll("img")].map((img) => img.getAttribute("src"));

afterEach(() => vi.useRealTimers());

describe("HeroSlideshow", () => {
  it("puts only the first banner in the page's HTML, fetched first", () => {
    const html = renderToString(<HeroSlideshow banners={banners} />);
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(sources(page)).toEqual(["/blobs/images/banners/banner-1.webp", null, null]);
    expect(page.querySelector("img")?.getAttribute("fetchpriority")).toBe("high");
  });

  it("gives the first banner alone its srcset in the page's HTML, the others theirs once it runs", () => {
    const made = [1, 2].map((n) => ({ id: `m${n}`, imageUrl: `/blobs/images/catalog/ab${n}/1920.webp` }) as Banner);
    const srcsets = (root: ParentNode) => [...root.querySelectorAll("img")].map((img) => img.getAttribute("srcset"));
    const html = renderToString(<HeroSlideshow banners={made} />);
    expect(srcsets(new DOMParser().parseFromString(html, "text/html"))).toEqual([pictureSrcSet(made[0]!.imageUrl), null]);
    const { container } = render(<HeroSlideshow banners={made} />);
    expect(srcsets(container)).toEqual(made.map((b) => pictureSrcSet(b.imageUrl)));
    expect(container.querySelector("img")?.getAttribute("sizes")).toBe("100vw");
  });

  it("asks for the other banners once it runs, and shows each in turn", () => {
    vi.useFakeTimers();
    const { container } = render(<HeroSlideshow banners={banners} />);
    expect(sources(container)).toEqual(banners.map((b) => b.imageUrl));
    const shown = () => container.querySelector(".hero__slide--on")?.getAttribute("src");
    expect(shown()).toBe("/blobs/images/banners/banner-1.webp");
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(shown()).toBe("/blobs/images/banners/banner-2.webp");
  });

  it("shows a house with no banner no empty picture band: a heading band instead", () => {
    const { container } = render(<HeroSlideshow banners={[]} bare />);
    expect(container.querySelector(".hero--bare h1")).not.toBeNull();
    expect(container.querySelector(".hero--bare h1")?.className).not.toContain("visually-hidden");
    expect(container.querySelectorAll("img")).toHaveLength(0);
  });
});
