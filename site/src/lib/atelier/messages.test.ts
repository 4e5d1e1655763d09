/**
 * The console shows the atelier's words as the server words them, from their
 * one home (shared/messages.json, through MESSAGES): this test fails when one
 * comes back written by hand in the site's sources.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/messages";

const SRC = resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

describe("the atelier's messages", () => {
  it("are shared/messages.json's, never written again in the site", () => {
    const texts = Object.values(MESSAGES.atelier);
    expect(texts).toContain("Only the house's owner can do this.");
    const copies = sources(SRC).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return texts.filter((t) => text.includes(t)).map((t) => `${relative(SRC, file)}: ${t}`);
    });
    expect(copies, "read it from MESSAGES.atelier (@/lib/messages) instead").toEqual([
      // This test's own proof that it reads the file.
      "lib/atelier/messages.test.ts: Only the house's owner can do this.",
    ]);
  });
});
