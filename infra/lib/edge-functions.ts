// The code of the CloudFront Functions (cloudfront-js-2.0), generated at synth
// time. The tests evaluate the very same text in Node on sample requests.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface RewriteRule {
  readonly from: string;
  readonly to: string;
}

/** Paths the site's rewrites never touch: other origins, hashed assets, the SDK. */
export const UNTOUCHED = ["/_next/", "/api/", "/blobs/", "/web/", "/sandbox/"];

/** Reads site/rewrites.json (`{ "rewrites": [{ "from", "to" }] }`), rules tried in order. */
export function loadRewrites(file: string): RewriteRule[] | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { rewrites?: RewriteRule[] };
  const rules = parsed.rewrites ?? [];
  for (const rule of rules) {
    if (typeof rule.from !== "string" || typeof rule.to !== "string" || !rule.from.startsWith("/") || !rule.to.startsWith("/")) {
      throw new Error(`${file}: every rewrite needs an absolute 'from' and 'to', got ${JSON.stringify(rule)}`);
    }
  }
  return rules;
}

const segments = (path: string) => path.split("/").filter((s) => s !== "");

/** The export's not-found page, if it has one. */
export function notFoundPage(siteOut: string): string | undefined {
  return ["404.html", "404/index.html"].filter((f) => existsSync(join(siteOut, f))).map((f) => `/${f}`)[0];
}

/** The exported pages: every directory of the export holding an index.html, as `/a/b/`. */
export function exportedPages(siteOut: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "_next") walk(join(dir, entry.name));
      else if (entry.name === "index.html") {
        const rel = relative(siteOut, dir).split(sep).join("/");
        pages.push(rel === "" ? "/" : `/${rel}/`);
      }
    }
  };
  if (existsSync(siteOut)) walk(siteOut);
  return pages.sort();
}

export interface SiteFunctionOptions {
  /**
   * The exported pages: one of them is served as it is, even where a rule
   * would rewrite it (a detail page pre-rendered at build time); with
   * `notFound`, an unknown page is answered by the not-found page. Absent: no check.
   */
  readonly pages?: readonly string[];
  /** The export's not-found page, e.g. `/404.html`. */
  readonly notFound?: string;
}

/**
 * The first line of the site function: the key value store the catalogue's
 * publication names its detail pages in (`shopctl publish`), one key per page
 * (`/shop/product/p1/silk-gown/`). CloudFront Functions read it with
 * `exists()`; the tests give the code their own store in its place.
 */
export const PUBLISHED_STORE_IMPORT = "import cf from 'cloudfront';";

/**
 * The viewer-request function of the site: backslashes are refused and
 * leading slashes collapsed (no redirect may point off the site); extension-less paths are redirected
 * (308, query kept) to their trailing-slash form, as `trailingSlash: true` and
 * the local server do; then the first matching rule replaces the leading
 * segments (so `index.html` and Next's `index.txt` payloads of a dynamic route
 * both reach its placeholder page), and directories get `index.html`. A page's
 * `index.txt` asked for as a document (a reload or a typed address: a
 * client-side navigation whose data fetch failed offline leaves the tab there)
 * is redirected (307) to the page itself, query kept but Next's `_rsc`.
 * A detail page the catalogue's publication wrote (its key is in the
 * published-pages store) is served at its own address, which the origin
 * group finds under the bucket's published/ prefix.
 */
