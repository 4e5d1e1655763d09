/** Accents removed and đ turned to d, as the welcome panel and the profile show names. */
export function stripDiacritics(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D");
}

/**
 * Who 'WELCOME,' greets: the shopper's first name when they gave one, else the part of the email
 * before the @ (the spec's form), accents removed and đ turned to d either way.
 */
export function welcomeName(profile: { email: string; firstname?: string | null }): string {
  const first = profile.firstname?.trim();
  return stripDiacritics(first || (profile.email.split("@")[0] ?? ""));
}
