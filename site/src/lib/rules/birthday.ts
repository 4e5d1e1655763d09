/** Date of birth as month/day/year dropdowns: years 1900 to now, day count by month and leap year. */

export const FIRST_YEAR = 1900;

export const MONTHS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1-12); February without a year counts 29 so any birthday can be picked first. */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || Number.isNaN(year) ? 29 : isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Two-digit day options for the chosen month and year. */
export function dayOptions(month?: number, year?: number): string[] {
  const count = month ? daysInMonth(month, year) : 31;
  return Array.from({ length: count }, (_, i) => String(i + 1).padStart(2, "0"));
}

/** Years from the current one down to 1900. */
export function yearOptions(now: Date = new Date()): string[] {
  const current = now.getFullYear();
  return Array.from({ length: current - FIRST_YEAR + 1 }, (_, i) => String(current - i));
}

/** A day that no longer exists in the new month (31 → April) is clamped to the month's last day. */
export function clampDay(day: string, month?: number, year?: number): string {
  if (!day || !month) return day;
  const max = daysInMonth(month, year);
  return Number(day) > max ? String(max).padStart(2, "0") : day;
}

/** YYYY-MM-DD when all three parts are chosen, else "". */
export function toIsoBirthday(year: string, month: string, day: string): string {
  return year && month && day ? `${year}-${month}-${day}` : "";
}

/** The account page shows MM/DD/YYYY. */
export function formatBirthday(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
  return m ? `${m[2]}/${m[3]}/${m[1]}` : "";
}
