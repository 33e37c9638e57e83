import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { bonusOffered, fundPlayer, playerWithHistory, signInByApi } from './support/accounts';
import { DESKTOP_SHORT, PHONE, screenshot } from './support/browser';
import { showScreen, visible, whenEnabled, type Screen as WalkScreen } from './support/journey';
import { siteForSpec } from './support/site';
import { SEEDS, forceShoe, pressMove, resultStates, shoeCommitted, type SeedPair } from './support/table';

/*
 * Every screen, as the person it is for sees it, checked with axe-core (WCAG 2.x A/AA and best
 * practices): a serious or critical violation fails. The player has money, a hand in the ledger, a
 * Lightning invoice, a withdrawal request and the bonus offer it made lapse; a newcomer has an offer still
 * open (the accept dialog); the admin sees that request and a redeem code; dialogs and the phone menu are
 * checked open.
 *
 * A new screen joins the walk with one line in SCREENS (its path, who sees it, and what shows it
 * has rendered).
 */

type Who = 'visitor' | 'player' | 'newcomer' | 'admin';

type Screen = WalkScreen<Who>;

const ADMIN_EMAIL = 'huduma@bahati.test';

const testId = (id: string) => (page: Page) => page.getByTestId(id);

let shoeId = '';
let playerJwt = '';

const SCREENS: Screen[] = [
  { name: 'welcome', path: '/', who: 'visitor' },
  { name: 'sign-in', path: '/authentication', who: 'visitor' },
  { name: 'provable (no shoe)', path: '/provable', who: 'visitor' },
  { name: 'bitcoin setup', path: '/bitcoin-setup-information', who: 'visitor' },
  { name: 'self-excluded', path: '/self-excluded', who: 'visitor' },
  { name: 'suspect', path: '/suspect', who: 'visitor' },
  { name: 'geolocation blocked', path: '/geolocation-blocked', who: 'visitor' },
  { name: 'not found', path: '/no-such-page', who: 'visitor' },
  { name: 'welcome (signed in)', path: '/', who: 'player' },
  { name: 'game', path: '/game', who: 'player', ready: testId('action-deal') },
  {
    name: 'game: seeds dialog',
    path: '/game',
    who: 'player',
    ready: testId('action-deal'),
    then: async (page) => {
      await page.getByTestId('open-seeds').click();
      await page.getByTestId('seeds-dialog').waitFor();
    },
  },
  {
    name: 'game: rules dialog',
    path: '/game',
    who: 'player',
    ready: testId('action-deal'),
    then: async (page) => {
      await page.getByTestId('open-rules').click();
      await page.getByTestId('rules-dialog').waitFor();
    },
  },
  { name: 'deposit', path: '/deposit', who: 'player', ready: (page) => page.locator('main table').first() },
  { name: 'withdraws', path: '/withdraws', who: 'player', ready: (page) => page.locator('main table').first() },
  {
    name: 'withdraws: request dialog',
    path: '/withdraws',
    who: 'player',
    ready: (page) => page.locator('main table').first(),
    then: async (page) => {
      await page.getByRole('button', { name: 'Request a withdrawal' }).click();
      await page.getByTestId('withdraw-dialog').waitFor();
    },
  },
  { name: 'bonuses', path: '/bonuses', who: 'player', ready: (page) => page.locator('main table').first() },
  {
    name: 'bonuses: accept dialog',
    path: '/bonuses',
    who: 'newcomer',
    ready: (page) => page.locator('main table').first(),
    then: async (page) => {
      await page.getByRole('button', { name: 'Accept' }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'ledger', path: '/ledger', who: 'player', ready: testId('ledger-table') },
  {
    name: 'ledger: hand details',
    path: '/ledger',
    who: 'player',
    ready: testId('ledger-table'),
    then: async (page) => {
      await page.getByTestId('ledger-row').filter({ hasText: 'Bet' }).first().getByRole('button').click();
      await page.getByTestId('hand-details').first().waitFor();
    },
  },
  { name: 'profile', path: '/profile', who: 'player', ready: testId('redeem-form') },
  { name: 'provable (a shoe)', path: '/provable?id=SHOE', who: 'player', ready: testId('shoe-id-input') },
  { name: 'phone verify', path: '/phone-verify', who: 'player' },
  { name: 'admin: withdraw requests', path: '/withdraw-requests', who: 'admin', ready: (page) => page.locator('main table').first() },
  { name: 'admin: redeem codes', path: '/admin/redeem-codes', who: 'admin', ready: (page) => page.locator('main table').first() },
];

jest.setTimeout(300_000);

// The walk checks what is on each screen, not its motion: its pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const { call } = site;
/** One page per person, closed with the browser. */
const sessions = new Map<Who, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  // A second player who has not withdrawn: their first-deposit offer stays open for the accept dialog.
  const payee = await signInByApi(call, 'mpokeaji@bahati.test', 'Mpokeaji');
  await fundPlayer(call, payee, '2015550181', 10_000);
  await bonusOffered(call, payee);

  const player = await playerWithHistory(call, 'msomaji@bahati.test', 'Msomaji Kipofu', '2015550182', 60_000);
  shoeId = player.shoeId;
  // An open invoice beside the settled one, for the deposit page's table.
  await call('players/lightningaddinvoice', { body: { amount: '2000' }, jwt: player.jwt });

  const admin = await signInByApi(call, ADMIN_EMAIL, 'Huduma');
  await call('admin/redeem-codes', { body: { code: 'KARIBU2025', bonusAmount: 5_000 }, jwt: admin });

  sessions.set('visitor', await site.openAs(DESKTOP_SHORT, null));
  sessions.set('player', await site.openAs(DESKTOP_SHORT, player.jwt));
  sessions.set('newcomer', await site.openAs(DESKTOP_SHORT, payee));
  sessions.set('admin', await site.openAs(DESKTOP_SHORT, admin));
  playerJwt = player.jwt;
});

