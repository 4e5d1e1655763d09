// The one-command rollback (README): every function's `live` alias back to
// the version it pointed at before. Versions are kept (currentVersion's
// default), so the previous one is the highest below the live one.
import { stagePart } from "./config.ts";

/** The Functions stack of a stage, whose outputs name its functions (<Name>FunctionName). */
export const functionsStackName = (stage: string) => `Couture${stagePart(stage)}Functions`;

/** The published version just before `live`, or undefined when `live` is the first. */
export function previousVersion(versions: readonly string[], live: string): string | undefined {
  const current = Number(live);
  const older = versions
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter((v) => v < current);
  return older.length === 0 ? undefined : String(Math.max(...older));
}
