"use client";
/** The scroll-to-top button (smooth), shown once the page has scrolled past the header's flag. */
import { useEffect, useState } from "react";
import { ArrowUp } from "@/ui/components/common/icons";
import { SCROLL_FLAG_PX } from "./header";

export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_FLAG_PX);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button type="button" className="scroll-top" aria-label="Back to top" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
      <ArrowUp />
    </button>
  );
}
