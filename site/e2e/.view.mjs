import { chromium } from "playwright-core";
const [,, base, w, ...paths] = process.argv;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(w) < 800 ? 844 : 900 } });
for (const path of paths) {
  const [url, scroll] = path.split("@");
  await p.goto(base + url); await p.waitForTimeout(1500);
  if (scroll) { await p.evaluate((y) => window.scrollTo(0, Number(y)), scroll); await p.waitForTimeout(800); }
  await p.screenshot({ path: `/tmp/v-${url.replace(/\W+/g, "_")}${scroll ?? ""}-${w}.png` });
}
await b.close();
