// The CloudFront Functions' generated code, evaluated in Node on sample requests.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { blobsRequestFunctionCode, exportedPages, FUNCTION_CODE_LIMIT, loadRewrites, notFoundPage, siteRequestFunction, siteRequestFunctionCode } from '../lib/edge-functions.ts';
import { fixtures, repoRoot } from './support.ts';

type Handler = (event: unknown) => { uri?: string; statusCode?: number; headers?: Record<string, { value: string }> };

/** The function's text, run as CloudFront would: a script defining `handler`. */
function load(code: string): Handler {
  return new Function(`${code}\nreturn handler;`)() as Handler;
}

function request(uri: string, querystring: Record<string, unknown> = {}, headers: Record<string, { value: string }> = {}) {
  return { version: '1.0', context: { eventType: 'viewer-request' }, request: { method: 'GET', uri, querystring, headers, cookies: {} } };
}

const fixtureRules = loadRewrites(join(fixtures, 'rewrites.json'))!;

/** The site's own rules; their absence is a failure, not a skip. */
function siteRules() {
  const file = join(repoRoot, 'site', 'rewrites.json');
  const rules = loadRewrites(file);
  assert.ok(rules, `${file} is missing: the site's viewer-request function is generated from it`);
  return rules;
}
const site = load(siteRequestFunctionCode(fixtureRules));
const served = (uri: string) => site(request(uri)).uri;

