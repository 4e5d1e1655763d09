// What the browser is, where the library behaves differently for it.

function userAgent() {
  return typeof navigator === "object" && navigator.userAgent ? navigator.userAgent : "";
}

/** iPhone, iPad or iPod (an iPad asking for the desktop site included). */
export function isIos(ua = userAgent()) {
  if (/iPhone|iPod|iPad/i.test(ua)) return true;
  return /Macintosh/.test(ua) && typeof navigator === "object" && navigator.maxTouchPoints > 1;
}

/**
 * Whether the hosted fields will format what is typed (card-number gaps,
 * `MM / YY`): Samsung Internet drops digits from inputs whose value is
 * rewritten while typing, so formatting is turned off there.
 */
export function supportsInputFormatting(ua = userAgent()) {
  return !/SamsungBrowser/i.test(ua);
}
