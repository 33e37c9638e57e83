import type { Page } from 'playwright-core';
import { fundPlayer } from './support/accounts';
import { DESKTOP_SHORT } from './support/browser';
import { signInByPage, visible, whenEnabled } from './support/journey';
import { siteForSpec } from './support/site';
import { SEEDS, bet, onShoe, openTable, pressMove } from './support/table';

/**
 * Cards first, then buttons: on a slowed-down device (Chromium's CPU throttled 4×), a watcher in the page
 * records, at every change of the page, whether a card of the table is still animating (a running transition,
 * or a card just dealt that has not left the shoe yet) and whether a move is enabled or a score, result or
 * round line appeared or changed at that moment. Over 20 deals at normal and fast speed there is none; at
 * instant speed nothing on the table animates at all.
 */

jest.setTimeout(300_000);

const site = siteForSpec();
const { call } = site;

interface MotionLog {
  violations: string[];
  /** Changes of the page seen while cards were moving: the walk proves it looked. */
  whileMoving: number;
  /** Card transitions that started (flights and turns). */
  transitions: number;
  /** Transitions or animations of anything on the table. */
  tableAnimations: number;
}

/**
 * Installs the watcher (once per page; the table is a single-page app, so it lasts the walk). At instant speed
 * cards are dealt in place, never on the shoe: the watcher then only counts what animates.
 */
async function watchMotion(page: Page, speed: 'animated' | 'instant'): Promise<void> {
  await page.evaluate((instant) => {
    const w = window as unknown as { motionLog?: MotionLog };
    if (w.motionLog) return;
    const log: MotionLog = { violations: [], whileMoving: 0, transitions: 0, tableAnimations: 0 };
    w.motionLog = log;
    const cardOf = (node: unknown) => (node instanceof Element ? node.closest('[data-testid="table-card"]') : null);
    // A card just dealt sits on the shoe until its flight starts.
    const onShoe = new Set<Element>();
    document.addEventListener(
      'transitionrun',
      (event) => {
        const card = cardOf(event.target);
        if (card) {
          onShoe.delete(card);
          log.transitions++;
        }
        if (event.target instanceof Element && event.target.closest('[data-testid="table"]')) log.tableAnimations++;
      },
      true,
    );
    document.addEventListener(
      'animationstart',
      (event) => {
        if (event.target instanceof Element && event.target.closest('[data-testid="table"]')) log.tableAnimations++;
      },
      true,
    );
    const cardAnimations = () => document.getAnimations().filter((a) => a.playState === 'running' && cardOf((a.effect as KeyframeEffect | null)?.target ?? null));
    // Scores, results and the round's settled line (its stake while in play is the player's own, shown at once).
    const marks = () =>
      new Set(
        [...document.querySelectorAll('[data-testid="player-score"], [data-testid="dealer-score"], [data-testid="hand-result"], [data-testid="insurance-result"], [data-testid="round-line"][data-net]')].map(
          (el) => `${el.getAttribute('data-testid')}: ${el.textContent}`,
        ),
      );
    const enabledMoves = () =>
      [...document.querySelectorAll<HTMLButtonElement>('[role="group"] button[data-testid^="action-"]')].filter((b) => !b.disabled).map((b) => b.dataset.testid);
    let before = marks();
    new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of m.addedNodes) {
          if (!(node instanceof Element) || instant) continue;
          if (node.matches('[data-testid="table-card"]')) onShoe.add(node);
          node.querySelectorAll('[data-testid="table-card"]').forEach((c) => onShoe.add(c));
        }
      for (const card of [...onShoe]) if (!card.isConnected) onShoe.delete(card);
      const running = cardAnimations();
      const moving = running.length;
      const now = marks();
      if (moving > 0 || onShoe.size > 0) {
        log.whileMoving++;
        const what = running.map((a) => {
          const target = (a.effect as KeyframeEffect).target as Element;
          const timing = a.effect!.getComputedTiming();
          return `${cardOf(target)?.getAttribute('data-card')} ${target === cardOf(target) ? 'flying' : 'turning'}, ${Math.round(Number(a.currentTime))} of ${timing.endTime} ms, deal ${((window as unknown as { round?: number }).round ?? 0) + 1}`;
        });
        const where = `${moving} card animation(s) running (${what.join(', ')}), ${onShoe.size} card(s) on the shoe`;
        const enabled = enabledMoves();
        if (enabled.length) log.violations.push(`${enabled.join(', ')} enabled while ${where}`);
        const appeared = [...now].filter((mark) => !before.has(mark));
        if (appeared.length) log.violations.push(`${appeared.join(' / ')} shown while ${where}`);
      }
      before = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['disabled'] });
  }, speed === 'instant');
}

