"use client";
/** A console action: busy while it runs, its answer handed on, its refusal shown as the server words it. */
import { useState } from "react";
import { notify } from "@/ui/components/common/notify";

export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  /** Runs `work` as `name`; answers whether it succeeded. */
  const run = async <T>(name: string, work: () => Promise<T>, done: (answer: T) => void, success?: string): Promise<boolean> => {
    setBusy(name);
    try {
      done(await work());
      if (success) notify.show(success, "success");
      return true;
    } catch (e) {
      notify.show(e instanceof Error ? e.message : String(e), "error");
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
