"use client";
/** Server HTML rendered after sanitising (no scripts, no style attributes). */
import { useMemo } from "react";
import { sanitizeHtml } from "@/lib/rules/sanitize";

export function SanitizedHtml({ html, className = "" }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
