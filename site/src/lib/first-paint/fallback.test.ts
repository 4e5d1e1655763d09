import { describe, expect, it } from "vitest";
import cases from "./fallback-cases.json";
import { fallbackOf, type Snapshot, type SnapshotKey } from "./fallback";

describe("fallbackOf (the cases the publisher runs too)", () => {
  for (const c of cases.cases) {
    it(c.name, () => {
      expect(fallbackOf(c.bodies as Snapshot, c.keys as SnapshotKey[])).toEqual(c.fallback);
    });
  }
});