export function siteRequestFunctionCode(rules: readonly RewriteRule[], options: SiteFunctionOptions = {}): string {
  const table = JSON.stringify(rules.map((r) => ({ from: segments(r.from), to: segments(r.to) })));
  const pages = options.pages ? JSON.stringify(Object.fromEntries(options.pages.map((p) => [p, 1]))) : "null";
  return `${PUBLISHED_STORE_IMPORT}
// Generated from site/rewrites.json and the exported pages by infra/lib/edge-functions.ts.
var PUBLISHED = cf.kvs();
var RULES = ${table};
var UNTOUCHED = ${JSON.stringify(UNTOUCHED)};
var PAGES = ${pages};
var NOT_FOUND = ${JSON.stringify(options.notFound ?? "")};

function isUntouched(uri) {
  for (var i = 0; i < UNTOUCHED.length; i++) {
    if (uri.indexOf(UNTOUCHED[i]) === 0) return true;
  }
  return false;
}

function matches(from, parts) {
  if (parts.length < from.length) return false;
  for (var i = 0; i < from.length; i++) {
    var pattern = from[i];
    if (pattern.charAt(0) === ':' ? parts[i] === '' : pattern !== parts[i]) return false;
  }
  return true;
}

// The page directory of a page's HTML or RSC payload (or of the directory itself); '' for other files.
function pageOf(uri) {
  var leaf = uri.slice(uri.lastIndexOf('/') + 1);
  return leaf === '' || leaf === 'index.html' || leaf === 'index.txt' ? uri.slice(0, uri.length - leaf.length) : '';
}

function rewrite(uri) {
  var parts = uri.split('/').filter(function (s) { return s !== ''; });
  for (var i = 0; i < RULES.length; i++) {
    if (matches(RULES[i].from, parts)) {
      var out = RULES[i].to.concat(parts.slice(RULES[i].from.length));
      var trailing = uri.charAt(uri.length - 1) === '/' && out.length > 0 ? '/' : '';
      return '/' + out.join('/') + trailing;
    }
  }
  return uri;
}

// Values arrive as the viewer sent them (still percent-encoded), so they are joined as they are.
function queryString(qs, skip) {
  var pairs = [];
  for (var key in qs) {
    if (key === skip) continue;
    var entry = qs[key];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) {
      pairs.push(values[i].value === '' ? key : key + '=' + values[i].value);
    }
  }
  return pairs.length ? '?' + pairs.join('&') : '';
}

// A backslash is a slash to browsers (a path of slash, backslash, host names another host).
function hasBackslash(uri) {
  return uri.indexOf('\\\\') !== -1 || /%5c/i.test(uri);
}

// A browser's page load (reload, typed address), not Next's fetch of page data.
function isDocument(headers) {
  var dest = headers['sec-fetch-dest'];
  var accept = headers.accept;
  return (dest && dest.value === 'document') || (accept && accept.value.indexOf('text/html') !== -1);
}

// A page the catalogue's publication wrote; a store that cannot answer sends
// the visitor to the placeholder page, which shows the same entity.
async function isPublished(page) {
  try {
    return await PUBLISHED.exists(page);
  } catch (e) {
    return false;
  }
}

async function handler(event) {
  var request = event.request;
  if (hasBackslash(request.uri)) return { statusCode: 400, statusDescription: 'Bad Request' };
  // Leading slashes collapse to one, so no redirect below can name another
  // host ('//evil.example' would be a protocol-relative Location).
  var uri = '/' + request.uri.replace(/^\\/+/, '');
  request.uri = uri;
  if (isUntouched(uri)) return request;
  var last = uri.slice(uri.lastIndexOf('/') + 1);
  if (last === 'index.txt' && isDocument(request.headers || {})) {
    return {
      statusCode: 307,
      statusDescription: 'Temporary Redirect',
      headers: { location: { value: uri.slice(0, -last.length) + queryString(request.querystring || {}, '_rsc') } },
    };
  }
  if (last !== '' && last.indexOf('.') === -1) {
    return {
      statusCode: 308,
      statusDescription: 'Permanent Redirect',
      headers: { location: { value: uri + '/' + queryString(request.querystring || {}) } },
    };
  }
  // A page the export has is served as it is, and so is a detail page the
  // catalogue's publication wrote; the rules send other ids to their
  // placeholder page. The store is asked only where a rule would rewrite.
  // A published page's payload (index.txt) is its placeholder's: the
  // publication writes only the HTML a visitor or a crawler reads first.
  var asked = pageOf(uri);
  var rewritten = rewrite(uri);
  var isHtml = last === '' || last === 'index.html';
  var asIs = (PAGES && PAGES[asked]) || (rewritten !== uri && isHtml && (await isPublished(asked)));
  var target = asIs ? uri : rewritten;
  if (target.charAt(target.length - 1) === '/') target += 'index.html';
  // A page the export does not have (HTML or RSC payload) gets the not-found
  // page rather than the bucket's bare 403. Its status stays 200: CloudFront's
  // error pages are distribution-wide and would also replace the API's JSON 4xx.
  var page = target.slice(0, target.lastIndexOf('/') + 1);
  var leaf = target.slice(page.length);
  if (!asIs && PAGES && NOT_FOUND && (leaf === 'index.html' || leaf === 'index.txt') && !PAGES[page]) target = NOT_FOUND;
  request.uri = target;
  return request;
}
`;
}

/** CloudFront Functions' limit on a function's code. */
export const FUNCTION_CODE_LIMIT = 10_240;

/**
 * The site function, refused at synth time past CloudFront's code limit. The
 * export's pages are its templates (placeholders and the site's own pages, a
 * few dozen); the catalogue's detail pages are the published-pages store's,
 * whatever their number.
 */
export function siteRequestFunction(rules: readonly RewriteRule[], options: SiteFunctionOptions = {}): string {
  const code = siteRequestFunctionCode(rules, options);
  if (code.length > FUNCTION_CODE_LIMIT) {
    throw new Error(`the site function is ${code.length} bytes, past CloudFront's ${FUNCTION_CODE_LIMIT}: does the export still pre-render catalogue pages?`);
  }
  return code;
}

/**
 * The viewer-request function of /blobs/*: strips the prefix so the key is the
 * bucket's, and answers 404 for anything but public catalogue imagery (the
 * invoices under invoices/ are never served here; the bucket policy agrees).
 */
export function blobsRequestFunctionCode(): string {
  return `// Generated by infra/lib/edge-functions.ts.
function handler(event) {
  var request = event.request;
  var key = request.uri.slice('/blobs'.length);
  if (key.indexOf('/images/') !== 0 || key.indexOf('/../') !== -1 || key.length <= '/images/'.length) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = key;
  return request;
}
`;
}
