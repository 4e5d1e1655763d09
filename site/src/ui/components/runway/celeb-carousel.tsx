"use client";
/** Celebrity images, 3 per page, stepping a page at a time. */
import { useCarousel } from "@/ui/components/common/use-carousel";
import { useCallback, useEffect, useState } from "react";
import { CarouselArrows } from "@/ui/components/common/carousel-controls";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";

export const CELEBS_PER_PAGE = 3;

export function CelebCarousel({ images, name, label = "Celebrities" }: { images: string[]; name: string; label?: string }) {
  const [ref, embla] = useCarousel({ align: "start", slidesToScroll: CELEBS_PER_PAGE, containScroll: "trimSnaps" });
  const [can, setCan] = useState({ prev: false, next: images.length > CELEBS_PER_PAGE });
  const update = useCallback(() => embla && setCan({ prev: embla.canScrollPrev(), next: embla.canScrollNext() }), [embla]);
  useEffect(() => {
    if (!embla) return;
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla, update]);
  return (
    <div className="celebs" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="embla" ref={ref}>
        <div className="embla__container">
          {images.map((src, i) => (
            <div className="embla__slide celebs__slide" key={src + i}>
              <img
                src={src}
                srcSet={pictureSrcSet(src)}
                sizes={PICTURE_SIZES.runwayCarousel}
                alt={`${label === "Celebrities" ? "Guest at" : "Look from"} ${name}, ${i + 1}`}
                width={600}
                height={800}
                loading="lazy"
              />
            </div>
          ))}
        </div>
      </div>
      <CarouselArrows carousel={embla} noun="celebrities" canPrev={can.prev} canNext={can.next} />
    </div>
  );
}
