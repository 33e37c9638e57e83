import type { Page } from 'playwright-core';
import { fundPlayer, signInByApi } from './support/accounts';
import { DESKTOP_SHORT, PHONE, screenshot, type Viewport } from './support/browser';
import { animationsDone, visible, whenEnabled } from './support/journey';
import { siteForSpec } from './support/site';
import { SEEDS, bet, forceShoe, openTable, pressMove, shoeCommitted, type SeedPair } from './support/table';

/**
 * The table's moments, looked at in English, Swahili and Arabic at 1280 and 375 px: a four-way split with the
 * round's one money line, an insurance offer and the insured hand settled, and a deal at instant speed. Each
 * picture is taken once the cards are down, and what it shows is checked: four results and one round total,
 * the insurance stake counted in the round, nothing wider than the screen.
 */

jest.setTimeout(300_000);

const site = siteForSpec();
const { call } = site;

const LANGUAGES = ['en', 'sw', 'ar'] as const;
const VIEWPORTS: [string, Viewport][] = [
  ['1280', DESKTOP_SHORT],
  ['375', PHONE],
];

/** The pair's shoe on the table, its player seed typed (in any language: by test ids, closed with Escape). */
async function onForcedShoe(page: Page, jwt: string, pair: SeedPair, path: string): Promise<void> {
  await forceShoe(call, jwt, pair);
  await openTable(page, path);
  await page.getByTestId('open-seeds').click();
  const dialog = await visible(page.getByTestId('seeds-dialog'));
  await shoeCommitted(page, pair);
  await dialog.getByTestId('player-seed').fill(pair.playerSeed);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** Plays on until Deal is back, answering with the first of `moves` that can be pressed (a move id → its hotkey). */
async function playWith(page: Page, moves: [string, string][]): Promise<void> {
  for (let step = 0; step < 16; step++) {
    const handle = await page.waitForFunction(
      (ids) => ids.find((id) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]:not(:disabled)`)) ?? null,
      ['action-deal', ...moves.map(([id]) => id)],
      { timeout: 30_000 },
    );
    const move = (await handle.jsonValue()) as string;
    if (move === 'action-deal') return animationsDone(page);
    await pressMove(page, moves.find(([id]) => id === move)![1]);
  }
  throw new Error('the hand did not finish');
}

/** Scrolls the table to just under the sticky header (a phone scrolls down to the moves as they take the focus). */
async function tableShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    const top = document.querySelector('[data-testid="table"]')!.getBoundingClientRect().top + window.scrollY;
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, Math.max(0, top - header - 8));
  });
  await screenshot(page, name);
}

/** Letters printed on the felt that a result badge covers while they are still drawn legibly (none expected). */
function legibleLettersUnderBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const badges = [...document.querySelectorAll('[data-testid="hand-result"], [data-testid="insurance-result"]')].map((el) => el.getBoundingClientRect());
    const out: string[] = [];
    for (const text of document.querySelectorAll<SVGTextElement>('[data-felt-print]')) {
      if (Number(getComputedStyle(text).fillOpacity) <= 0.3) continue;
      const ctm = text.getScreenCTM()!;
      for (let i = 0; i < text.getNumberOfChars(); i++) {
        const r = text.getExtentOfChar(i);
        const a = new DOMPoint(r.x, r.y).matrixTransform(ctm);
        const b = new DOMPoint(r.x + r.width, r.y + r.height).matrixTransform(ctm);
        const box = { left: Math.min(a.x, b.x), right: Math.max(a.x, b.x), top: Math.min(a.y, b.y), bottom: Math.max(a.y, b.y) };
        if (badges.some((g) => g.left < box.right && box.left < g.right && g.top < box.bottom && box.top < g.bottom)) out.push(text.textContent?.[i] ?? '?');
      }
    }
    return out;
  });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.each(LANGUAGES)('%s: a four-way split with its round total, insurance, and instant dealing at 1280 and 375 px', async (lang) => {
  const jwt = await signInByApi(call, `shots.${lang}@bahati.test`, `Shots ${lang}`);
  await fundPlayer(call, jwt, `20255501${LANGUAGES.indexOf(lang)}0`, 1_000_000);
  const path = lang === 'en' ? '/game' : `/${lang}/game`;
  for (const [width, viewport] of VIEWPORTS) {
    const { context, page, errors } = await site.openAs(viewport, jwt);

    // Four hands from one bet: four results on the felt, one line for the round under it.
    await onForcedShoe(page, jwt, SEEDS.fourWaySplit, path);
    await bet(page, ['1K']);
    await whenEnabled(page.getByTestId('action-deal'));
    await pressMove(page, 'n');
    await playWith(page, [
      ['action-split', 'p'],
      ['action-stand', 's'],
    ]);
    expect(await page.getByTestId('hand-result').count()).toBe(4);
    const line = await visible(page.getByTestId('round-line'));
    expect(await line.getAttribute('data-staked')).toBe('4000');
    const nets = await page.getByTestId('hand-result').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-net'))));
    expect(Number(await line.getAttribute('data-net'))).toBe(nets.reduce((a, b) => a + b, 0));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await tableShot(page, `table-split-${lang}-${width}`);

    expect(await legibleLettersUnderBadges(page)).toEqual([]);

    // A tall hand (five cards): its result rises into the printed words, which step back behind it.
    if (lang === 'en') {
      await onForcedShoe(page, jwt, SEEDS.fiveCards, path);
      await bet(page, ['1K']);
      await pressMove(page, 'n');
      for (let hit = 0; hit < 3; hit++) {
        await whenEnabled(page.getByTestId('action-hit'));
        await pressMove(page, 'h');
      }
      await playWith(page, [['action-stand', 's']]);
      expect(await page.locator('[data-testid="table-card"]').count()).toBe(7);
      expect(await legibleLettersUnderBadges(page)).toEqual([]);
      await tableShot(page, `table-five-cards-${lang}-${width}`);
    }

    // Insurance: the offer, then the insured hand settled with the stake in the round.
    await onForcedShoe(page, jwt, SEEDS.insurance, path);
    await bet(page, ['1K']);
    await pressMove(page, 'n');
    await whenEnabled(page.getByTestId('action-yes'));
    await animationsDone(page);
    await tableShot(page, `table-insurance-offer-${lang}-${width}`);
    await pressMove(page, 'y');
    await playWith(page, [['action-stand', 's']]);
    expect(await page.getByTestId('round-line').getAttribute('data-staked')).toBe('1500');
    await visible(page.getByTestId('insurance-result'));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await tableShot(page, `table-insurance-${lang}-${width}`);

    // Instant: picked at the table (normal → fast → instant), the next deal is simply there.
    await page.getByTestId('speed-toggle').click();
    await page.getByTestId('speed-toggle').click();
    expect(await page.getByTestId('speed-toggle').getAttribute('data-speed')).toBe('instant');
    await pressMove(page, 'n');
    await playWith(page, [
      ['action-no', 'n'],
      ['action-stand', 's'],
    ]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await tableShot(page, `table-instant-${lang}-${width}`);

    expect(errors).toEqual([]);
    await context.close();
  }
});
