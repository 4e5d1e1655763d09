/**
 * Every public page, reached by navigation from another, goes network-idle.
 */
export function idleJourneys({ browser, base, routes }) {
  return [];
}
