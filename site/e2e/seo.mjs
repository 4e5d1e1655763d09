/**
 * What search engines and link previews read in the exported HTML: sitemap, titles, descriptions, canonical, Open Graph and JSON-LD.
 */
export function seoJourneys({ browser, base, catalog }) {
  return [];
}
