import { API_BASE } from "@/lib/api/client";
import { earlyFetchSource } from "./early-fetch";

/** The inline script of the root layout's head: it runs before any bundle. */
export function EarlyFetchScript() {
  return <script dangerouslySetInnerHTML={{ __html: earlyFetchSource(API_BASE) }} />;
}
