import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type StartedServer } from './support/server';
import { openPage, settleCards, signInByPage as signIn, whenEnabled } from './support/journey';

/**
 * The game journeys: fund by the development rails, play by mouse and by keyboard (insurance, split,
 * a whole shoe), read the day in the ledger, and verify the retired shoe in the browser.
 */

interface SeedPair {
  playerSeed: string;
  houseSeed: string;
  houseSeedHash: string;
}
const SEEDS = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'seeds.json'), 'utf8')) as Record<
  'insurance' | 'insuranceDealerBlackjack' | 'evenMoney' | 'split' | 'plain',
  SeedPair
>;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

jest.setTimeout(240_000);

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (viewport: { width: number; height: number }) => openPage(browser, server, viewport);

async function visible(locator: Locator, timeout = 15_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

const enabled = (locator: Locator, timeout = 15_000) => whenEnabled(locator, 'game-failure', timeout);
const settle = settleCards;

async function api<T>(jwt: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${jwt}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Phone verification and a settled Lightning invoice, through the development rails. */
async function fund(jwt: string, phone: string, amount: number) {
  const { phoneNumber } = await api<{ phoneNumber: string }>(jwt, 'POST', 'players/beginphoneverify', { phoneNumber: phone, countryCode: 'us' });
  const { code } = await api<{ code: string }>(jwt, 'GET', `dev/phone-code?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  const verified = await api<{ status: string }>(jwt, 'POST', 'players/verifycode', { code });
  expect(verified.status).toBe('Approved');
  const invoice = await api<{ id: string; paymentRequest: string }>(jwt, 'POST', 'players/lightningaddinvoice', { amount: String(amount) });
  await api(jwt, 'POST', 'dev/lightning/settle', { paymentRequest: invoice.paymentRequest });
  const deadline = Date.now() + 15_000;
  while ((await api<number>(jwt, 'GET', 'players/bank')) < amount) {
    if (Date.now() > deadline) throw new Error('the deposit was not credited');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Commits the next shoe with a known house seed (between hands). */
const forceShoe = (jwt: string, pair: SeedPair) => api<{ id: string; houseSeedHash: string }>(jwt, 'POST', 'dev/shoe', { houseSeed: pair.houseSeed });

async function openTable(page: Page) {
  await page.goto('/game');
  await enabled(page.getByTestId('action-deal'));
}

/** Types the fixture's player seed into the seeds dialog and checks the committed hash. */
async function setPlayerSeed(page: Page, pair: SeedPair) {
  await page.getByTestId('open-seeds').click();
  const dialog = page.getByTestId('seeds-dialog');
  await visible(dialog);
  const hash = dialog.getByTestId('house-seed-hash');
  const deadline = Date.now() + 10_000;
  while ((await hash.inputValue()) !== pair.houseSeedHash) {
    if (Date.now() > deadline) throw new Error(`house seed hash ${await hash.inputValue()} ≠ ${pair.houseSeedHash}`);
    await page.waitForTimeout(100);
  }
  await dialog.getByTestId('player-seed').fill(pair.playerSeed);
}

async function closeDialog(page: Page, testId: string) {
  await page.getByTestId(testId).getByRole('button', { name: /^(Done|Got it)$/ }).click();
  await page.getByTestId(testId).waitFor({ state: 'detached' });
}

async function bet(page: Page, chips: string[]) {
  if (await page.getByTestId('clear-bet').isEnabled()) await page.getByTestId('clear-bet').click();
  for (const chip of chips) await page.getByTestId(`chip-${chip}`).click();
}

/** Plays the hand in play to the end with the keyboard: No to offers, then stand. */
async function standItOut(page: Page) {
  for (let i = 0; i < 12; i++) {
    const deal = page.getByTestId('action-deal');
    const no = page.getByTestId('action-no');
    const stand = page.getByTestId('action-stand');
    await page.waitForFunction(
      () =>
        ['action-deal', 'action-no', 'action-stand'].some((id) => {
          const el = document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
          return el !== null && !el.disabled;
        }),
      undefined,
      { timeout: 15_000 },
    );
    if (await deal.isVisible()) return;
    if (await no.isVisible()) await page.keyboard.press('n');
    else if (await stand.isVisible()) await page.keyboard.press('s');
    await page.waitForTimeout(150);
  }
  throw new Error('the hand did not finish');
}

async function resultStates(page: Page): Promise<string[]> {
  await visible(page.getByTestId('hand-result'));
  return page.getByTestId('hand-result').evaluateAll((els) => els.map((el) => el.getAttribute('data-state') ?? ''));
}

test('desktop: fund, insurance, hotkeys, a whole shoe, split, the ledger and the verification tool', async () => {
  const { context, page, errors } = await open(DESKTOP);
  const jwt = await signIn(page, 'zawadi@bahati.test', 'Zawadi');
  await fund(jwt, '2025550142', 1_000_000);
  const insuranceShoe = await forceShoe(jwt, SEEDS.insurance);

  // An empty table, then the seeds for the shoe.
  await openTable(page);
  await visible(page.getByText('1,000,000 sats').first());
  await screenshot(page, 'game-desktop-01-table');
  await setPlayerSeed(page, SEEDS.insurance);
  expect(await page.getByTestId('shoe-id').textContent()).toBe(insuranceShoe.id);
  await screenshot(page, 'game-desktop-02-seeds');
  // Hotkeys are ignored while the seeds dialog is open.
  await page.getByTestId('seeds-dialog').getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('n');
  await page.waitForTimeout(300);
  expect(await page.getByTestId('table-card').count()).toBe(0);
  await closeDialog(page, 'seeds-dialog');
  await page.getByTestId('open-rules').click();
  await visible(page.getByTestId('rules-dialog').getByText('Blackjack pays 3 to 2.'));
  await screenshot(page, 'game-desktop-02b-rules');
  await closeDialog(page, 'rules-dialog');

  // A zero bet is refused with a message.
  if (await page.getByTestId('clear-bet').isEnabled()) await page.getByTestId('clear-bet').click();
  await page.getByTestId('action-deal').click();
  await visible(page.getByTestId('table-notice').getByText('Tap a chip to place a bet first.'));

  // Chips build the bet greedily; the clear control empties it.
  await bet(page, ['25K', '1K']);
  expect(await page.getByTestId('bet-amount').textContent()).toBe('26,000');
  await page.getByTestId('clear-bet').click();
  expect(await page.getByTestId('bet-amount').count()).toBe(0);
  await bet(page, ['1K', '1K']);
  await screenshot(page, 'game-desktop-03-bet');

  // Hand 1 (mouse deal): 5D JD against an ace: the insurance prompt; Y takes it.
  await page.getByTestId('action-deal').click();
  await enabled(page.getByTestId('action-yes'));
  expect(await page.getByTestId('offer-prompt').textContent()).toContain('Insurance?');
  await settle(page, 300);
  await screenshot(page, 'game-desktop-04-insurance-offer');
  await page.keyboard.press('y');
  await visible(page.getByTestId('table-notice').getByText('The dealer does not have blackjack: your insurance is lost.'));
  // Hit by mouse (the next card is an ace: 16), stand by keyboard; the dealer's soft 18 wins.
  await enabled(page.getByTestId('action-hit'));
  await screenshot(page, 'game-desktop-05-insurance-lost');
  await page.getByTestId('action-hit').click();
  await enabled(page.getByTestId('action-stand'));
  expect(await page.getByTestId('player-score').first().textContent()).toMatch(/^(6\/16|16)$/);
  await page.keyboard.press('s');
  expect(await resultStates(page)).toEqual(['Lost']);
  expect(await page.getByTestId('dealer-score').textContent()).toContain('18');
  await enabled(page.getByTestId('action-deal'));
  expect(await page.getByTestId('action-deal').textContent()).toContain('Rebet');
  await settle(page, 300);
  await screenshot(page, 'game-desktop-06-hand-lost');

  // Hands 2-4 by keyboard: N rebets, offers are declined with N, S stands.
  for (let hand = 2; hand <= 4; hand++) {
    await page.keyboard.press('n');
    await page.waitForFunction(() => document.querySelector('[data-testid="action-deal"]') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
    await standItOut(page);
    await resultStates(page);
  }
  await visible(page.getByTestId('table-notice').getByText('That was the last hand of the shoe.', { exact: false }));
  await settle(page, 200);
  await screenshot(page, 'game-desktop-07-shoe-finished');

  // The split shoe: 8H 8D against a 3; split, then stand on both hands.
  await forceShoe(jwt, SEEDS.split);
  await page.reload();
  await enabled(page.getByTestId('action-deal'));
  await setPlayerSeed(page, SEEDS.split);
  await closeDialog(page, 'seeds-dialog');
  await page.keyboard.press('n');
  await enabled(page.getByTestId('action-split'));
  await page.getByTestId('action-split').click();
  await enabled(page.getByTestId('action-stand'));
  await settle(page, 300);
  expect(await page.getByTestId('player-score').count()).toBe(2);
  await screenshot(page, 'game-desktop-08-split');
  await page.keyboard.press('s');
  await enabled(page.getByTestId('action-stand'));
  await page.getByTestId('action-stand').click();
  expect(await resultStates(page)).toEqual(['Lost', 'Lost']);
  await settle(page, 300);
  await screenshot(page, 'game-desktop-09-split-settled');

  // Retire the split shoe early from the seeds dialog: its house seed is revealed.
  await page.getByTestId('open-seeds').click();
  await page.getByTestId('retire-shoe').click();
  await visible(page.getByTestId('revealed-house-seed'));
  expect(await page.getByTestId('revealed-house-seed').textContent()).toBe(SEEDS.split.houseSeed);
  await screenshot(page, 'game-desktop-10-retired');
  await closeDialog(page, 'seeds-dialog');

  // The ledger: today's rows; the first hand's details and its shoe.
  await page.goto('/ledger');
  await visible(page.getByTestId('ledger-table'));
  const rows = page.getByTestId('ledger-row');
  await visible(rows.filter({ hasText: 'Insurance bet' }));
  expect(await rows.filter({ hasText: 'Shoe revealed' }).count()).toBeGreaterThanOrEqual(1);
  await screenshot(page, 'game-desktop-11-ledger');
  await rows.filter({ hasText: 'Insurance bet' }).first().getByRole('button').click();
  const details = page.getByTestId('hand-details').first();
  await visible(details);
  await details.getByTestId('toggle-shoe').click();
  await visible(details.getByTestId('ledger-shoe'));
  expect(await details.getByTestId('ledger-shoe').textContent()).toContain(SEEDS.insurance.houseSeed);
  await details.getByTestId('ledger-shoe').scrollIntoViewIfNeeded();
  await screenshot(page, 'game-desktop-12-ledger-shoe');
  await screenshot(page, 'game-desktop-12-ledger-shoe-full', { fullPage: true });

  // Verify that shoe in the browser: the hash and all 208 cards match.
  await details.getByTestId('verify-shoe-link').click();
  await page.waitForURL(`**/provable?id=${insuranceShoe.id}`);
  await visible(page.getByTestId('committed-hash'));
  expect(await page.getByTestId('house-seed-input').inputValue()).toBe(SEEDS.insurance.houseSeed);
  expect(await page.getByTestId('player-seed-input').inputValue()).toBe(SEEDS.insurance.playerSeed);
  await page.getByTestId('hash-button').click();
  await visible(page.getByTestId('hash-verdict'));
  expect(await page.getByTestId('hashed-seed').textContent()).toBe(SEEDS.insurance.houseSeedHash);
  expect(await page.getByTestId('hash-verdict').getAttribute('data-match')).toBe('true');
  await page.getByRole('button', { name: 'Shuffle Deck with Seeds' }).click();
  await visible(page.getByTestId('shuffle-verdict'));
  expect(await page.getByTestId('shuffle-verdict').getAttribute('data-match')).toBe('true');
  expect(await page.locator('[data-differs]').count()).toBe(0);
  await screenshot(page, 'game-desktop-13-provable');
  await screenshot(page, 'game-desktop-13-provable-full', { fullPage: true });

  // A changed house seed no longer matches, and the shuffle marks the differences.
  await page.getByTestId('house-seed-input').fill(SEEDS.plain.houseSeed);
  await page.getByTestId('hash-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="hash-verdict"]')?.getAttribute('data-match') === 'false');
  await page.getByTestId('shuffle-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="shuffle-verdict"]')?.getAttribute('data-match') === 'false');
  expect(await page.locator('[data-differs]').count()).toBeGreaterThan(150);
  await screenshot(page, 'game-desktop-14-provable-mismatch');

  // A short id shows the prompt.
  await page.getByTestId('shoe-id-input').fill('abc');
  await visible(page.getByText('Enter a valid Shoe ID to see the shoe.'));
  expect(errors).toEqual([]);
  await context.close();
});

test('375 px: deal, even money, double, resume after reload, ledger and verification', async () => {
  const { context, page, errors } = await open(PHONE);
  const jwt = await signIn(page, 'baraka.game@bahati.test', 'Baraka');
  await fund(jwt, '2025550177', 300_000);
  await forceShoe(jwt, SEEDS.evenMoney);

  await openTable(page);
  await screenshot(page, 'game-mobile-01-table');
  await setPlayerSeed(page, SEEDS.evenMoney);
  await screenshot(page, 'game-mobile-02-seeds');
  await closeDialog(page, 'seeds-dialog');
  await bet(page, ['5K']);

  // Even money: blackjack against an ace.
  await page.getByTestId('action-deal').click();
  await enabled(page.getByTestId('action-yes'));
  expect(await page.getByTestId('offer-prompt').textContent()).toContain('even money');
  await settle(page, 300);
  await screenshot(page, 'game-mobile-03-even-money');
  await page.getByTestId('action-yes').click();
  expect(await resultStates(page)).toEqual(['EvenMoney']);
  await settle(page, 300);
  await screenshot(page, 'game-mobile-04-even-money-paid');

  // A plain shoe: 2H 9C (11) against a 4; reload mid-hand resumes it; double draws 9H (20).
  await forceShoe(jwt, SEEDS.plain);
  await page.reload();
  await enabled(page.getByTestId('action-deal'));
  await setPlayerSeed(page, SEEDS.plain);
  await closeDialog(page, 'seeds-dialog');
  await page.getByTestId('action-deal').click();
  await enabled(page.getByTestId('action-double'));
  await page.reload();
  await enabled(page.getByTestId('action-double'));
  expect(await page.getByTestId('table-card').count()).toBe(4);
  await screenshot(page, 'game-mobile-05-resumed');
  await page.getByTestId('action-double').click();
  await resultStates(page);
  expect(await page.getByTestId('player-score').first().textContent()).toContain('20');
  await settle(page, 300);
  await screenshot(page, 'game-mobile-06-doubled');

  // The menu's ledger; the double shows in the day, with its hand details.
  await page.goto('/ledger');
  await visible(page.getByTestId('ledger-table'));
  const doubleRow = page.getByTestId('ledger-row').filter({ hasText: 'Double' }).first();
  await visible(doubleRow);
  await screenshot(page, 'game-mobile-07-ledger');
  await doubleRow.getByRole('button').click();
  const details = page.getByTestId('hand-details').first();
  await visible(details);
  await details.getByTestId('toggle-shoe').click();
  await visible(details.getByText('cannot show shoe, still in use'));
  await screenshot(page, 'game-mobile-08-ledger-details');

  // The verification tool without a shoe id.
  await page.goto('/provable');
  await visible(page.getByText('Enter a valid Shoe ID to see the shoe.'));
  await page.getByTestId('house-seed-input').fill(SEEDS.plain.houseSeed);
  await page.getByTestId('player-seed-input').fill(SEEDS.plain.playerSeed);
  await page.getByTestId('hash-button').click();
  expect(await page.getByTestId('hashed-seed').textContent()).toBe(SEEDS.plain.houseSeedHash);
  await page.getByTestId('shuffle-button').click();
  await visible(page.getByTestId('shoe-grid'));
  await screenshot(page, 'game-mobile-09-provable');

  // The table in Swahili.
  await page.goto('/sw/game');
  await enabled(page.getByTestId('action-deal'));
  await visible(page.getByRole('button', { name: /^Gawa/ }));
  await screenshot(page, 'game-mobile-10-swahili');
  expect(errors).toEqual([]);
  await context.close();
});
