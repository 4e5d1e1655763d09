/** next/navigation and next/link stand-ins for component tests. */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { vi } from "vitest";

export const router = { push: vi.fn(), replace: vi.fn(), back: vi.fn(), prefetch: vi.fn(), refresh: vi.fn(), forward: vi.fn() };
export const nav = { pathname: "/", search: new URLSearchParams() };

export const navigationMock = {
  useRouter: () => router,
  usePathname: () => nav.pathname,
  useSearchParams: () => nav.search,
};

export function LinkMock({
  href,
  children,
  prefetch,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode; prefetch?: boolean }) {
  return (
    <a href={href} data-prefetch={String(prefetch ?? true)} {...rest}>
      {children}
    </a>
  );
}
