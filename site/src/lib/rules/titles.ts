/** Courtesy titles of the profile editor: Mrs and Mr (spec section 8; sign-up offers Ms and Mr). */
export const PROFILE_TITLES = ["Mrs", "Mr"] as const;

/**
 * The profile editor's choices: Mrs and Mr, plus the title the shopper already
 * has (a shopper registered as Ms), so saving the editor untouched keeps it.
 */
export function profileTitleChoices(stored?: string | null): string[] {
  const offered: string[] = [...PROFILE_TITLES];
  return stored && !offered.includes(stored) ? [stored, ...offered] : offered;
}

/** The title the editor starts on: the stored one, else the first offered. */
export function profileTitleDefault(stored?: string | null): string {
  return stored || PROFILE_TITLES[0];
}
