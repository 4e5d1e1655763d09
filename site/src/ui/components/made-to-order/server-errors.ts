/** Puts a 400's per-field messages on the form fields that exist; says whether any landed. */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api/client";

export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly string[], setError: UseFormSetError<T>): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const landed: string[] = [];
  for (const [key, message] of Object.entries(error.errors)) {
    const name = key.replace(/^customSizeOrder\./, "");
    if (fields.includes(name)) {
      setError(name as Path<T>, { type: "server", message });
      landed.push(name);
    }
  }
  return landed;
}
