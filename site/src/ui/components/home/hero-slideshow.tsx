"use client";
/** Fading banner slideshow, 8 s per slide. */
import { useEffect, useState } from "react";
import type { Banner } from "@/lib/api/types";
import { house } from "@/config/house";

export const SLIDE_MS = 8000;

export function HeroSlideshow({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (banners.length < 2) return;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % banners.length), SLIDE_MS);
    return () => window.clearInterval(t);
  }, [banners.length]);
  return (
    <section className="hero" aria-roledescription="carousel" aria-label="Featured">
      {banners.map((b, i) => (
        <img
          key={b.id}
          className={`hero__slide ${i === index ? "hero__slide--on" : ""}`}
          src={b.imageUrl}
          alt={i === index ? `${house.name} — featured ${i + 1} of ${banners.length}` : ""}
          aria-hidden={i !== index}
          width={1600}
          height={900}
          loading={i === 0 ? "eager" : "lazy"}
          fetchPriority={i === 0 ? "high" : "low"}
        />
      ))}
      {/* The banners carry their own titles; the page's heading is for assistive technology. */}
      <h1 className="visually-hidden">
        {house.name} — {house.tagline}
      </h1>
    </section>
  );
}
