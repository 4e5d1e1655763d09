/**
 * Passkeys are bound to a domain name (the relying party's id); an IP address
 * is none. Locally the shop is opened at 127.0.0.1, where no passkey can be
 * made or used, so a console page opened there goes to the same address on
 * localhost (whose RP id the local server uses).
 */

/** Where the console page at `url` must be opened instead, or null where it is. */
export function consoleAddress(url: URL): string | null {
  if (url.hostname !== "127.0.0.1") return null;
  const moved = new URL(url.href);
  moved.hostname = "localhost";
  return moved.href;
}

/** Sends the browser to the console's own address when it is elsewhere; answers whether it did. */
export function goToConsoleAddress(location: Pick<Location, "href" | "replace">): boolean {
  const to = consoleAddress(new URL(location.href));
  if (to) location.replace(to);
  return to !== null;
}
