"use client";
/** The lightbox: counter, prev/next, fullscreen, 3x zoom with drag to pan, close. Loaded only when opened. */
import { useMemo, useState } from "react";
import Lightbox, { type ContainerRect, type GenericSlide } from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";
import { pictureSrcSet } from "@/lib/rules/pictures";

/** The spec's zoom: at most three times the picture as the lightbox first shows it. */
export const LIGHTBOX_ZOOM = 3;
/** The pictures' shape (3:4), which the lightbox fits to the screen. */
const WIDTH_PER_HEIGHT = 3 / 4;

/**
 * A product picture as its own slide type. For the library's image slides the
 * zoom limit is a ratio of image pixels to screen pixels (3.69x at 1440 px,
 * 6.70x at 390 px for the same picture); for other slide types it is `maxZoom`,
 * a plain factor: 3x at every width.
 */
interface PictureSlide extends GenericSlide {
  type: "picture";
  src: string;
  alt: string;
}

declare module "yet-another-react-lightbox" {
  interface SlideTypes {
    picture: PictureSlide;
  }
}

const isPicture = (slide: { type?: string }): slide is PictureSlide => slide.type === "picture";

/**
 * How wide the picture is drawn (the `sizes` of its srcset): fitted to the
 * lightbox's box, times the zoom. The browser takes the width this screen
 * needs (1280 on a 390 px phone at three device pixels a CSS pixel, not 1920),
 * and a wider one only when the shopper zooms.
 */
function drawnWidth(rect: ContainerRect, zoom: number): string {
  const fitted = Math.min(rect.width, rect.height * WIDTH_PER_HEIGHT);
  return `${Math.round(fitted * zoom)}px`;
}

interface Props {
  images: string[];
  index: number;
  alt: string;
  onClose: () => void;
}

export default function ProductLightbox({ images, index, alt, onClose }: Props) {
  const [zoom, setZoom] = useState(1);
  // The same slides on every render: new ones would send the lightbox back to
  // its first `index` (and out of the zoom) each time the zoom changes.
  const slides = useMemo<PictureSlide[]>(() => images.map((src, i) => ({ type: "picture", src, alt: `${alt} — image ${i + 1}` })), [images, alt]);
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      render={{
        slide: ({ slide, rect }) =>
          isPicture(slide) ? (
            <img
              className="yarl__slide_image"
              src={slide.src}
              srcSet={pictureSrcSet(slide.src)}
              sizes={drawnWidth(rect, zoom)}
              alt={slide.alt}
              draggable={false}
            />
          ) : undefined,
      }}
      on={{ zoom: ({ zoom }) => setZoom(zoom) }}
      plugins={[Counter, Fullscreen, Zoom]}
      zoom={{ supports: ["picture"], maxZoom: LIGHTBOX_ZOOM, zoomInMultiplier: LIGHTBOX_ZOOM, scrollToZoom: true }}
      counter={{ container: { style: { top: 0, bottom: "unset" } } }}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
    />
  );
}
