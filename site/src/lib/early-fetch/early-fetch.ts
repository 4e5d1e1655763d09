/**
 * The detail pages (product, collection, runway) are one exported placeholder
 * each, so their HTML cannot name the API call or the image they need. A tiny
 * inline script starts that call from the address while the bundles are still
 * downloading, and preloads the page's largest image as soon as the answer
 * names it (with the srcset and sizes its <img> has, so the preload is the
 * very file the page shows); the page's fetcher then takes the answer
 * instead of asking again.
 */
import { PICTURE_RULE, PICTURE_SIZES, type PictureRule, srcSetWith } from "@/lib/rules/pictures";

/** A placeholder page whose data can be asked for from its address alone. */
export interface EarlyRoute {
  /** The page's address prefix; the next segment is the id. */
  page: string;
  /** The API route the id is appended to (without the /api base). */
  api: string;
  /** The answer's field holding the page's largest image (a list: its first). */
  image: string;
  /** That image's `sizes` on the page, when it is shown with a srcset. */
  sizes?: string;
}

export const EARLY_ROUTES: EarlyRoute[] = [
  { page: "/shop/product/", api: "/products/", image: "productGallery", sizes: PICTURE_SIZES.productGallery },
  { page: "/collection/", api: "/collections/", image: "banner", sizes: PICTURE_SIZES.fullWidth },
  { page: "/runway/", api: "/runways/", image: "banners" },
];

/** Where the inline script leaves its answers for the fetchers (window property). */
export const EARLY_GLOBAL = "__earlyFetches";

/** An early answer: the status and the parsed body (null on a network failure). */
export interface EarlyAnswer {
  ok: boolean;
  body: unknown;
}

type EarlyStore = Record<string, Promise<EarlyAnswer | null>>;

/**
 * Runs inline in the page's head, serialised with toString: it must use
 * nothing from outside its own body (no imports, no helpers) but its
 * arguments, srcSetOf included (serialised the same way).
 */
export function startEarlyFetch(routes: EarlyRoute[], global: string, apiBase: string, srcSetOf: typeof srcSetWith, rule: PictureRule): void {
  const path = window.location.pathname;
  const route = routes.find((r) => path.startsWith(r.page));
  const segment = route ? path.slice(route.page.length).split("/")[0] : "";
  if (!route || !segment || segment === "_") return;
  let id: string;
  try {
    id = encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return;
  }
  const key = route.api + id;
  const answer = fetch(apiBase + key, { credentials: "include", headers: { Accept: "application/json" } })
    .then((res) =>
      res.json().then(
        (body: unknown) => ({ ok: res.ok, body }),
        () => ({ ok: false, body: null }),
      ),
    )
    .catch(() => null);
  const store: EarlyStore = {};
  store[key] = answer;
  (window as unknown as Record<string, EarlyStore>)[global] = store;
  answer.then((a) => {
    if (!a || !a.ok || !a.body || typeof a.body !== "object") return;
    const wrapped = (a.body as { data?: unknown }).data;
    const entity = (wrapped && typeof wrapped === "object" && !Array.isArray(wrapped) ? wrapped : a.body) as Record<string, unknown>;
    const field = entity[route.image];
    const src: unknown = Array.isArray(field) ? field[0] : field;
    if (typeof src !== "string" || !src) return;
    const link = document.createElement("link");
    link.rel = "preload";
    link.setAttribute("as", "image");
    link.href = src;
    const srcset = route.sizes ? srcSetOf(rule, src) : undefined;
    if (srcset && route.sizes) {
      link.setAttribute("imagesrcset", srcset);
      link.setAttribute("imagesizes", route.sizes);
    }
    link.setAttribute("fetchpriority", "high");
    document.head.appendChild(link);
  });
}

/** The early answer for an API path, once: later calls (revalidations) ask the API again. */
export function takeEarly(path: string): Promise<EarlyAnswer | null> | undefined {
  if (typeof window === "undefined") return undefined;
  const store = (window as unknown as Record<string, EarlyStore | undefined>)[EARLY_GLOBAL];
  const answer = store?.[path];
  if (store && answer) delete store[path];
  return answer;
}

/** The inline script's source: the function above, called with the routes and the pictures' rule. */
export function earlyFetchSource(apiBase: string): string {
  return `(${startEarlyFetch.toString()})(${JSON.stringify(EARLY_ROUTES)},${JSON.stringify(EARLY_GLOBAL)},${JSON.stringify(apiBase)},${srcSetWith.toString()},${JSON.stringify(PICTURE_RULE)})`;
}
