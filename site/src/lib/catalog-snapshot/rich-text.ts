/**
 * The rich text of a pre-rendered page, sanitised by the build: each fallback
 * entity's description (product, collection, runway) or a house page's
 * body, raw → clean. The page
 * hands it to PresanitizedHtml, so it paints and hydrates without the sanitiser.
 */
import { sanitizeHtml } from "@/lib/rules/sanitize";

export function presanitized(fallback: Record<string, unknown>): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const entity of Object.values(fallback)) {
    // A catalogue entity's description, or a house page's body.
    const rich = entity && typeof entity === "object" ? (entity as { description?: unknown; html?: unknown }) : undefined;
    const html = typeof rich?.html === "string" ? rich.html : rich?.description;
    if (typeof html === "string" && html) clean[html] = sanitizeHtml(html);
  }
  return clean;
}
