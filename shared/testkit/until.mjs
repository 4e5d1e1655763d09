/**
 * The first truthy answer of `check` (sync or async), asked every `every` ms;
 * after `timeout` ms an error naming `what`. How the journeys and the SDK's
 * tests wait for what no event announces (a mail in the outbox, the API's
 * answer after an import, a request reaching the sandbox): for the condition
 * itself, never a fixed sleep.
 */
export async function until(check, what = "the condition", { timeout = 5000, every = 25 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() >= end) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
