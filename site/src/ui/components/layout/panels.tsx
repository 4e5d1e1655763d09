"use client";
/** Which overlay panel is open (menu, search, account, bag). One at a time; each toggles. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export type PanelName = "menu" | "search" | "account" | "bag";

interface Panels {
  open: PanelName | null;
  toggle: (name: PanelName) => void;
  close: () => void;
}

const PanelsContext = createContext<Panels>({ open: null, toggle: () => {}, close: () => {} });

export function PanelsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<PanelName | null>(null);
  const toggle = useCallback((name: PanelName) => setOpen((current) => (current === name ? null : name)), []);
  const close = useCallback(() => setOpen(null), []);

  // An open panel locks the page behind it; Escape closes it.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(null);
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const value = useMemo(() => ({ open, toggle, close }), [open, toggle, close]);
  return <PanelsContext.Provider value={value}>{children}</PanelsContext.Provider>;
}

export const usePanels = () => useContext(PanelsContext);

/**
 * Renders a panel from the first time it opens on: its code loads then, not
 * with the page, and it stays mounted so what was typed in it is kept.
 */
export function OpenedOnce({ name, children }: { name: PanelName; children: ReactNode }) {
  const { open } = usePanels();
  const [opened, setOpened] = useState(false);
  if (open === name && !opened) setOpened(true);
  return opened || open === name ? <>{children}</> : null;
}
