"use client";
/** The gallery: main carousel with arrows and dots, thumbnails kept in sync, a click opens the lightbox. */
import { useCarousel } from "@/ui/components/common/use-carousel";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useState } from "react";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { CarouselArrows, CarouselDots } from "@/ui/components/common/carousel-controls";

const ProductLightbox = dynamic(() => import("./product-lightbox"), { ssr: false });

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [mainRef, main] = useCarousel({ loop: false });
  const [thumbRef, thumbs] = useCarousel({ containScroll: "keepSnaps", dragFree: true });
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);

  const onSelect = useCallback(() => {
    if (!main) return;
    const index = main.selectedScrollSnap();
    setSelected(index);
    thumbs?.scrollTo(index);
  }, [main, thumbs]);

  useEffect(() => {
    if (!main) return;
    onSelect();
    main.on("select", onSelect).on("reInit", onSelect);
    return () => {
      main.off("select", onSelect).off("reInit", onSelect);
    };
  }, [main, onSelect]);

  if (images.length === 0) return <div className="gallery gallery--empty" />;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <div className="embla" ref={mainRef}>
          <div className="embla__container">
            {images.map((src, i) => (
              <div className="embla__slide" key={src + i}>
                <button
                  type="button"
                  className="gallery__zoom"
                  onClick={() => setLightbox(i)}
                  aria-label={`Open image ${i + 1} of ${images.length} full screen`}
                >
                  <img
                    src={src}
                    srcSet={pictureSrcSet(src)}
                    sizes={PICTURE_SIZES.productGallery}
                    alt={`${name} — image ${i + 1}`}
                    width={900}
                    height={1200}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : "auto"}
                  />
                </button>
              </div>
            ))}
          </div>
        </div>
        {images.length > 1 && (
          <>
            <CarouselArrows carousel={main} noun="image" canPrev={selected > 0} canNext={selected < images.length - 1} />
            <CarouselDots carousel={main} count={images.length} selected={selected} noun="image" />
          </>
        )}
      </div>
      {images.length > 1 && (
        <div className="gallery__thumbs embla" ref={thumbRef}>
          <div className="embla__container">
            {images.map((src, i) => (
              <button
                key={src + i}
                type="button"
                className={`gallery__thumb ${i === selected ? "gallery__thumb--on" : ""}`}
                aria-label={`Show image ${i + 1}`}
                disabled={!main}
                onClick={() => main?.scrollTo(i)}
              >
                <img src={src} srcSet={pictureSrcSet(src)} sizes={PICTURE_SIZES.galleryThumb} alt="" width={90} height={120} loading="lazy" />
              </button>
            ))}
          </div>
        </div>
      )}
      {lightbox !== null && <ProductLightbox images={images} index={lightbox} alt={name} onClose={() => setLightbox(null)} />}
    </div>
  );
}
