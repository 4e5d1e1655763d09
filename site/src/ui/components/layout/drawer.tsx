"use client";
/** A side drawer with a backdrop: the shell of every overlay panel; focus stays inside while it is open. */
import { useRef, type ReactNode } from "react";
import { CloseIcon } from "@/ui/components/common/icons";
import { useFocusTrap } from "@/ui/components/common/use-focus-trap";

interface Props {
  open: boolean;
  side?: "left" | "right";
  label: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

export function Drawer({ open, side = "right", label, onClose, children, wide = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open);
  if (!open) return null;
  return (
    <div className="drawer-root">
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={ref} className={`drawer drawer--${side} ${wide ? "drawer--wide" : ""}`} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
        <button type="button" className="icon-button drawer__close" onClick={onClose} aria-label="Close">
          <CloseIcon />
        </button>
        {children}
      </div>
    </div>
  );
}
