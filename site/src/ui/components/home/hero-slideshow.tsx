"use client";
/**
 * Fading banner slideshow, 8 s per slide. Only the first banner is in the
 * page's HTML: the others are asked for once the page runs (the next shows
 * 8 s later at the earliest, and without scripts never), so on a slow network
 * they do not share the bandwidth with the first. A house with no banner
 * gets no empty picture band: its name and tagline, shown as the heading.
 */
import { useEffect, useState } from "react";
import type { Banner } from "@/lib/api/types";
import { useHouse } from "@/lib/hooks/use-house";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";

export const SLIDE_MS = 8000;

export function HeroSlideshow({ banners, bare = false }: { banners: Banner[]; bare?: boolean }) {
  const { house } = useHouse();
  const name = house?.name ?? "";
  const [index, setIndex] = useState(0);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    setRunning(true);
    if (banners.length < 2) return;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), SLIDE_MS);
    return () => window.clearInterval(t);
  }, [banners.length]);
  const heading = [name, house?.tagline].filter(Boolean).join(" — ");
  if (bare) {
    return (
      <section className="hero hero--bare" aria-label="Featured">
        <h1 className="section-title">{heading || "Featured"}</h1>
      </section>
    );
  }
  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Featured">
      {banners.map((b, i) => (
        <img
          key={b.id}
          className={`hero__slide ${i === index ? "hero__slide--on" : ""}`}
          src={i === 0 || running ? b.imageUrl : undefined}
          srcSet={i === 0 || running ? pictureSrcSet(b.imageUrl) : undefined}
          sizes={PICTURE_SIZES.fullWidth}
          alt={i === index ? [name, `featured ${i + 1} of ${banners.length}`].filter(Boolean).join(" — ") : ""}
          aria-hidden={i !== index}
          width={1600}
          height={900}
          loading={i === 0 ? "eager" : "lazy"}
          fetchPriority={i === 0 ? "high" : "low"}
        />
      ))}
      {/* The banners carry their own titles; the page's heading is for assistive technology. */}
      <h1 className="visually-hidden">{heading || "Featured"}</h1>
    </section>
  );
}
