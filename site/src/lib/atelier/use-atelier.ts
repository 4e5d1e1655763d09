/** A console GET through SWR, keyed by its path under /api/atelier (null: not yet). */
import useSWR from "swr";
import { atelier } from "./client";

export function useAtelier<T>(path: string | null) {
  return useSWR<T, Error>(path, (p: string) => atelier.get<T>(p), { shouldRetryOnError: false, revalidateOnFocus: false });
}
