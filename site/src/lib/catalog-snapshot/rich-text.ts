/**
 * The rich text of a pre-rendered page, sanitised by the build: each fallback
 * entity's description (product, collection, runway), raw → clean. The page
 * hands it to PresanitizedHtml, so it paints and hydrates without the sanitiser.
 */
import { sanitizeHtml } from "@/lib/rules/sanitize";

export function presanitized(fallback: Record<string, unknown>): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const entity of Object.values(fallback)) {
    const html = entity && typeof entity === "object" ? (entity as { description?: unknown }).description : undefined;
    if (typeof html === "string" && html) clean[html] = sanitizeHtml(html);
  }
  return clean;
}