describe('site viewer-request function', () => {
  it('rewrites a dynamic route to its placeholder page, HTML and RSC payload alike', () => {
    assert.equal(served('/shop/product/p1/silk-gown/'), '/shop/product/_/_/index.html');
    assert.equal(served('/shop/product/p1/silk-gown/index.txt'), '/shop/product/_/_/index.txt');
    assert.equal(served('/news/n-42/spring-show/'), '/news/_/_/index.html');
  });

  it('tries the rules in order: the first match wins', () => {
    assert.equal(served('/shop/women/'), '/shop/_/index.html');
    assert.equal(served('/shop/new-arrivals/index.txt'), '/shop/_/index.txt');
    assert.equal(served('/shop/index.txt'), '/shop/index.txt');
    assert.equal(served('/collection/c1/summer/'), '/collection/_/_/index.html');
    assert.equal(served('/collection/summer/'), '/collection/_/_/index.html');
  });

  it('serves directories and the root from index.html', () => {
    assert.equal(served('/'), '/index.html');
    assert.equal(served('/shop/'), '/shop/index.html');
    assert.equal(served('/about/'), '/about/index.html');
  });

  it('leaves files and the untouched prefixes alone', () => {
    assert.equal(served('/favicon.ico'), '/favicon.ico');
    assert.equal(served('/_next/static/chunks/main.js'), '/_next/static/chunks/main.js');
    assert.equal(served('/web/3.130.0/html/hosted-field-frame.html'), '/web/3.130.0/html/hosted-field-frame.html');
    for (const uri of ['/api/products', '/blobs/images/p1.svg', '/sandbox/pay', '/web/3.130.0/js/client']) {
      assert.equal(served(uri), uri, uri);
    }
  });

  it('redirects extension-less paths to their trailing-slash form, keeping the query', () => {
    const plain = site(request('/shop/product/p1/silk-gown'));
    assert.equal(plain.statusCode, 308);
    assert.equal(plain.headers?.location.value, '/shop/product/p1/silk-gown/');
    const search = site(request('/search', { q: { value: 'silk%20gown' }, page: { value: '2' } }));
    assert.equal(search.headers?.location.value, '/search/?q=silk%20gown&page=2');
    const multi = site(request('/reset-password', { token: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] } }));
    assert.equal(multi.headers?.location.value, '/reset-password/?token=a&token=b');
  });

  it('sends a reload of page data (index.txt) to the page itself, query kept but _rsc; Next\'s data fetch gets the data', () => {
    const query = { status: { value: 'success' }, _rsc: { value: 'x1' } };
    const documents: Record<string, { value: string }>[] = [{ 'sec-fetch-dest': { value: 'document' } }, { accept: { value: 'text/html,application/xhtml+xml,*/*;q=0.8' } }];
    for (const headers of documents) {
      const reload = site(request('/checkout/notify/index.txt', query, headers));
      assert.equal(reload.statusCode, 307);
      assert.equal(reload.headers?.location.value, '/checkout/notify/?status=success');
    }
    const data = site(request('/checkout/notify/index.txt', query, { 'sec-fetch-dest': { value: 'empty' }, accept: { value: '*/*' }, rsc: { value: '1' } }));
    assert.equal(data.statusCode, undefined);
    assert.equal(data.uri, '/checkout/notify/index.txt');
    assert.equal(site(request('/robots.txt', {}, { 'sec-fetch-dest': { value: 'document' } })).uri, '/robots.txt');
  });

  it('never redirects off the site: leading slashes collapse and backslashes are refused', () => {
    for (const [uri, location] of [
      ['//evil%2Eexample', '/evil%2Eexample/'],
      ['///evil.example/x', '/evil.example/x/'],
      ['/%2F%2Fevil', '/%2F%2Fevil/'],
    ]) {
      const answer = site(request(uri));
      assert.equal(answer.statusCode, 308, uri);
      assert.equal(answer.headers?.location.value, location, uri);
    }
    assert.equal(served('//shop/'), '/shop/index.html');
    for (const uri of ['/\\evil.example', '/%5Cevil.example', '/%5cevil.example/']) {
      assert.equal(site(request(uri)).statusCode, 400, uri);
    }
  });

  it('answers a page the export does not have with its not-found page', () => {
    const pages = exportedPages(join(fixtures, 'site-out'));
    assert.deepEqual(pages, ['/', '/shop/', '/shop/_/']);
    const checked = load(siteRequestFunctionCode(fixtureRules, { pages, notFound: notFoundPage(join(fixtures, 'site-out')) }));
    const uri = (path: string) => checked(request(path)).uri;
    assert.equal(uri('/shop/women/'), '/shop/_/index.html');
    assert.equal(uri('/shop/women/index.txt'), '/shop/_/index.txt');
    assert.equal(uri('/'), '/index.html');
    assert.equal(uri('/no-such-page/'), '/404.html');
    assert.equal(uri('/no-such-page/index.txt'), '/404.html');
    assert.equal(uri('/shop/product/p1/silk-gown/'), '/404.html', 'the fixture export has no product page');
    assert.equal(uri('/robots.txt'), '/robots.txt', 'other files go to the bucket as they are');
  });

  it('is generated from the site\'s own site/rewrites.json', () => {
    const rules = siteRules();
    // With the site's export when it is built, so its pages are checked too.
    const out = join(repoRoot, 'site', 'out');
    const options = existsSync(join(out, 'index.html')) ? { pages: exportedPages(out), notFound: notFoundPage(out) } : {};
    const { code } = siteRequestFunction(rules, options);
    const real = load(code);
    const uri = (path: string) => real(request(path)).uri;
    assert.equal(uri('/shop/product/p1/silk-gown/'), '/shop/product/_/_/index.html');
    assert.equal(uri('/shop/product/p1/silk-gown/index.txt'), '/shop/product/_/_/index.txt');
    assert.equal(uri('/shop/Gowns/'), '/shop/_/index.html');
    assert.equal(uri('/news/n1/launch/'), '/news/_/_/index.html');
    assert.equal(uri('/'), '/index.html');
    // The sidebar's menus are pre-rendered: served as they are.
    if (options.pages) assert.equal(uri('/shop/men/'), '/shop/men/index.html');
    if (options.pages) assert.equal(uri('/no-such-page/'), options.notFound);
    assert.ok(code.length <= FUNCTION_CODE_LIMIT, 'CloudFront Functions are limited to 10 KB');
  });

  it('serves a pre-rendered page as it is, and any other id from the placeholder', () => {
    const pages = ['/', '/shop/', '/shop/_/', '/shop/product/_/_/', '/shop/product/p1/silk-gown/'];
    const checked = load(siteRequestFunctionCode(siteRules(), { pages, notFound: '/404.html' }));
    const uri = (path: string) => checked(request(path)).uri;
    assert.equal(uri('/shop/product/p1/silk-gown/'), '/shop/product/p1/silk-gown/index.html');
    assert.equal(uri('/shop/product/p1/silk-gown/index.txt'), '/shop/product/p1/silk-gown/index.txt');
    assert.equal(uri('/shop/product/p2/linen-coat/'), '/shop/product/_/_/index.html');
    assert.equal(uri('/shop/product/p1/old-slug/index.txt'), '/shop/product/_/_/index.txt');
  });

  it('leaves the pre-rendered detail pages out when listing them would pass the 10 KB limit', () => {
    const details = Array.from({ length: 500 }, (_, i) => `/shop/product/p${i}/piece-${i}/`);
    const pages = ['/', '/shop/', '/shop/_/', '/shop/product/_/_/', ...details];
    const fitted = siteRequestFunction(siteRules(), { pages, notFound: '/404.html' });
    assert.ok(fitted.code.length <= FUNCTION_CODE_LIMIT, `${fitted.code.length} bytes`);
    assert.deepEqual(fitted.leftOut, details);
    const uri = (path: string) => load(fitted.code)(request(path)).uri;
    assert.equal(uri('/shop/product/p7/piece-7/'), '/shop/product/_/_/index.html', 'served by the placeholder');
    assert.equal(uri('/shop/'), '/shop/index.html');
    assert.equal(uri('/no-such-page/'), '/404.html');

    const few = siteRequestFunction(siteRules(), { pages: pages.slice(0, 6), notFound: '/404.html' });
    assert.deepEqual(few.leftOut, [], 'a few fit');
    assert.equal(load(few.code)(request('/shop/product/p1/piece-1/')).uri, '/shop/product/p1/piece-1/index.html');
  });

  it('rejects a malformed rule at synth time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rewrites-'));
    const file = join(dir, 'rewrites.json');
    writeFileSync(file, JSON.stringify({ rewrites: [{ from: 'shop/:menu', to: '/shop/_' }] }));
    assert.throws(() => loadRewrites(file), /absolute 'from' and 'to'/);
    assert.equal(loadRewrites(join(dir, 'absent.json')), undefined);
  });
});

