"use client";
/**
 * The document's title (and description) once the house and the page's
 * entity are known: after a client-side navigation Next's head is the
 * route's template words ("About", "Product"), which name no house; a
 * published page already says the same, so nothing changes there.
 */
import { useEffect, useMemo } from "react";
import { usePathname } from "next/navigation";
import type { House } from "@/lib/api/types";
import { useHouse } from "@/lib/hooks/use-house";
import { isActive } from "@/lib/rules/catalog";
import { fullTitle, type Described, type HouseWords } from "./describe";
import { SITE_PAGES, type SitePath } from "./pages";

interface DocumentHead {
  title: string;
  description?: string;
}

/**
 * Keeps the document's title and description (when given) while this
 * address is shown: Next puts the route's own head back when its metadata
 * arrives, which can be after this effect, so ours win while the page is
 * shown and stop the moment the address is another page's.
 */
function useDocumentHead(head: DocumentHead | null): void {
  // As the document reads it back (whitespace collapsed and trimmed), so
  // setting it once settles it and the observer does not chase it.
  const title = head?.title.replace(/\s+/g, " ").trim();
  const description = head?.description;
  useEffect(() => {
    if (title === undefined) return;
    const here = window.location.pathname;
    const apply = () => {
      if (document.title !== title) document.title = title;
      if (description === undefined) return;
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
    const observer = new MutationObserver(() => (window.location.pathname === here ? apply() : observer.disconnect()));
    observer.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["content"] });
    return () => observer.disconnect();
  }, [title, description]);
}

/** A detail page's head once its entity has arrived (an entity not shown keeps the placeholder's words). */
export function usePageMeta<T extends { status?: string }>(entity: T | null | undefined, describe: (entity: T, house: HouseWords | null) => Described): void {
  const { house } = useHouse();
  const head = useMemo(() => {
    if (!entity || !isActive(entity)) return null;
    const { title, description } = describe(entity, house);
    return { title: fullTitle(title, house), description };
  }, [entity, describe, house]);
  useDocumentHead(head);
}

/** Home's title: the house's name and tagline (as its published head says), "Couture" before the first import. */
export function homeTitle(house: Pick<House, "name" | "tagline"> | null | undefined): string {
  const name = house?.name.trim().toUpperCase() ?? "";
  const tagline = house?.tagline.trim() ?? "";
  if (!name) return SITE_PAGES["/"].title;
  return tagline ? `${name} — ${tagline}` : name;
}

/** A site page's title (About, All products…) with the house's name, as its published head has it. */
export function useSitePageTitle(): void {
  const pathname = usePathname();
  const { house } = useHouse();
  const path = (pathname.endsWith("/") ? pathname : `${pathname}/`) as SitePath;
  const page = Object.hasOwn(SITE_PAGES, path) ? SITE_PAGES[path] : null;
  const title = !page || !house ? null : path === "/" ? homeTitle(house) : fullTitle(page.title, house);
  useDocumentHead(title === null ? null : { title });
}
