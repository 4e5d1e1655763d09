// Hosted Fields' `styles` as the reference library applies them: its whole
// allow-list of properties reaches the frame's input, anything else
// (backgrounds, `behavior`, camelCase names, values with url/expression/`;`)
// is dropped, and media queries nest selectors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, merchantPage } from "./harness.mjs";

useSandbox();

/**
 * braintree-web 3.130.0 `src/hosted-fields/shared/constants.js` `allowedStyles`,
 * each with a value that is not the input's default. Later declarations of
 * one block win, so longhands differ from their shorthand's value.
 */
const ALLOWED = {
  "-moz-appearance": "none",
  "-moz-box-shadow": "1px 1px red",
  "-moz-osx-font-smoothing": "grayscale",
  "-moz-tap-highlight-color": "red",
  "-moz-transition": "color 1s",
  "-webkit-appearance": "none",
  "-webkit-box-shadow": "rgb(1, 0, 0) 1px 1px 0px",
  "-webkit-font-smoothing": "antialiased",
  "-webkit-tap-highlight-color": "rgb(3, 0, 0)",
  "-webkit-text-fill-color": "rgb(4, 0, 0)",
  "-webkit-transition": "color 1s ease 0s",
  appearance: "none",
  "box-shadow": "rgb(2, 0, 0) 2px 2px 0px",
  color: "rgb(5, 0, 0)",
  direction: "rtl",
  font: "italic 700 20px serif",
  "font-family": "monospace",
  "font-size": "21px",
  "font-size-adjust": "0.5",
  "font-stretch": "condensed",
  "font-style": "oblique",
  "font-variant": "small-caps",
  "font-variant-alternates": "historical-forms",
  "font-variant-caps": "all-small-caps",
  "font-variant-east-asian": "ruby",
  "font-variant-ligatures": "none",
  "font-variant-numeric": "tabular-nums",
  "font-weight": "300",
  "letter-spacing": "3px",
  "line-height": "30px",
  margin: "1px",
  "margin-top": "2px",
  "margin-right": "3px",
  "margin-bottom": "4px",
  "margin-left": "5px",
  opacity: "0.9",
  outline: "rgb(6, 0, 0) solid 2px",
  padding: "1px",
  "padding-top": "2px",
  "padding-right": "3px",
  "padding-bottom": "4px",
  "padding-left": "5px",
  "text-align": "center",
  "text-shadow": "rgb(7, 0, 0) 1px 1px 0px",
  transition: "opacity 2s ease 0s",
};

/** Dropped, in a more specific rule for the same input: properties off the list, and listed ones with unsafe values. */
const DISALLOWED = {
  background: "rgb(1, 2, 3)",
  "background-color": "rgb(1, 2, 3)",
  "background-image": "linear-gradient(red, blue)",
  behavior: "url(x.htc)",
  "-moz-binding": "url(x.xml#y)",
  display: "none",
  content: '"x"',
  fontSize: "40px",
  "font-family": "Curlz MT",
  opacity: "0.3;background:rgb(4, 5, 6)",
  "letter-spacing": "expression(1)",
  "line-height": "9px\\9",
  "text-align": "javascript:right",
  "box-shadow": "<b>",
};

const declaration = (p) => new RegExp("(^|[{;])" + p.replace(/[-[\]]/g, "\\$&") + ":");

test("styles: every property of the reference's allow-list is applied in the frame, nothing else", async () => {
  const page = await merchantPage(browser, sandbox.url);
  // Records the stylesheet text each frame builds, so properties Chromium
  // does not implement (-moz-*) are seen to pass the list too.
  await page.context().addInitScript(() => {
    const replace = CSSStyleSheet.prototype.replaceSync;
    CSSStyleSheet.prototype.replaceSync = function (text) {
      (self.__css ||= []).push(text);
      return replace.call(this, text);
    };
  });
  await page.evaluate(
    async ([allowed, disallowed]) => {
      const sdk = await import("./js/index.js");
      for (const key of ["cvv", "postalCode"]) {
        const div = document.createElement("div");
        div.id = "s-" + key;
        div.style.height = "40px";
        document.body.appendChild(div);
      }
      window.styled = await sdk.hostedFields.create({
        client: window.hostedFieldsInstance._client,
        styles: {
          "input.cvv": allowed,
          "input.cvv[name]": disallowed,
          "@media screen": { "input.postalCode": { color: "rgb(9, 8, 7)" }, "input.postalCode:focus": { color: "rgb(9, 9, 9)" } },
          "@media print": { "input.postalCode": { "font-size": "33px" } },
          "@supports (color: red)": { "input.postalCode": { "text-align": "right" } },
          "@import url(x.css)": { "input.postalCode": { "text-align": "right" } },
        },
        fields: { cvv: { container: "#s-cvv" }, postalCode: { container: "#s-postalCode" } },
      });
    },
    [ALLOWED, DISALLOWED],
  );

  const cvv = page.frameLocator("#s-cvv iframe").locator("input:not(.autofill)");
  const seen = await cvv.evaluate(
    (input, [allowed]) => {
      // Inputs beside the field, with the frame's defaults: one with the
      // allowed block inline (what the input must compute), one without.
      const probe = document.createElement("input");
      const plain = document.createElement("input");
      probe.style.cssText = Object.entries(allowed)
        .map(([p, v]) => p + ":" + v)
        .join(";");
      input.form.append(probe, plain);
      const value = (el, p) => getComputedStyle(el).getPropertyValue(p);
      const computed = Object.keys(allowed).filter((p) => CSS.supports(p, allowed[p]));
      return {
        css: self.__css.join("\n"),
        computed,
        notApplied: computed.filter((p) => value(input, p) !== value(probe, p)).map((p) => [p, value(input, p), value(probe, p)]),
        defaults: computed.filter((p) => value(probe, p) === value(plain, p)),
        background: [value(input, "background-color"), value(input, "background-image"), value(plain, "background-color")],
        display: value(input, "display"),
      };
    },
    [ALLOWED],
  );
  assert.ok(seen.computed.length >= 35, "most of the list is computed in Chromium: " + seen.computed.length);
  assert.deepEqual(seen.notApplied, [], "each allowed property reaches the input");
  assert.deepEqual(seen.defaults, [], "each test value differs from the default (so the check can fail)");
  assert.deepEqual(
    Object.keys(ALLOWED).filter((p) => !declaration(p).test(seen.css)),
    [],
    "every allowed property is in the frame's stylesheet",
  );
  const rules = seen.css
    .split("}")
    .filter((r) => r.includes("[name]"))
    .join("}");
  assert.deepEqual(
    Object.keys(DISALLOWED).filter((p) => declaration(p).test(rules)),
    [],
    "no disallowed declaration",
  );
  for (const bad of ["Curlz", "rgb(1, 2, 3)", "rgb(4, 5, 6)", "url", "expression", "javascript", "<", "\\", "@supports", "@import"]) {
    assert.ok(!seen.css.includes(bad), bad);
  }
  assert.deepEqual(seen.background, [seen.background[2], "none", seen.background[2]]);
  assert.notEqual(seen.display, "none");

  // Media queries nest their selectors (screen applies, print does not); pseudo-classes stay.
  const postal = page.frameLocator("#s-postalCode iframe").locator("input:not(.autofill)");
  const look = () => postal.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).fontSize, getComputedStyle(el).textAlign]);
  const [color, size, align] = await look();
  assert.equal(color, "rgb(9, 8, 7)");
  assert.notEqual(size, "33px");
  assert.notEqual(align, "right");
  await postal.focus();
  assert.equal((await look())[0], "rgb(9, 9, 9)");
  await page.context().close();
});