describe('site/rewrites.cases.json through the generated function', () => {
  // The same table the local server's rewrite is tested on (shared/server/tests/api/rewrites.rs).
  const file = join(repoRoot, 'site', 'rewrites.cases.json');
  assert.ok(existsSync(file), `${file} is missing: it holds the rewrite sample cases both implementations are tested on`);
  const sample = JSON.parse(readFileSync(file, 'utf8')) as { pages: string[]; cases: Record<string, string> };
  const cases = Object.entries(sample.cases);
  // The sample export's pre-rendered pages; no not-found page, so only the rewrites are checked.
  const real = load(siteRequestFunctionCode(siteRules(), { pages: sample.pages }));

  it('has cases', () => {
    assert.ok(cases.length > 0, `${file} has no cases`);
  });

  for (const [from, to] of cases) {
    it(`serves ${from} from ${to}`, () => {
      // The function also names a directory's index.html, which the bucket needs.
      assert.equal(real(request(from)).uri, to.endsWith('/') ? `${to}index.html` : to);
    });
  }
});

describe('blobs viewer-request function', () => {
  const blobs = load(blobsRequestFunctionCode());
  it('maps /blobs/images/... to the bucket key images/...', () => {
    assert.equal(blobs(request('/blobs/images/p1/front.webp')).uri, '/images/p1/front.webp');
  });
  it('never serves invoices or anything outside images/', () => {
    for (const uri of ['/blobs/invoices/o1.pdf', '/blobs/', '/blobs/images/', '/blobs/images/../invoices/o1.pdf', '/blobs/other/x']) {
      assert.equal(blobs(request(uri)).statusCode, 404, uri);
    }
  });
});