describe('no serious or critical axe violations', () => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s', async (_name, screen) => {
    const { page } = sessions.get(screen.who)!;
    await showScreen(page, screen.path.replace('SHOE', shoeId), screen, `a11y-failure-${screen.name.replace(/\W+/g, '-')}`);
    await expectNoSeriousA11yViolations(page, { name: screen.name });
  });

  it('the phone menu, open', async () => {
    const { context, page } = await site.openAs(PHONE, playerJwt);
    await page.goto('/ledger');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expectNoSeriousA11yViolations(page, { name: 'phone menu' });
    await context.close();
  });

  it('the phone challenge on the deposit page of an unverified player', async () => {
    const jwt = await signInByApi(call, 'mgeni@bahati.test', 'Mgeni');
    const { context, page } = await site.openAs(DESKTOP_SHORT, jwt);
    await page.goto('/deposit');
    await page.getByTestId('phone-dialog').waitFor({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, { name: 'phone challenge' });
    await context.close();
  });
});

/** The focused element, as a test id (or its accessible text when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });

/**
 * Whether the focused control shows a ring a sighted keyboard player can see: an outline, or a ring
 * drawn as a spread-only box-shadow (`0 0 0 3px`), on the control or around it (its ::after). A glow
 * the control has anyway does not count.
 */
const showsFocusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || !el.matches(':focus-visible')) return false;
    const ring = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || /0px 0px 0px [1-9]/.test(style.boxShadow);
    const box = el.getBoundingClientRect();
    return (ring(getComputedStyle(el)) && box.width >= 10 && box.height >= 10) || ring(getComputedStyle(el, '::after'));
  });

/** Presses Tab until the control with this test id has the focus; resolves with the stops on the way. */
async function tabTo(page: Page, id: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    stops.push(now);
    if (now === id) return stops;
  }
  throw new Error(`${id} was never reached with ${key}: ${stops.join(' → ')}`);
}

/** Waits until the control with this test id can be pressed. */
const enabledButton = (page: Page, id: string) => whenEnabled(page.getByTestId(id));

/** Seeds button → Enter → the player seed field has the focus → type → Escape back to the table. */
async function typePlayerSeed(page: Page, pair: SeedPair) {
  await tabTo(page, 'open-seeds');
  await page.keyboard.press('Enter');
  await page.getByTestId('seeds-dialog').waitFor();
  expect(await focused(page)).toBe('player-seed');
  await shoeCommitted(page, pair);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(pair.playerSeed);
  await page.keyboard.press('Escape');
  await page.getByTestId('seeds-dialog').waitFor({ state: 'detached' });
  expect(await focused(page)).toBe('open-seeds');
}

