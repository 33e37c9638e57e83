import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiCall } from './accounts';
import { animationsDone, visible, whenEnabled } from './journey';

/** A house seed forced on the next shoe and the player seed sent with its first deal: known cards (fixtures/seeds.json says which). */
export interface SeedPair {
  playerSeed: string;
  houseSeed: string;
  houseSeedHash: string;
}

export const SEEDS = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'seeds.json'), 'utf8')) as Record<
  'insurance' | 'insuranceDealerBlackjack' | 'evenMoney' | 'split' | 'fourWaySplit' | 'fiveCards' | 'plain',
  SeedPair
>;

/** Commits the player's next shoe with the pair's house seed (between hands), through the development rail. */
export function forceShoe(call: ApiCall, jwt: string, pair: SeedPair): Promise<{ id: string; houseSeedHash: string }> {
  return call<{ id: string; houseSeedHash: string }>('dev/shoe', { body: { houseSeed: pair.houseSeed }, jwt });
}

/** Opens the table and waits until a hand can be dealt. */
export async function openTable(page: Page, path = '/game'): Promise<void> {
  await page.goto(path);
  await whenEnabled(page.getByTestId('action-deal'));
}

/** Waits until the open seeds dialog shows the hash the pair's forced shoe was committed with. */
export async function shoeCommitted(page: Page, pair: SeedPair, timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction((hash) => document.querySelector<HTMLInputElement>('[data-testid="house-seed-hash"]')?.value === hash, pair.houseSeedHash, { timeout });
  } catch {
    const shown = await page.getByTestId('house-seed-hash').inputValue().catch(() => '(no hash)');
    throw new Error(`house seed hash ${shown} ≠ ${pair.houseSeedHash}`);
  }
}

/** Opens the seeds dialog, waits for the forced shoe, and types the pair's player seed; the dialog stays open. */
export async function setPlayerSeed(page: Page, pair: SeedPair): Promise<void> {
  await page.getByTestId('open-seeds').click();
  const dialog = await visible(page.getByTestId('seeds-dialog'));
  await shoeCommitted(page, pair);
  await dialog.getByTestId('player-seed').fill(pair.playerSeed);
}

/** Closes a table dialog (seeds, rules) with its Done or Got it button. */
export async function closeDialog(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).getByRole('button', { name: /^(Done|Got it)$/ }).click();
  await page.getByTestId(testId).waitFor({ state: 'detached' });
}

/** Forces the pair's shoe, opens the table and types its player seed: the next deal plays the fixture's cards. */
export async function onShoe(page: Page, call: ApiCall, jwt: string, pair: SeedPair): Promise<void> {
  await forceShoe(call, jwt, pair);
  await openTable(page);
  await setPlayerSeed(page, pair);
  await closeDialog(page, 'seeds-dialog');
}

/** Empties the bet, if there is one. */
export async function clearBet(page: Page): Promise<void> {
  if (await page.getByTestId('clear-bet').isEnabled()) await page.getByTestId('clear-bet').click();
}

/** A fresh bet of these chips (`1K`, `5K`, …). */
export async function bet(page: Page, chips: string[]): Promise<void> {
  await clearBet(page);
  for (const chip of chips) await page.getByTestId(`chip-${chip}`).click();
}

/** Every deal the page sends from now on (POST /api/hands), to prove that a refused deal sends nothing. */
export function countDeals(page: Page): () => number {
  let deals = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/hands') deals++;
  });
  return () => deals;
}

/** Presses the hotkey of a move (or of a deal) and waits for the server's answer to the move it sent. */
export async function pressMove(page: Page, key: string, timeout = 20_000): Promise<void> {
  const answered = page.waitForResponse((response) => response.request().method() !== 'GET' && /^\/api\/hands(\/[a-z]+)?$/.test(new URL(response.url()).pathname), { timeout });
  await page.keyboard.press(key);
  await answered;
}

/** Plays the hand in play to the end with the keyboard: No to offers, then stand. */
export async function standItOut(page: Page): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await page.waitForFunction(
      () =>
        ['action-deal', 'action-no', 'action-stand'].some((id) => {
          const el = document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
          return el !== null && !el.disabled;
        }),
      undefined,
      { timeout: 15_000 },
    );
    if (await page.getByTestId('action-deal').isVisible()) return;
    if (await page.getByTestId('action-no').isVisible()) await pressMove(page, 'n');
    else if (await page.getByTestId('action-stand').isVisible()) await pressMove(page, 's');
  }
  throw new Error('the hand did not finish');
}

/** The results of the settled hand, one a player hand (`Won`, `Lost`, `EvenMoney`, …). */
export async function resultStates(page: Page): Promise<string[]> {
  await visible(page.getByTestId('hand-result'));
  return page.getByTestId('hand-result').evaluateAll((els) => els.map((el) => el.getAttribute('data-state') ?? ''));
}

/**
 * Waits until the last cards have landed and the table has stopped moving, before a picture or a measure:
 * the table keeps its moves and Deal disabled while cards fly (so one of them enabled means they are down),
 * then the scores, badges and notices that follow them finish their entrance.
 */
export async function settleCards(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLButtonElement>('button[data-testid^="action-"]')].some((button) => !button.disabled), undefined, { timeout });
  await animationsDone(page, timeout);
}
