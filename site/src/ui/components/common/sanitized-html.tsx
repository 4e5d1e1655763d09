"use client";
/**
 * Server HTML shown sanitised (no scripts, no style attributes). The rich text
 * of a pre-rendered page was sanitised by the build, which hands it down as
 * `raw → clean` (PresanitizedHtml): it shows as built, so the page paints and
 * hydrates without the sanitiser. Any other HTML (newer than the build, or on
 * a placeholder page) waits for the sanitiser, loaded when first needed.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

const Presanitized = createContext<Record<string, string>>({});

/** Rich text the build sanitised, for the SanitizedHtml below it (nested ones add theirs). */
export function PresanitizedHtml({ value, children }: { value: Record<string, string>; children: ReactNode }) {
  const outer = useContext(Presanitized);
  // One merged table per build-time value: a new one on every render would re-render every SanitizedHtml below.
  const merged = useMemo(() => ({ ...outer, ...value }), [outer, value]);
  return <Presanitized.Provider value={merged}>{children}</Presanitized.Provider>;
}

export function SanitizedHtml({ html, className = "" }: { html: string; className?: string }) {
  const built = useContext(Presanitized);
  const known = Object.hasOwn(built, html) ? built[html] : undefined;
  const late = useSanitizedLater(known === undefined ? html : null);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: known ?? late ?? "" }} />;
}

/** `html` sanitised once the sanitiser has loaded (undefined until then, and for null). */
function useSanitizedLater(html: string | null): string | undefined {
  const [done, setDone] = useState<{ html: string; clean: string }>();
  useEffect(() => {
    if (html === null) return;
    let live = true;
    void import("@/lib/rules/sanitize").then(({ sanitizeHtml }) => {
      if (live) setDone({ html, clean: sanitizeHtml(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return done !== undefined && done.html === html ? done.clean : undefined;
}
