"use client";
/**
 * A carousel's arrows and dots. Each stays disabled until the carousel's code
 * is running (see useCarousel), so an early tap waits rather than being lost.
 */
import { ArrowLeft, ArrowRight } from "./icons";
import type { Carousel } from "./use-carousel";

interface ArrowsProps {
  carousel: Carousel | undefined;
  /** What a step shows, in the buttons' names: "Previous banner", "Next banner". */
  noun: string;
  canPrev?: boolean;
  canNext?: boolean;
  /** Light arrows, for dark pictures. */
  light?: boolean;
}

export function CarouselArrows({ carousel, noun, canPrev = true, canNext = true, light = false }: ArrowsProps) {
  const tone = light ? " carousel-arrow--light" : "";
  return (
    <>
      <button
        type="button"
        className={`carousel-arrow carousel-arrow--prev${tone}`}
        aria-label={`Previous ${noun}`}
        disabled={!carousel || !canPrev}
        onClick={() => carousel?.scrollPrev()}
      >
        <ArrowLeft />
      </button>
      <button
        type="button"
        className={`carousel-arrow carousel-arrow--next${tone}`}
        aria-label={`Next ${noun}`}
        disabled={!carousel || !canNext}
        onClick={() => carousel?.scrollNext()}
      >
        <ArrowRight />
      </button>
    </>
  );
}

interface DotsProps {
  carousel: Carousel | undefined;
  count: number;
  selected: number;
  /** One slide, in the dots' names: "Choose banner", "Banner 1". */
  noun: string;
  light?: boolean;
}

export function CarouselDots({ carousel, count, selected, noun, light = false }: DotsProps) {
  const name = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div className={`dots${light ? " dots--light" : ""}`} role="group" aria-label={`Choose ${noun}`}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className={`dot ${i === selected ? "dot--on" : ""}`}
          aria-label={`${name} ${i + 1}`}
          aria-current={i === selected}
          disabled={!carousel}
          onClick={() => carousel?.scrollTo(i)}
        />
      ))}
    </div>
  );
}
