/**
 * Journeys over the house's content: a runway's campaign film really plays,
 * the About page's gallery pictures load, and the address form offers the
 * full country dataset (Japan's prefectures, on demand), and the footer gives
 * the house's one contact address and the shopper's year.
 */
import { WIDTHS, assert, freshPage, hydrated, shoot } from "./harness.mjs";
import { signedInShopper } from "./shoppers.mjs";

/** A new shopper signed in through the API, the way the account journeys do it. */
async function signedInPage(browser, base) {
  const { page, context } = await freshPage(browser, WIDTHS.desktop);
  await signedInShopper(context, base, "geo", "Trần");
  return { page, context };
}

export function contentJourneys({ browser, base, runway }) {
  const playsFilm = (size) => async () => {
    const { page, context } = await freshPage(browser, size);
    await page.goto(`${base}/runway/${runway.id}/${runway.slug}/`);
    await page.getByRole("button", { name: "SEE THE FILM" }).last().click();
    const video = page.locator("video");
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2, null, { timeout: 15000 });
    const first = await video.evaluate((v) => v.currentTime);
    await page.waitForFunction((t) => (document.querySelector("video")?.currentTime ?? 0) > t + 0.3, first, { timeout: 15000 });
    const state = await video.evaluate((v) => ({ error: v.error?.code ?? null, width: v.videoWidth, src: v.currentSrc }));
    assert(state.error === null, `the film failed with media error ${state.error}`);
    assert(state.width > 0 && /\/blobs\/images\/catalog\/[0-9a-f]+\/film\.mp4$/.test(state.src), `the film is the runway's own blob (${state.src})`);
    await shoot(page, "content-runway-film");
    await context.close();
  };
  const aboutGallery = (size) => async () => {
    const { page, context } = await freshPage(browser, size);
    await page.goto(`${base}/about/`);
    const pictures = page.locator(".house-page--about figure img");
    await pictures.first().scrollIntoViewIfNeeded();
    assert((await pictures.count()) === 3, "three gallery pictures");
    for (const img of await pictures.all()) {
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout: 10000 });
      assert(((await img.getAttribute("alt")) ?? "").length > 10, "each picture has an alt text");
      assert((await img.getAttribute("loading")) === "lazy", "pictures load lazily");
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, "content-about");
    await context.close();
  };
  return [
    {
      name: "footer: the house's one contact address (the Contact page's) and the year on the shopper's clock",
      fn: async () => {
        const { page, context, problems } = await freshPage(browser, WIDTHS.desktop);
        // A year the site was not built in: the footer must read the shopper's clock, and hydrate without a mismatch.
        await page.clock.install({ time: new Date(2031, 5, 15, 10) });
        await page.goto(`${base}/support/contact/`);
        await hydrated(page);
        const footer = page.getByRole("contentinfo");
        await footer.getByText("© 2031 MAISON LAN ANH. All rights reserved.").waitFor();
        const footerMail = await footer.locator('a[href^="mailto:"]').getAttribute("href");
        const contactMail = await page.locator('.contact-methods a[href^="mailto:"]').getAttribute("href");
        assert(footerMail === contactMail && footerMail === "mailto:support@maisonlananh.vn", `one address: footer ${footerMail}, Contact page ${contactMail}`);
        await shoot(page, "footer-contact-year");
        assert(problems.length === 0, problems.join("; "));
        await context.close();
      },
    },
    { name: "runway film plays (390)", fn: playsFilm(WIDTHS.mobile) },
    { name: "runway film plays (1440)", fn: playsFilm(WIDTHS.desktop) },
    { name: "about gallery pictures load (390)", fn: aboutGallery(WIDTHS.mobile) },
    { name: "about gallery pictures load (1440)", fn: aboutGallery(WIDTHS.desktop) },
    {
      name: "address form offers Japan's prefectures",
      fn: async () => {
        const { page, context } = await signedInPage(browser, base);
        await page.goto(`${base}/me/addresses/`);
        await page.getByRole("button", { name: "ADD NEW ADDRESS" }).click();
        const dialog = page.getByRole("dialog", { name: "ADD NEW ADDRESS" });
        await dialog.getByLabel("Country *").selectOption("Japan");
        const state = dialog.getByLabel("State / Province *");
        await state.locator("option", { hasText: "Okinawa" }).waitFor({ state: "attached" });
        const names = await state.locator("option").allTextContents();
        assert(names.filter((n) => n.trim() && !/select/i.test(n)).length === 47, `Japan has 47 prefectures (${names.length} options)`);
        await state.selectOption("Hokkaido");
        await context.close();
      },
    },
  ];
}
