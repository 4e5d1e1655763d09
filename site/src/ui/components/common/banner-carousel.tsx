"use client";
/** A banner carousel: arrows, clickable dots (current highlighted), auto-advance. */
import { useCarousel } from "./use-carousel";
import { useCallback, useEffect, useState } from "react";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { CarouselArrows, CarouselDots } from "./carousel-controls";

interface Props {
  images: string[];
  alt: string;
  intervalMs: number;
}

export function BannerCarousel({ images, alt, intervalMs }: Props) {
  const [ref, embla] = useCarousel({ loop: images.length > 1 });
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => embla && setSelected(embla.selectedScrollSnap()), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on("select", onSelect);
    const t = images.length > 1 ? window.setInterval(() => embla.scrollNext(), intervalMs) : undefined;
    return () => {
      embla.off("select", onSelect);
      window.clearInterval(t);
    };
  }, [embla, onSelect, intervalMs, images.length]);
  if (images.length === 0) return null;
  return (
    <div className="banner-carousel" role="region" aria-roledescription="carousel" aria-label={alt}>
      <div className="embla" ref={ref}>
        <div className="embla__container">
          {images.map((src, i) => (
            <div className="embla__slide" key={src + i}>
              <img
                src={src}
                srcSet={pictureSrcSet(src)}
                sizes={PICTURE_SIZES.bannerCarousel}
                alt={`${alt} — ${i + 1} of ${images.length}`}
                width={1600}
                height={700}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "auto"}
              />
            </div>
          ))}
        </div>
      </div>
      {images.length > 1 && (
        <>
          <CarouselArrows carousel={embla} noun="banner" light />
          <CarouselDots carousel={embla} count={images.length} selected={selected} noun="banner" light />
        </>
      )}
    </div>
  );
}
