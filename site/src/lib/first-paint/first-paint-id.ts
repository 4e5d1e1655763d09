/** The id of the script every exported page carries for `shopctl publish` to fill: a module of its own, so the script's server-rendered element needs no client code. */
export const FIRST_PAINT_ID = "first-paint";
