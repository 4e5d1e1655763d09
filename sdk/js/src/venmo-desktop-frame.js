// The desktop QR frame (assets host): shows the payment context's QR code
// and the view of each step the page sends, announces it in the alert
// region for screen readers (section 8's texts), and tells the page when the
// customer cancels or asks for a new code. The page's origin is in the
// query, the channel (`ENV_id`) in the hash. The code is encoded by the QR
// module (sdk/src/qr.rs), which only this frame loads, and drawn as SVG.
import init, { qrCode } from "./payment_sdk_qr.js";

const origin = new URL(location.href).searchParams.get("origin") || "";
const id = location.hash.slice(1).split("_").slice(1).join("_");
/** An element of this page (venmo-desktop-frame.html has every id asked for). */
const $ = (s) => /** @type {HTMLElement} */ (document.getElementById(s));
const send = (event) => window.parent.postMessage({ venmoDesktop: id, event }, origin);
const WRONG = "Something went wrong";
const TEXTS = {
  GENERATING: "Generating a QR code, get your Venmo app ready",
  QR: "To scan the QR code, open your Venmo app",
  SCANNED: "Authorize on your Venmo app",
  APPROVED: "Venmo account authorized",
  CANCELED: "The authorization was canceled",
  EXPIRED: WRONG,
  FAILED: WRONG,
  ERROR: WRONG,
  "": "",
};
// Loaded while the page waits for a tokenization, not when the code is due.
const encoder = init({ module_or_path: new URL("./payment_sdk_qr_bg.wasm", import.meta.url) });
encoder.catch(() => {});
const SVG = "http://www.w3.org/2000/svg";
/** The quiet zone the standard asks around a code, in modules. */
const QUIET = 4;

/**
 * Draws `url`'s code into #qr: one SVG path of the dark modules' runs, on
 * white with the quiet zone, at a whole number of pixels a module (about
 * 300 px square) so every module keeps its edges.
 */
async function draw(url) {
  await encoder;
  const box = $("qr");
  box.textContent = "";
  const modules = qrCode(url);
  const n = Math.sqrt(modules.length);
  if (!n) return;
  let d = "";
  for (let y = 0; y < n; y++) {
    const row = modules.slice(y * n, y * n + n);
    for (const run of row.matchAll(/1+/g)) d += `M${run.index + QUIET} ${y + QUIET}h${run[0].length}v1h-${run[0].length}z`;
  }
  const side = n + 2 * QUIET;
  const px = side * Math.max(2, Math.floor(300 / side));
  const svg = document.createElementNS(SVG, "svg");
  const attrs = (el, a) => Object.entries(a).forEach(([k, v]) => el.setAttribute(k, v));
  attrs(svg, { viewBox: `0 0 ${side} ${side}`, width: px, height: px, "shape-rendering": "crispEdges", role: "img", "aria-label": "QR code" });
  const light = document.createElementNS(SVG, "rect");
  attrs(light, { width: side, height: side, fill: "#fff" });
  const dark = document.createElementNS(SVG, "path");
  // The reference's colour for the dark modules.
  attrs(dark, { d, fill: "#008cff" });
  svg.append(light, dark);
  box.append(svg);
}

window.addEventListener("message", (e) => {
  const d = e.data;
  if (e.origin !== origin || e.source !== window.parent || !d || d.venmoDesktop !== id || !(d.step in TEXTS)) return;
  if (d.step === "QR") {
    $("context").textContent = d.data.id;
    $("merchant").textContent = d.data.merchantId;
    draw(d.data.url).catch(() => {});
  }
  // The code while it can be scanned and used; not under an error.
  $("code").hidden = !/^(QR|SCANNED|APPROVED)$/.test(d.step);
  $("new-qr").hidden = !/CANCELED|EXPIRED|FAILED|ERROR/.test(d.step);
  $("alert").textContent = $("text").textContent = TEXTS[d.step];
});
$("cancel").addEventListener("click", () => send("canceled"));
$("new-qr").addEventListener("click", () => send("new-qr"));
send("ready");
