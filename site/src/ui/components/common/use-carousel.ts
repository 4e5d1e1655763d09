"use client";
/**
 * An embla carousel whose code loads once the page has hydrated: until then
 * the slides are plain markup with the first one in view, so no page waits
 * for the carousel's code to paint. As embla-carousel-react's hook: a ref for
 * the viewport, and the carousel's API once it is running (its controls stay
 * disabled until then, so an early tap waits rather than being lost).
 */
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState } from "react";

export type Carousel = EmblaCarouselType;

export function useCarousel(options: EmblaOptionsType = {}): [(viewport: HTMLElement | null) => void, Carousel | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [carousel, setCarousel] = useState<Carousel>();
  // Options are plain values: a carousel is made again only when one of them changes.
  const settings = JSON.stringify(options);
  useEffect(() => {
    if (!viewport) return;
    let live = true;
    let made: Carousel | undefined;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (!live) return;
      made = EmblaCarousel(viewport, JSON.parse(settings) as EmblaOptionsType);
      setCarousel(made);
    });
    return () => {
      live = false;
      made?.destroy();
      setCarousel(undefined);
    };
  }, [viewport, settings]);
  return [setViewport, carousel];
}