describe('the table by keyboard alone', () => {
  let jwt = '';
  /** Forces the pair's shoe, reloads the table and types its player seed by keyboard. */
  const reloadOnShoe = async (page: Page, pair: SeedPair) => {
    await forceShoe(call, jwt, pair);
    await page.reload();
    await enabledButton(page, 'action-deal');
    await typePlayerSeed(page, pair);
  };

  beforeAll(async () => {
    jwt = await signInByApi(call, 'mkono@bahati.test', 'Mkono');
    await fundPlayer(call, jwt, '2015550183', 1_000_000);
    // The first deposit's offer is on the table (and in its tab order) once the bonuses read model has it.
    await bonusOffered(call, jwt);
  });

  it('Tab, Enter and Space reach and press the chips, the bet and the moves, in order and with a visible ring; N H S D P Y play', async () => {
    await forceShoe(call, jwt, SEEDS.insurance);
    const { context, page } = await site.openAs(DESKTOP_SHORT, jwt);
    try {
      await page.goto('/game');
      await enabledButton(page, 'action-deal');
      // The offer is read on its own and can land after the table is ready: tab only once it is on the page.
      await visible(page.getByRole('button', { name: 'Accept the bonus of 1,000,000 sats' }));

      // The first stop is the skip link; then the header, the table's tools, the chips and the moves, in reading order.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Skip to content');
      await tabTo(page, 'open-seeds');
      const order = (await tabTo(page, 'action-deal')).filter((stop) => stop !== 'bet-stack' && stop !== 'clear-bet');
      // The sound, dealing speed and coach switches follow the rules; the first deposit's open offer (under the bank) comes before
      // the table; the bet box (its ½ and 2× are off with no bet) precedes Deal.
      expect(order).toEqual([
        'open-rules', 'sound-toggle', 'speed-toggle', 'coach-toggle', 'Accept the bonus of 1,000,000 sats', 'Decline the bonus of 1,000,000 sats',
        'chip-1K', 'chip-5K', 'chip-25K', 'chip-100K', 'bet-input', 'action-deal',
      ]);
      expect(await showsFocusRing(page)).toBe(true);

      // Seeds by keyboard (from the top of the page again).
      await page.keyboard.press('Shift+Tab');
      await typePlayerSeed(page, SEEDS.insurance);

      // Chips: Enter adds one, Space another; the bet stack clears it with Enter.
      await tabTo(page, 'chip-1K');
      expect(await showsFocusRing(page)).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      await page.getByTestId('bet-amount').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="bet-amount"]')?.textContent === '2,000');
      await tabTo(page, 'bet-stack', 'Shift+Tab');
      expect(await showsFocusRing(page)).toBe(true);
      await screenshot(page, 'keyboard-01-bet-stack-focused');
      await page.keyboard.press('Enter');
      await page.getByTestId('bet-amount').waitFor({ state: 'detached' });
      // With the stack gone the focus is on the first chip.
      expect(await focused(page)).toBe('chip-1K');
      await page.keyboard.press('Space');
      await page.keyboard.press('Space');
      await page.waitForFunction(() => document.querySelector('[data-testid="bet-amount"]')?.textContent === '2,000');

      // Deal with Enter; the insurance offer takes the focus, Space answers Yes.
      await tabTo(page, 'action-deal');
      await page.keyboard.press('Enter');
      await enabledButton(page, 'action-yes');
      expect(await focused(page)).toBe('action-yes');
      expect(await showsFocusRing(page)).toBe(true);
      await screenshot(page, 'keyboard-02-insurance-focused');
      await page.keyboard.press('Space');

      // The hand's moves: H hits (an ace: 16), then Tab to Stand and Enter.
      await enabledButton(page, 'action-hit');
      expect(await focused(page)).toBe('action-hit');
      await page.keyboard.press('h');
      await enabledButton(page, 'action-stand');
      expect(await page.getByTestId('player-score').first().textContent()).toMatch(/^(6\/16|16)$/);
      await tabTo(page, 'action-stand');
      expect(await showsFocusRing(page)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await resultStates(page)).toEqual(['Lost']);
      await enabledButton(page, 'action-deal');
      expect(await focused(page)).toBe('action-deal');
      await screenshot(page, 'keyboard-03-rebet-focused');

      // Hotkeys: a split shoe (8 8 against a 3): N deals, P splits, S stands twice.
      await reloadOnShoe(page, SEEDS.split);
      await page.keyboard.press('n');
      await enabledButton(page, 'action-split');
      await page.keyboard.press('p');
      await enabledButton(page, 'action-stand');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="player-score"]').length === 2);
      await pressMove(page, 's');
      await enabledButton(page, 'action-stand');
      await page.keyboard.press('s');
      expect(await resultStates(page)).toEqual(['Lost', 'Lost']);

      // D doubles 11 against a 4 (a 9: 20).
      await enabledButton(page, 'action-deal');
      await reloadOnShoe(page, SEEDS.plain);
      await page.keyboard.press('n');
      await enabledButton(page, 'action-double');
      await page.keyboard.press('d');
      await resultStates(page);
      expect(await page.getByTestId('player-score').first().textContent()).toContain('20');

      // Y takes even money on a blackjack against an ace.
      await enabledButton(page, 'action-deal');
      await reloadOnShoe(page, SEEDS.evenMoney);
      await page.keyboard.press('n');
      await enabledButton(page, 'action-yes');
      await page.keyboard.press('y');
      expect(await resultStates(page)).toEqual(['EvenMoney']);
    } catch (error) {
      await screenshot(page, 'keyboard-failure');
      throw error;
    } finally {
      await context.close();
    }
  });
});