const motionLog = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { motionLog: MotionLog }).motionLog }));

/** Waits until one of these moves can be pressed, and says which. */
async function nextMove(page: Page, ids: string[]): Promise<string> {
  const handle = await page.waitForFunction(
    (wanted) => wanted.find((id) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]:not(:disabled)`)) ?? null,
    ids,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as string;
}

/** Plays one deal to the end: Yes to insurance (the first deal's), a hit on every other hand, then stand. */
async function playDeal(page: Page, round: number): Promise<void> {
  await whenEnabled(page.getByTestId('action-deal'));
  await pressMove(page, 'n');
  let hit = round % 2 === 1;
  for (let step = 0; step < 12; step++) {
    const move = await nextMove(page, ['action-deal', 'action-yes', 'action-hit']);
    if (move === 'action-deal') return;
    if (move === 'action-yes') await pressMove(page, 'y');
    else if (hit) {
      hit = false;
      await pressMove(page, 'h');
    } else await pressMove(page, 's');
  }
  throw new Error(`deal ${round + 1} did not finish`);
}

test('20 deals on a slow device: no move is enabled and no score shown before the last card has landed; instant deals move nothing', async () => {
  const { context, page, errors } = await site.open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(page, 'tuli.motion@bahati.test', 'Tuli');
  await fundPlayer(call, jwt, '2025550177', 2_000_000);
  // The first deal is offered insurance (dealer ace up): Yes is a move that must wait for the cards too.
  await onShoe(page, call, jwt, SEEDS.insurance);
  expect(await page.getByTestId('speed-toggle').getAttribute('data-speed')).toBe('normal');
  await bet(page, ['1K']);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await watchMotion(page, 'animated');

  for (let round = 0; round < 20; round++) {
    // The last six at fast speed, picked on the table.
    if (round === 14) {
      await page.getByTestId('speed-toggle').click();
      expect(await page.getByTestId('speed-toggle').getAttribute('data-speed')).toBe('fast');
    }
    await page.evaluate((n) => ((window as unknown as { round?: number }).round = n), round);
    await playDeal(page, round);
  }
  const played = await motionLog(page);
  expect(played.violations).toEqual([]);
  // The watcher saw the cards move: every deal flies at least four cards.
  expect(played.transitions).toBeGreaterThanOrEqual(80);
  expect(played.whileMoving).toBeGreaterThanOrEqual(40);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // Instant: chosen on the table, remembered after a reload; a deal and its moves animate nothing on the table.
  await page.getByTestId('speed-toggle').click();
  expect(await page.getByTestId('speed-toggle').getAttribute('data-speed')).toBe('instant');
  await openTable(page);
  expect(await page.getByTestId('speed-toggle').getAttribute('data-speed')).toBe('instant');
  expect(await page.getByTestId('table').getAttribute('data-speed')).toBe('instant');
  await watchMotion(page, 'instant');
  for (let round = 0; round < 3; round++) await playDeal(page, round);
  const instant = await motionLog(page);
  expect(instant.tableAnimations).toBe(0);
  expect(instant.transitions).toBe(0);
  expect(instant.violations).toEqual([]);
  await visible(page.getByTestId('round-line'));

  // Back to normal for the next visit on this device.
  await page.getByTestId('speed-toggle').click();
  expect(await page.getByTestId('speed-toggle').getAttribute('data-speed')).toBe('normal');
  expect(errors).toEqual([]);
});
