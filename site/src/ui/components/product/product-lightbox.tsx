"use client";
/** The lightbox: counter, prev/next, fullscreen, 3x zoom with drag to pan, close. Loaded only when opened. */
import Lightbox from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";
import { pictureSources } from "@/lib/rules/pictures";

export const LIGHTBOX_ZOOM = 3;
/** The pictures' shape (3:4), which the lightbox fits to the screen. */
const SHAPE = { width: 1200, height: 1600 };

/**
 * A slide with every width the picture is made in: the lightbox takes the one
 * its box needs on this screen (1280 on a 390 px phone at three device pixels
 * a CSS pixel, not 1920), and a wider one only when the shopper zooms.
 */
function slide(src: string, alt: string) {
  const srcSet = pictureSources(src)?.map(({ src, width }) => ({ src, width, height: Math.round((width * SHAPE.height) / SHAPE.width) }));
  return { src, alt, ...SHAPE, srcSet };
}

interface Props {
  images: string[];
  index: number;
  alt: string;
  onClose: () => void;
}

export default function ProductLightbox({ images, index, alt, onClose }: Props) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={images.map((src, i) => slide(src, `${alt} — image ${i + 1}`))}
      plugins={[Counter, Fullscreen, Zoom]}
      zoom={{ maxZoomPixelRatio: LIGHTBOX_ZOOM, zoomInMultiplier: LIGHTBOX_ZOOM, scrollToZoom: true }}
      counter={{ container: { style: { top: 0, bottom: "unset" } } }}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
    />
  );
}
