"use client";
/**
 * A centred modal dialog with a title, Escape and backdrop to close, and focus kept inside while open.
 * It is drawn at the end of the body: opened from inside a stacking context (the product page's sticky
 * column), it would otherwise sit under the header and the gallery's arrows, which stayed clickable.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons";
import { useFocusTrap } from "./use-focus-trap";

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: "md" | "lg" | "video";
  hideTitle?: boolean;
}

export function Modal({ open, title, onClose, children, size = "md", hideTitle = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open);
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, [open, onClose]);
  if (!open || typeof document === "undefined") return null;
  return createPortal(
    <div className="modal-root">
      <div className="modal-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={ref} className={`modal modal--${size}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <button type="button" className="icon-button modal__close" onClick={onClose} aria-label="Close">
          <CloseIcon />
        </button>
        {/* The body scrolls; the close button, outside it, stays in view. */}
        <div className="modal__body">
          {!hideTitle && <h2 className="modal__title">{title}</h2>}
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
