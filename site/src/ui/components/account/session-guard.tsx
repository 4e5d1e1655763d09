"use client";
/**
 * Guards /me/* (and the checkout, which wraps itself in it): asks for the
 * profile with the HTTP cache bypassed, renders nothing while waiting, the
 * protected content when the session is live; otherwise the expired-session
 * toast (top centre, 5 s) and, 3 s later, the home page.
 */
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { mutate } from "swr";
import { fetchProfile, SESSION_KEY } from "@/lib/hooks/use-session";
import { TOAST_MS, showToast } from "@/ui/components/common/notify";
import { MESSAGES } from "@/lib/messages";

export const SESSION_EXPIRED = MESSAGES.accounts.SESSION_EXPIRED;
export const GUARD_REDIRECT_MS = 3000;

export function SessionGuard({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [state, setState] = useState<"checking" | "ok" | "denied">("checking");

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetchProfile().then((profile) => {
      if (!live) return;
      void mutate(SESSION_KEY, profile, { revalidate: false });
      if (profile) {
        setState("ok");
        return;
      }
      setState("denied");
      void showToast(SESSION_EXPIRED, { type: "error", position: "top-center", autoClose: TOAST_MS, toastId: "session-expired" });
      timer = setTimeout(() => router.replace("/"), GUARD_REDIRECT_MS);
    });
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [router]);

  return state === "ok" ? <>{children}</> : null;
}
