import { expectNoSeriousA11yViolations } from './support/a11y';
import { fundPlayer, playHandByApi, signInByApi } from './support/accounts';
import { DESKTOP, PHONE, screenshot, sectionShot } from './support/browser';
import { visible } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * Languages: the footer's selector keeps the page (from /sw/ledger, Deutsch lands on /de/ledger) and the
 * choice is remembered; /en/... answers the English page; a browser in another language is offered it
 * once on the English pages; and a hand of a retired shoe shows its verification right in the ledger.
 */

jest.setTimeout(180_000);

// The words are the subject, not the motion: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true });
const { call } = site;
let jwt = '';
let retiredShoeId = '';

beforeAll(async () => {
  jwt = await signInByApi(call, 'lugha@bahati.test', 'Lugha Mwema');
  await fundPlayer(call, jwt, '2015550190', 100_000);
  // Four hands: the shoe's last one retires it, and its house seed is revealed.
  for (let i = 0; i < 4; i++) retiredShoeId = await playHandByApi(call, jwt);
});

test('the language selector keeps the page, the choice is remembered, /en/ is English, and the ledger verifies a retired shoe in place', async () => {
  const { context, page, errors } = await site.open(DESKTOP, { jwt });
  await page.goto('/sw/ledger');
  await visible(page.getByRole('heading', { level: 1, name: 'Leja' }));
  // Chromium here speaks en-US and the page is Swahili by its address: no offer of another language.
  expect(await page.getByTestId('language-offer').count()).toBe(0);

  await page.getByRole('contentinfo').getByRole('combobox').selectOption('de');
  await page.waitForURL((url) => url.pathname === '/de/ledger' && url.search === '');
  await visible(page.getByRole('heading', { level: 1, name: 'Kontoauszug' }));
  expect(await page.evaluate(() => window.localStorage.getItem('bahati.language'))).toBe('de');
  // The default brand's header tagline is drawn in German.
  const tagline = decodeURIComponent((await page.getByRole('banner').locator('img[width="300"]').getAttribute('src')) ?? '');
  expect(tagline).toContain('>NACHWEISBAR FAIRES BLACKJACK</text>');
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: 'Kontoauszug' }));
  expect(new URL(page.url()).pathname).toBe('/de/ledger');

  // The English ledger, opened directly, stays English (the remembered German does not redirect).
  await page.goto('/ledger');
  await visible(page.getByRole('heading', { level: 1, name: 'Ledger' }));
  const hand = page.locator('[data-testid="ledger-row"][data-type="Bet"]').first();
  await hand.getByRole('button').click();
  const details = page.getByTestId('hand-details').first();
  const check = details.getByTestId('ledger-shoe');
  await visible(check.getByTestId('hand-positions'));
  expect(await check.getByTestId('hash-verdict').getAttribute('data-match')).toBe('true');
  expect(await check.getByTestId('shuffle-verdict').getAttribute('data-match')).toBe('true');
  expect(await check.getByTestId('shuffle-verdict').textContent()).toContain('All 208 cards match the shoe.');
  expect(await check.getByTestId('hand-positions').getAttribute('data-match')).toBe('true');
  expect(await check.getByTestId('hand-positions').textContent()).toMatch(/^This hand’s cards are cards \d+(, \d+)+ of 208 in the shoe\. ✓ The shuffle gives exactly these cards\.$/);
  const links = check.getByRole('link');
  expect(await links.count()).toBe(1);
  expect(await links.getAttribute('href')).toBe(`/provable?id=${retiredShoeId}`);
  await sectionShot(details, 'languages-ledger-verify-desktop');

  await page.setViewportSize(PHONE);
  await visible(check.getByTestId('hand-positions'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await sectionShot(details, 'languages-ledger-verify-phone');

  // /en/rules is the English rules page, under its unprefixed address.
  await page.goto('/en/rules');
  await visible(page.getByRole('heading', { level: 1, name: 'Blackjack rules at Bahati' }));
  expect(new URL(page.url()).pathname).toBe('/rules');

  expect(errors).toEqual([]);
  await context.close();
});

test('375 px: a German browser is offered German once, on the same page, and a dismissal is remembered', async () => {
  const { context, page, errors } = await site.open(PHONE, { locale: 'de-DE' });
  await page.goto('/rules');
  const offer = page.getByTestId('language-offer');
  await visible(offer);
  expect(await offer.textContent()).toContain('Diese Seite gibt es auf Deutsch');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page, { name: 'language offer' });
  await screenshot(page, 'languages-offer-phone');

  await offer.getByRole('button', { name: 'Wechseln' }).click();
  await page.waitForURL((url) => url.pathname === '/de/rules');
  await visible(page.getByRole('heading', { level: 1 }));
  expect(await page.getByTestId('language-offer').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();

  // Another visitor keeps English: the offer goes, and does not come back on the next visit.
  const other = await site.open(PHONE, { locale: 'de-DE' });
  await other.page.goto('/rules');
  await other.page.getByTestId('language-offer').getByRole('button', { name: 'Nein, danke' }).click();
  await other.page.getByTestId('language-offer').waitFor({ state: 'detached' });
  await other.page.reload();
  await visible(other.page.getByRole('heading', { level: 1, name: 'Blackjack rules at Bahati' }));
  expect(await other.page.getByTestId('language-offer').count()).toBe(0);
  expect(other.errors).toEqual([]);
  await other.context.close();
});
