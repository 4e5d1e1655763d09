/** The size guide: US, EU/FR and body measurements per size, in cm (in is derived). */
export type Unit = "cm" | "in";

export interface SizeRow {
  size: string;
  us: string;
  eu: string;
  shoulder: number;
  bust: number;
  waist: number;
  hip: number;
}

export const SIZE_GUIDE: SizeRow[] = [
  { size: "XXS", us: "0", eu: "32", shoulder: 36, bust: 78, waist: 60, hip: 86 },
  { size: "XS", us: "2", eu: "34", shoulder: 37, bust: 82, waist: 64, hip: 90 },
  { size: "S", us: "4", eu: "36", shoulder: 38, bust: 86, waist: 68, hip: 94 },
  { size: "M", us: "6", eu: "38", shoulder: 39, bust: 90, waist: 72, hip: 98 },
  { size: "L", us: "8", eu: "40", shoulder: 40, bust: 94, waist: 76, hip: 102 },
  { size: "XL", us: "10", eu: "42", shoulder: 41, bust: 98, waist: 80, hip: 106 },
  { size: "XXL", us: "12", eu: "44", shoulder: 42, bust: 102, waist: 84, hip: 110 },
  { size: "3XL", us: "14", eu: "46", shoulder: 43, bust: 106, waist: 88, hip: 114 },
];

export const CM_PER_INCH = 2.54;

/** A measurement in the chosen unit, one decimal for inches. */
export function measure(cm: number, unit: Unit): string {
  return unit === "cm" ? String(cm) : (cm / CM_PER_INCH).toFixed(1);
}
