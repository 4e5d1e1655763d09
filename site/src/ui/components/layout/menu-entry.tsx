/** A menu entry from the server, linked where it leads: a collection or a page of the shop, or another site in a new tab. */
import Link from "next/link";
import type { Menu } from "@/lib/api/types";
import { menuHref } from "@/lib/rules/catalog";

export function MenuEntry({ menu, onClick }: { menu: Menu; onClick?: () => void }) {
  const { href, outside } = menuHref(menu.link);
  if (outside) {
    return (
      <a href={href} rel="noopener noreferrer" target="_blank" onClick={onClick}>
        {menu.title}
      </a>
    );
  }
  return (
    <Link href={href} onClick={onClick} prefetch={false}>
      {menu.title}
    </Link>
  );
}
