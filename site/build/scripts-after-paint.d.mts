/** Types of scripts-after-paint.mjs, which the build runs with plain node after `next build`. */
export const SCRIPTS_FALLBACK_MS: number;
export function holdScriptsUntilPaint(html: string): string;
export function holdScriptsInExport(dir: string): number;
