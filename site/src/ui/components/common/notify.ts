/**
 * Toasts: 5 s, top-right by default, top-centre for product toasts (spec
 * section 9). Their code loads with the first toast: react-toastify keeps a
 * toast until its container mounts, and the shell mounts it once one is wanted.
 */
import { useSyncExternalStore } from "react";
import type { ToastOptions, TypeOptions } from "react-toastify";

export const TOAST_MS = 5000;

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any toast was asked for in this page's life (the shell then mounts the container). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

/** Shows a toast; answers once react-toastify has it. */
export async function showToast(message: string, options: ToastOptions): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  const { toast } = await import("react-toastify");
  toast(message, options);
}

export const notify = {
  show(message: string, type: TypeOptions = "default") {
    void showToast(message, { type, autoClose: TOAST_MS, position: "top-right" });
  },
  product(message: string, type: TypeOptions = "default") {
    void showToast(message, { type, autoClose: TOAST_MS, position: "top-center" });
  },
};
