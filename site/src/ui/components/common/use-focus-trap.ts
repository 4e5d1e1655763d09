"use client";
/**
 * Keeps the keyboard inside an open dialog: it takes focus when it opens, Tab from its last control goes to
 * its first (Shift+Tab the other way), and focus goes back to the control that opened it when it closes.
 */
import { useEffect, type RefObject } from "react";

const TABBABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[contenteditable=true]",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The controls Tab visits inside `root`, in order (positive tabindex is not used in this site). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest("[inert]"));
}

/** Where Tab (or Shift+Tab) from `current` goes inside `root`, or null to let the browser move on. */
export function wrapTarget(root: HTMLElement, current: Element | null, backwards: boolean): HTMLElement | null {
  const list = tabbables(root);
  const first = list.at(0) ?? root;
  const last = list.at(-1) ?? root;
  if (!current || !root.contains(current)) return backwards ? last : first;
  if (backwards && (current === first || current === root)) return last;
  if (!backwards && current === last) return first;
  return null;
}

/** Open traps, newest last: only the newest (a modal over a panel) moves focus. */
const traps: HTMLElement[] = [];

export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    traps.push(root);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Tab" || e.defaultPrevented || traps[traps.length - 1] !== root) return;
      const target = wrapTarget(root, document.activeElement, e.shiftKey);
      if (!target) return;
      e.preventDefault();
      target.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      traps.splice(traps.indexOf(root), 1);
      // Back to the opener, unless the dialog sent focus somewhere on purpose (a link it followed, a field).
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || root.contains(focused) || !focused.isConnected;
      if (opener?.isConnected && lost) opener.focus();
    };
  }, [ref, active]);
}
