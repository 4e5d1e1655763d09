"use client";
/**
 * The document's title and description of a detail page once its entity has
 * arrived: a placeholder page (an id unknown at build time) was exported
 * with its route's generic words, and a pre-rendered one keeps the same words
 * unless the entity changed since the build.
 */
import { useEffect } from "react";
import { isActive } from "@/lib/rules/catalog";
import { fullTitle, type Described } from "./describe";

export function usePageMeta<T extends { status?: string }>(entity: T | null | undefined, describe: (entity: T) => Described): void {
  useEffect(() => {
    if (!entity || !isActive(entity)) return;
    const { title, description } = describe(entity);
    // As the document reads it back (whitespace collapsed and trimmed), so
    // setting it once settles it and the observer below does not chase it.
    const wanted = fullTitle(title).replace(/\s+/g, " ").trim();
    const here = window.location.pathname;
    const apply = () => {
      if (document.title !== wanted) document.title = wanted;
      // Next may have put a second one in (its own, when its metadata arrived): each says the same.
      const metas = [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')];
      if (metas.length === 0) {
        const meta = document.createElement("meta");
        meta.name = "description";
        document.head.append(meta);
        metas.push(meta);
      }
      for (const meta of metas) if (meta.content !== description) meta.content = description;
    };
    apply();
    // Next puts the route's own head (the placeholder's words) back when its
    // metadata arrives, which can be after this effect: ours win while this
    // page is shown, and stop the moment the address is another page's.
    const observer = new MutationObserver(() => (window.location.pathname === here ? apply() : observer.disconnect()));
    observer.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["content"] });
    return () => observer.disconnect();
  }, [entity, describe]);
}
