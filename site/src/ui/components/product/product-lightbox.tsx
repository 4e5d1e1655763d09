"use client";
/** The lightbox: counter, prev/next, fullscreen, 3x zoom with drag to pan, close. Loaded only when opened. */
import Lightbox from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";

export const LIGHTBOX_ZOOM = 3;

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
      slides={images.map((src, i) => ({ src, alt: `${alt} — image ${i + 1}`, width: 1200, height: 1600 }))}
      plugins={[Counter, Fullscreen, Zoom]}
      zoom={{ maxZoomPixelRatio: LIGHTBOX_ZOOM, zoomInMultiplier: LIGHTBOX_ZOOM, scrollToZoom: true }}
      counter={{ container: { style: { top: 0, bottom: "unset" } } }}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
    />
  );
}
