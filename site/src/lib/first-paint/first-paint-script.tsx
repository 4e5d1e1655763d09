import { FIRST_PAINT_ID } from "./first-paint-id";

/**
 * A root layout's empty first paint, which `shopctl publish` fills in each
 * page it publishes. React leaves its text as the page came (the published
 * data differs from the template's `{}` on purpose).
 */
export function FirstPaintScript() {
  return <script id={FIRST_PAINT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "{}" }} />;
}
