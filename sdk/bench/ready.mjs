// hostedFields.create → ready, timed as a shopper's browser runs it: Chromium
// started on its own (no DevTools client attached: Playwright's
// instrumentation of every new frame and request added ~85 ms to five
// fields), the merchant page on an origin of its own and the frames on the
// assets host's, a fresh profile per run (cold: nothing cached), then a
// second create on the same page (warm). Beside it, the floor: the same
// page making five frames of a page that only loads one module script and
// says ready, from another origin, the least any five-frame form costs in
// that browser on that machine.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FIELDS = ["number", "cvv", "expirationDate", "postalCode", "cardholderName"];

/** The merchant page: times two creates (cold, then warm) and posts them back. */
const merchantPage = (mode, sdkUrl, framesUrl, token, sandboxUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ready</title></head><body><script type="module">
const FIELDS = ${JSON.stringify(FIELDS)};
const boxes = () => { const box = document.createElement('div'); box.innerHTML = FIELDS.map((f) => '<div id="' + f + '"></div>').join(''); document.body.appendChild(box); return box; };
async function sdkOnce(hf, client) {
  const box = boxes();
  const t0 = performance.now();
  const fields = Object.fromEntries(FIELDS.map((f) => [f, { container: '#' + f }]));
  const instance = await hf.create({ client, fields });
  const ms = performance.now() - t0;
  await instance.teardown();
  box.remove();
  return ms;
}
async function floorOnce() {
  const box = boxes();
  const t0 = performance.now();
  await new Promise((resolve) => {
    let n = 0;
    const seen = (e) => { if (e.data === 'ready' && ++n === FIELDS.length) { removeEventListener('message', seen); resolve(); } };
    addEventListener('message', seen);
    for (const f of FIELDS) { const frame = document.createElement('iframe'); frame.src = ${JSON.stringify(framesUrl)} + '/empty-frame.html#' + f; box.querySelector('#' + f).appendChild(frame); }
  });
  const ms = performance.now() - t0;
  box.remove();
  return ms;
}
let times;
if (${JSON.stringify(mode)} === 'sdk') {
  const hf = await import(${JSON.stringify(sdkUrl)} + '/hosted-fields.js');
  const clientModule = await import(${JSON.stringify(sdkUrl)} + '/client.js');
  const client = await clientModule.create({ authorization: ${JSON.stringify(token)}, sandboxUrl: ${JSON.stringify(sandboxUrl)} });
  times = [await sdkOnce(hf, client), await sdkOnce(hf, client)];
} else {
  times = [await floorOnce(), await floorOnce()];
}
await fetch('/result', { method: 'POST', body: JSON.stringify(times) });
</script></body></html>`;

const EMPTY_FRAME =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>frame</title>' +
  '<script type="module" src="empty-frame.js"></script></head><body><input aria-label="field"></body></html>';

/** One listener: `pages` maps a path to [content type, body]; POST /result resolves `results`. */
async function listen(pages, onResult) {
  const server = http.createServer((req, res) => {
    if (req.method === "POST") {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        res.end();
        onResult(JSON.parse(body));
      });
      return;
    }
    const page = pages[new URL(req.url, "http://x").pathname];
    if (!page) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": page[0] });
    res.end(typeof page[1] === "function" ? page[1](req) : page[1]);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/** One browser run of `mode` on a fresh profile: [cold ms, warm ms]. */
async function run(pageUrl, wait) {
  const profile = mkdtempSync(join(tmpdir(), "sdk-ready-"));
  const chromium = spawn(
    process.env.CHROMIUM || "/usr/bin/chromium",
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      pageUrl,
    ],
    { stdio: "ignore", detached: true },
  );
  try {
    return await wait();
  } finally {
    // The whole process group: the browser's helpers write to the profile too.
    const exited = once(chromium, "exit");
    process.kill(-chromium.pid, "SIGKILL");
    await exited.catch(() => {});
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * `runs` cold and warm creates of five fields, the SDK's and the floor's,
 * and each pair's difference (`own`); `sandboxUrl` is sandbox-dev's (the SDK at /web, the provider
 * at /sandbox); `token` a client token for the page.
 */
export async function measureReady(sandboxUrl, token, runs = 20) {
  let deliver = null;
  const frames = await listen(
    { "/empty-frame.html": ["text/html", EMPTY_FRAME], "/empty-frame.js": ["text/javascript", "parent.postMessage('ready', '*');"] },
    () => {},
  );
  const page = await listen(
    {
      "/ready.html": [
        "text/html",
        (req) =>
          merchantPage(new URL(req.url, "http://x").searchParams.get("mode"), sandboxUrl + "/web/3.130.0/js", frames.url, token, sandboxUrl + "/sandbox"),
      ],
    },
    (times) => deliver(times),
  );
  const once1 = (mode) => {
    const got = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${mode} figures from Chromium in 30 s`)), 30000);
      deliver = (times) => {
        clearTimeout(timer);
        resolve(times);
      };
    });
    return run(`${page.url}/ready.html?mode=${mode}`, () => got);
  };
  const out = { sdk: { cold: [], warm: [] }, floor: { cold: [], warm: [] }, own: { cold: [], warm: [] } };
  try {
    // The SDK's run and the floor's in pairs, one right after the other (in
    // turns, which first), so that both see the machine as loaded as it then
    // is; the SDK's own part is each pair's difference.
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? ["floor", "sdk"] : ["sdk", "floor"];
      const got = {};
      for (const mode of order) got[mode] = await once1(mode);
      for (const [k, kind] of [
        [0, "cold"],
        [1, "warm"],
      ]) {
        out.sdk[kind].push(got.sdk[k]);
        out.floor[kind].push(got.floor[k]);
        out.own[kind].push(got.sdk[k] - got.floor[k]);
      }
    }
    return out;
  } finally {
    page.server.close();
    frames.server.close();
  }
}

export const median = (a) => {
  const s = a.slice().sort((x, y) => x - y);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};
