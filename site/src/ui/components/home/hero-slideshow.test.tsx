// @vitest-environment jsdom
import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Banner } from "@/lib/api/types";
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

  it("asks for the other banners once it runs, and shows each in turn", () => {
    vi.useFakeTimers();
    const { container } = render(<HeroSlideshow banners={banners} />);
    expect(sources(container)).toEqual(banners.map((b) => b.imageUrl));
    const shown = () => container.querySelector(".hero__slide--on")?.getAttribute("src");
    expect(shown()).toBe("/blobs/images/banners/banner-1.webp");
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(shown()).toBe("/blobs/images/banners/banner-2.webp");
  });
});
