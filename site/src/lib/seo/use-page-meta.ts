"use client";
/**
 * The document's title and description of a detail page once its entity has
 * arrived: after a client-side navigation (Next's head is the route's
 * placeholder words) or on a placeholder page; a published page already
 * says the same, so nothing changes there.
 */
import { useEffect } from "react";
import { useHouse } from "@/lib/hooks/use-house";
import { isActive } from "@/lib/rules/catalog";
import { fullTitle, type Described, type HouseWords } from "./describe";

export function usePageMeta<T extends { status?: string }>(entity: T | null | undefined, describe: (entity: T, house: HouseWords | null) => Described): void {
  const { house } = useHouse();
  useEffect(() => {
    if (!entity || !isActive(entity)) return;
    const { title, description } = describe(entity, house);
    // As the document reads it back (whitespace collapsed and trimmed), so
    // setting it once settles it and the observer below does not chase it.
    const wanted = fullTitle(title, house).replace(/\s+/g, " ").trim();
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
  }, [entity, describe, house]);
}
