/**
 * A DOM to parse server HTML with: the browser's window, and in the static
 * export's build (Node) one jsdom window, so a pre-rendered page already holds
 * what the browser would make of that HTML and nothing moves when it hydrates.
 * The bundler drops the Node branch from the browser's code (`typeof window`
 * is a constant there).
 */
type DomWindow = Window & typeof globalThis;
let buildWindow: DomWindow | undefined;

export function domWindow(): DomWindow {
  // One if/else on `typeof window`, which the bundler folds, so the browser's code holds no jsdom.
  if (typeof window !== "undefined") {
    return window;
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node only, and synchronous: rendering cannot wait
    const { JSDOM } = require("jsdom") as { JSDOM: new (html: string) => { window: DomWindow } };
    buildWindow ??= new JSDOM("").window;
    return buildWindow;
  }
}
