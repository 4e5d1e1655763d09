import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PICTURE_RULE, PICTURE_SIZES, pictureSrcSet, srcSetWith } from "./pictures";

const base = "http://127.0.0.1:3000/blobs/images/catalog/3f2a9c0d1e2b3a4c5d6e";
const file = JSON.parse(readFileSync(resolve(__dirname, "../../../../shared/picture-sizes.json"), "utf8")) as { widths: number[]; smallerAtMost: number };

describe("responsive pictures", () => {
  it("reads the widths the import makes from shared/picture-sizes.json", () => {
    expect(PICTURE_RULE).toEqual({ widths: file.widths, smallerAtMost: file.smallerAtMost });
  });

  it("lists each smaller width at most three quarters of the largest, then the largest", () => {
    expect(pictureSrcSet(`${base}/1920.webp`)).toBe(`${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1280.webp 1280w, ${base}/1920.webp 1920w`);
    expect(pictureSrcSet(`${base}/1600.webp`)).toBe(`${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1600.webp 1600w`);
    expect(pictureSrcSet(`${base}/1200.webp`)).toBe(`${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1200.webp 1200w`);
    expect(pictureSrcSet(`${base}/854.webp`)).toBe(`${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/854.webp 854w`);
    expect(pictureSrcSet(`${base}/640.webp`)).toBe(`${base}/320.webp 320w, ${base}/640.webp 640w`);
  });

  it("keeps the address's own origin and path (local blobs, CloudFront)", () => {
    expect(pictureSrcSet("/blobs/images/catalog/ab12/1280.webp")).toBe(
      "/blobs/images/catalog/ab12/320.webp 320w, /blobs/images/catalog/ab12/640.webp 640w, /blobs/images/catalog/ab12/1280.webp 1280w",
    );
  });

  it("gives none when the picture has no smaller width, or the address is not a made picture", () => {
    for (const url of [
      `${base}/420.webp`,
      `${base}/320.webp`,
      `${base}/film.mp4`,
      `${base}/1600.jpg`,
      "/blobs/images/products/gown-1.webp",
      "/blobs/p1-1.svg",
      "/images/about/atelier.webp",
      "",
      undefined,
    ]) {
      expect(pictureSrcSet(url)).toBeUndefined();
    }
  });

  it("runs alone, as the early-fetch script serialises it", () => {
    const alone = new Function(`return (${srcSetWith.toString()})`)() as typeof srcSetWith;
    expect(alone(PICTURE_RULE, `${base}/1920.webp`)).toBe(pictureSrcSet(`${base}/1920.webp`));
    expect(alone(PICTURE_RULE, "/blobs/p1-1.svg")).toBeUndefined();
  });

  it("writes each layout's sizes as media conditions, widest first, then a default", () => {
    for (const sizes of Object.values(PICTURE_SIZES)) {
      const entries = sizes.split(", ");
      const widths = entries.slice(0, -1).map((e) => Number(/^\(min-width: (\d+)px\) \S/.exec(e)?.[1]));
      expect(widths.every((w) => w > 0)).toBe(true);
      expect(widths).toEqual([...widths].sort((a, b) => b - a));
      expect(entries.at(-1)).not.toMatch(/^\(/);
    }
  });
});
