import type { Page } from 'playwright-core';
import { playerWithHistory, signInByApi } from './support/accounts';
import { DESKTOP_SHORT, PHONE, fullPageShot, screenshot } from './support/browser';
import { animationsDone, showScreen, type Screen as WalkScreen } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * Arabic (`/ar/...`) lays the page out right to left: the header, menu, footer, forms, tables and
 * dialogs mirror; the blackjack table keeps its drawing; amounts and codes stay left-to-right runs.
 * Every screen is photographed at 1280 and 375 px (artifacts/screenshots/rtl-*.png) and must not
 * scroll sideways.
 */

type Who = 'visitor' | 'player' | 'admin';

type Screen = WalkScreen<Who>;

const ADMIN_EMAIL = 'msimamizi@bahati.test';
const VIEWPORTS = { desktop: DESKTOP_SHORT, phone: PHONE };

const SCREENS: Screen[] = [
  { name: 'welcome', path: '/ar', who: 'visitor' },
  { name: 'sign-in', path: '/ar/authentication', who: 'visitor' },
  { name: 'not-found', path: '/ar/no-such-page', who: 'visitor' },
  { name: 'game', path: '/ar/game', who: 'player', ready: (page) => page.getByTestId('action-deal') },
  { name: 'deposit', path: '/ar/deposit', who: 'player', ready: (page) => page.locator('main table').first() },
  { name: 'withdraws', path: '/ar/withdraws', who: 'player', ready: (page) => page.locator('main table').first() },
  {
    name: 'withdraw-dialog',
    path: '/ar/withdraws',
    who: 'player',
    ready: (page) => page.locator('main table').first(),
    then: async (page) => {
      await page.locator('main').getByRole('button').filter({ hasNot: page.locator('[disabled]') }).first().click();
      await page.getByTestId('withdraw-dialog').waitFor();
    },
  },
  { name: 'bonuses', path: '/ar/bonuses', who: 'player', ready: (page) => page.locator('main table').first() },
  { name: 'ledger', path: '/ar/ledger', who: 'player', ready: (page) => page.getByTestId('ledger-table') },
  {
    name: 'ledger-details',
    path: '/ar/ledger',
    who: 'player',
    ready: (page) => page.getByTestId('ledger-table'),
    then: async (page) => {
      await page.getByTestId('ledger-row').getByRole('button').first().click();
      await page.getByTestId('hand-details').first().waitFor();
    },
  },
  { name: 'profile', path: '/ar/profile', who: 'player', ready: (page) => page.getByTestId('redeem-form') },
  { name: 'provable', path: '/ar/provable?id=SHOE', who: 'player', ready: (page) => page.getByTestId('committed-hash') },
  { name: 'admin-withdraw-requests', path: '/ar/withdraw-requests', who: 'admin', ready: (page) => page.locator('main table').first() },
  { name: 'admin-redeem-codes', path: '/ar/admin/redeem-codes', who: 'admin', ready: (page) => page.locator('main table').first() },
];

jest.setTimeout(300_000);

// The layout is the subject, not the motion: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const { call } = site;
const jwts: Record<Who, string | null> = { visitor: null, player: null, admin: null };
let shoeId = '';

beforeAll(async () => {
  const player = await playerWithHistory(call, 'layla@bahati.test', 'ليلى أحمد', '2015550192', 80_000);
  shoeId = player.shoeId;
  const admin = await signInByApi(call, ADMIN_EMAIL, 'Msimamizi');
  await call('admin/redeem-codes', { body: { code: 'RAMADAN2025', bonusAmount: 5_000 }, jwt: admin });
  jwts.player = player.jwt;
  jwts.admin = admin;
});

/** Opens the screen and waits until it has rendered, its data has arrived and nothing moves. */
const show = (page: Page, screen: Screen) => showScreen(page, screen.path.replace('SHOE', shoeId), screen, `rtl-failure-${screen.name}`);

describe.each(Object.entries(VIEWPORTS))('Arabic at %s width', (label, viewport) => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s is laid out right to left without sideways scrolling', async (_name, screen) => {
    const { context, page } = await site.openAs(viewport, jwts[screen.who]);
    try {
      await show(page, screen);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await fullPageShot(page, `rtl-${label}-${screen.name}`);
      expect(overflow).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });
});

describe('what mirrors and what does not', () => {
  it('the header: brand on the right, the player on the left; the table keeps its chips in drawing order', async () => {
    const { context, page } = await site.openAs(VIEWPORTS.desktop, jwts.player);
    await show(page, SCREENS.find((s) => s.name === 'game')!);
    const brand = (await page.getByRole('banner').getByRole('link').first().boundingBox())!;
    const avatar = (await page.getByTestId('avatar').boundingBox())!;
    expect(brand.x).toBeGreaterThan(avatar.x);
    const small = (await page.getByTestId('chip-1K').boundingBox())!;
    const large = (await page.getByTestId('chip-100K').boundingBox())!;
    expect(small.x).toBeLessThan(large.x);
    await context.close();
  });

  it('a signed amount is one left-to-right run', async () => {
    const { context, page } = await site.openAs(VIEWPORTS.desktop, jwts.player);
    await show(page, SCREENS.find((s) => s.name === 'ledger')!);
    const bet = await page.getByTestId('ledger-row').filter({ hasText: '−' }).first().locator('td').last().textContent();
    expect(bet).toMatch(/^\u2066−[\d,]+\u2069$/);
    await context.close();
  });

  it('at 375 px the menu button is on the left and the menu opens under the header', async () => {
    const { context, page } = await site.openAs(VIEWPORTS.phone, jwts.admin);
    await show(page, SCREENS.find((s) => s.name === 'admin-withdraw-requests')!);
    const toggle = page.getByRole('banner').locator('button[aria-controls="main-menu"]');
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThan(VIEWPORTS.phone.width / 2);
    await toggle.click();
    await page.locator('#main-menu').waitFor({ state: 'visible' });
    await page.locator('#main-menu').getByRole('button', { expanded: false }).first().click();
    // The submenu is open and has finished opening.
    await page.locator('#main-menu').getByRole('button', { expanded: true }).first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'rtl-phone-menu-open');
    await context.close();
  });
});
