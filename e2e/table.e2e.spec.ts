import type { Page } from 'playwright-core';
import { fundPlayer } from './support/accounts';
import { DESKTOP_SHORT, PHONE, screenshot } from './support/browser';
import { framesDrawn, signInByPage, visible, whenEnabled } from './support/journey';
import { siteForSpec } from './support/site';
import { SEEDS, clearBet, countDeals, onShoe, settleCards } from './support/table';

/**
 * The table as a careful player expects it: the insurance stake and its result, net results that never
 * cover a card, notices that leave with their reason, the free bet box (½, 2×, and refusals that send
 * nothing), the sound switch, and the strategy coach — its hint at each decision, its report after the
 * hand, and the week on the profile.
 */

jest.setTimeout(300_000);

const site = siteForSpec();
const { call } = site;

/** Types into the bet box as a player would (select all, type). */
async function typeBet(page: Page, text: string) {
  const input = page.getByTestId('bet-input');
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
}

/** Rectangles of the result badges that overlap a card on the table (none expected). */
async function badgesOverCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rect = (el: Element) => el.getBoundingClientRect();
    const cards = [...document.querySelectorAll('[data-testid="table-card"]')].map((el) => ({ name: el.getAttribute('data-card') ?? '?', r: rect(el) }));
    const badges = [...document.querySelectorAll('[data-testid="hand-result"], [data-testid="insurance-result"]')].map((el) => ({ name: el.textContent ?? '', r: rect(el) }));
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    return badges.flatMap((b) => cards.filter((c) => overlap(b.r, c.r)).map((c) => `${b.name} over ${c.name}`));
  });
}

test('1280 px: the bet box refuses what is not a bet, an insured hand against a dealer blackjack, net badges, and the coach', async () => {
  const { context, page, errors } = await site.open(DESKTOP_SHORT);
  const deals = countDeals(page);
  const { jwt } = await signInByPage(page, 'amani.table@bahati.test', 'Amani');
  await fundPlayer(call, jwt, '2025550191', 1_000_000);
  await onShoe(page, call, jwt, SEEDS.insuranceDealerBlackjack);
  await screenshot(page, 'table-desktop-01-coach-off');

  // "Tap a chip" leaves as soon as a chip is tapped.
  await clearBet(page);
  await page.getByTestId('action-deal').click();
  await visible(page.getByTestId('table-notice').getByText('Tap a chip to place a bet first.'));
  await page.getByTestId('chip-5K').click();
  await page.getByTestId('table-notice').waitFor({ state: 'detached', timeout: 2_000 });
  expect(await page.getByTestId('bet-input').inputValue()).toBe('5,000');

  // What is not a whole number of sats is refused in the box, with the reason, and no deal goes out.
  for (const [text, problem, message] of [
    ['1500.5', 'decimal', 'Whole sats only: no decimal point.'],
    ['-5000', 'negative', 'A bet cannot be negative.'],
    ['1e5', 'digits', 'Digits only, for example 5000.'],
    ['600000', 'aboveMax', 'The maximum bet is 500,000 sats.'],
  ] as const) {
    await typeBet(page, text);
    await visible(page.getByTestId('bet-problem').getByText(message));
    expect(await page.getByTestId('bet-problem').getAttribute('data-problem')).toBe(problem);
    expect(await page.getByTestId('bet-input').inputValue()).toBe(text);
    await page.getByTestId('action-deal').click();
    await visible(page.getByTestId('table-notice').getByText('Fix the bet in the box first', { exact: false }));
    // N deals from the keyboard: refused the same way once the focus is off the box.
    await page.getByTestId('action-deal').focus();
    await page.keyboard.press('n');
    await framesDrawn(page);
    expect(deals()).toBe(0);
    expect(await page.getByTestId('table-card').count()).toBe(0);
    if (text === '1500.5') await screenshot(page, 'table-desktop-02-bet-refused');
  }
  expect(deals()).toBe(0);

  // A typed bet, then ½ and 2×; the refusal and its notice are gone.
  await typeBet(page, '20000');
  await page.getByTestId('bet-problem').waitFor({ state: 'detached' });
  await page.getByTestId('table-notice').waitFor({ state: 'detached', timeout: 2_000 });
  await page.getByTestId('bet-half').click();
  expect(await page.getByTestId('bet-input').inputValue()).toBe('10,000');
  expect(await page.getByTestId('bet-amount').textContent()).toBe('10,000');
  await page.getByTestId('bet-double').click();
  await page.getByTestId('bet-half').click();
  expect(await page.getByTestId('bet-amount').textContent()).toBe('10,000');

  // Sound: off by default, remembered once turned on.
  const sound = page.getByTestId('sound-toggle');
  expect(await sound.getAttribute('aria-pressed')).toBe('false');
  await sound.click();
  expect(await sound.getAttribute('aria-pressed')).toBe('true');

  // The coach: off by default; on, its panel states the model and that it never predicts cards.
  const coach = page.getByTestId('coach-toggle');
  expect(await coach.getAttribute('aria-pressed')).toBe('false');
  await coach.click();
  await visible(page.getByTestId('coach-panel'));
  expect(await page.getByTestId('coach-model').textContent()).toContain('infinite-deck approximation');
  expect(await page.getByTestId('coach-model').textContent()).toContain('never predicts cards');
  await screenshot(page, 'table-desktop-03-coach-on');

  // 2H 7H against an ace with a queen in the hole: insurance is offered; the coach says No, in words on the button.
  await page.keyboard.press('n');
  await whenEnabled(page.getByTestId('action-yes'));
  expect(deals()).toBe(1);
  await visible(page.getByTestId('coach-hint'));
  expect(await page.getByTestId('coach-hint').getAttribute('data-action')).toBe('noinsurance');
  expect(await page.getByTestId('action-no').getAttribute('data-coach')).toBe('pick');
  expect(await page.getByTestId('action-no').textContent()).toContain('Coach');
  await settleCards(page);
  await screenshot(page, 'table-desktop-04-coach-hint-insurance');

  // Y takes the insurance (hotkeys still work): the dealer's blackjack pays it 2 to 1 — shown beside the lost hand.
  await page.keyboard.press('y');
  await visible(page.getByTestId('insurance-result'));
  await settleCards(page);
  expect(await page.getByTestId('insurance-result').textContent()).toBe('Insurance +10,000');
  expect(await page.getByTestId('insurance-result').getAttribute('title')).toBe('Insurance of 5,000 sats · paid back 15,000 sats');
  const lost = page.getByTestId('hand-result');
  expect(await lost.getAttribute('data-state')).toBe('Lost');
  expect(await lost.textContent()).toContain('−10,000');
  expect(await badgesOverCards(page)).toEqual([]);
  // The coach's report: taking insurance differed from basic strategy, and cost 1/13 of the insurance.
  await page.waitForSelector('[data-testid="coach-report"][data-ready="true"]', { timeout: 20_000 });
  const deviation = page.getByTestId('coach-deviation');
  expect(await deviation.count()).toBe(1);
  expect(await deviation.getAttribute('data-action')).toBe('Insurance');
  expect(await deviation.textContent()).toContain('You: Insurance · basic strategy: No insurance');
  expect(await page.getByTestId('coach-cost').getAttribute('data-msat')).toBe(String(Math.round((5_000 / 13) * 1000)));
  expect(await deviation.textContent()).toContain('Gave away 385 sats of expected value');
  await screenshot(page, 'table-desktop-05-insurance-result');

  // 2H 9C (11) against a 4: the coach marks Double; doubling draws 9H, turned on its side; the badge stays off the cards.
  await onShoe(page, call, jwt, SEEDS.plain);
  await page.getByTestId('action-deal').click();
  await whenEnabled(page.getByTestId('action-double'));
  expect(await page.getByTestId('coach-hint').getAttribute('data-action')).toBe('double');
  expect(await page.getByTestId('action-double').getAttribute('data-coach')).toBe('pick');
  await settleCards(page);
  await screenshot(page, 'table-desktop-06-coach-hint-double');
  await page.keyboard.press('d');
  await visible(page.getByTestId('hand-result'));
  await settleCards(page);
  const doubled = page.getByTestId('hand-result');
  const net = Number(await doubled.getAttribute('data-net'));
  const returned = Number(await doubled.getAttribute('data-returned'));
  // Net, not the gross return: the stake is 20,000 (10,000 doubled).
  expect(returned - net).toBe(20_000);
  expect(await doubled.getAttribute('title')).toBe(`Staked 20,000 sats · paid back ${returned.toLocaleString('en-US')} sats`);
  expect(await badgesOverCards(page)).toEqual([]);
  await page.waitForSelector('[data-testid="coach-report"][data-ready="true"]', { timeout: 20_000 });
  await visible(page.getByText('Every decision followed basic strategy (1 in this hand).'));
  await screenshot(page, 'table-desktop-07-doubled-badge');

  // The same position played off the chart: hit instead of double, then stand on 20.
  await onShoe(page, call, jwt, SEEDS.plain);
  await page.keyboard.press('n');
  await whenEnabled(page.getByTestId('action-hit'));
  await page.keyboard.press('h');
  await whenEnabled(page.getByTestId('action-stand'));
  expect(await page.getByTestId('coach-hint').getAttribute('data-action')).toBe('stand');
  await page.keyboard.press('s');
  await page.waitForSelector('[data-testid="coach-report"][data-ready="true"]', { timeout: 20_000 });
  expect(await page.getByTestId('coach-deviation').getAttribute('data-recommended')).toBe('Double');
  expect(Number(await page.getByTestId('coach-cost').getAttribute('data-msat'))).toBeGreaterThan(0);
  await settleCards(page);
  await screenshot(page, 'table-desktop-08-coach-report');

  // Both switches are remembered.
  await page.reload();
  await whenEnabled(page.getByTestId('action-deal'));
  expect(await page.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('coach-toggle').getAttribute('aria-pressed')).toBe('true');

  // The profile: the week's hands and the expected value given away.
  await page.goto('/profile');
  await visible(page.getByTestId('profile-coach'));
  await visible(page.getByTestId('coach-week-hands'));
  expect(await page.getByTestId('coach-week-hands').textContent()).toBe('3');
  expect(await page.getByTestId('coach-week-deviations').textContent()).toBe('2');
  expect(Number(await page.getByTestId('coach-week-given').getAttribute('data-msat'))).toBeGreaterThan(385_000);
  await page.getByTestId('profile-coach').scrollIntoViewIfNeeded();
  await screenshot(page, 'table-desktop-09-profile-coach');
  expect(errors).toEqual([]);
  await context.close();
});

test('375 px: the small table with the coach off and on, a doubled hand and split hands with their badges clear of every card', async () => {
  const { context, page, errors } = await site.open(PHONE);
  const deals = countDeals(page);
  const { jwt } = await signInByPage(page, 'neema.table@bahati.test', 'Neema');
  await fundPlayer(call, jwt, '2025550192', 500_000);
  await onShoe(page, call, jwt, SEEDS.plain);
  await screenshot(page, 'table-mobile-01-coach-off');

  await typeBet(page, '-5000');
  await visible(page.getByTestId('bet-problem'));
  await page.getByTestId('action-deal').click();
  expect(deals()).toBe(0);
  await screenshot(page, 'table-mobile-02-bet-refused');
  await typeBet(page, '5000');
  await page.getByTestId('bet-double').click();
  expect(await page.getByTestId('bet-input').inputValue()).toBe('10,000');

  await page.getByTestId('coach-toggle').click();
  await visible(page.getByTestId('coach-panel'));
  await page.getByTestId('action-deal').click();
  await whenEnabled(page.getByTestId('action-double'));
  expect(await page.getByTestId('coach-hint').getAttribute('data-action')).toBe('double');
  await settleCards(page);
  await screenshot(page, 'table-mobile-03-coach-on');
  await page.getByTestId('action-double').click();
  await visible(page.getByTestId('hand-result'));
  await settleCards(page);
  expect(await badgesOverCards(page)).toEqual([]);
  await screenshot(page, 'table-mobile-04-doubled-badge');

  // 8H 8D against a 3: split, stand on both; two badges, neither over a card.
  await onShoe(page, call, jwt, SEEDS.split);
  await page.getByTestId('action-deal').click();
  await whenEnabled(page.getByTestId('action-split'));
  expect(await page.getByTestId('coach-hint').getAttribute('data-action')).toBe('split');
  await page.getByTestId('action-split').click();
  await whenEnabled(page.getByTestId('action-stand'));
  await page.getByTestId('action-stand').click();
  await whenEnabled(page.getByTestId('action-stand'));
  await page.getByTestId('action-stand').click();
  await visible(page.getByTestId('hand-result'));
  await settleCards(page);
  expect(await page.getByTestId('hand-result').count()).toBe(2);
  expect(await badgesOverCards(page)).toEqual([]);
  await screenshot(page, 'table-mobile-05-split-badges');
  await page.getByTestId('coach-panel').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="coach-report"][data-ready="true"]', { timeout: 20_000 });
  await screenshot(page, 'table-mobile-06-coach-report');

  // 5D JD against an ace, no blackjack in the hole: the insurance stake lies beside the bet, marked lost once the
  // dealer has looked; the notice says so and leaves when the hand settles; the result shows beside the hand's.
  await onShoe(page, call, jwt, SEEDS.insurance);
  await page.getByTestId('action-deal').click();
  await whenEnabled(page.getByTestId('action-yes'));
  await page.getByTestId('action-yes').click();
  await page.getByTestId('insurance-stake').waitFor({ state: 'attached', timeout: 20_000 });
  await whenEnabled(page.getByTestId('action-stand'));
  expect(await page.getByTestId('insurance-stake').getAttribute('data-state')).toBe('lost');
  expect(await page.getByTestId('insurance-stake').textContent()).toContain('5,000');
  await visible(page.getByTestId('table-notice').getByText('your insurance is lost', { exact: false }));
  await settleCards(page);
  await screenshot(page, 'table-mobile-07-insurance-stake');
  await page.getByTestId('action-stand').click();
  await visible(page.getByTestId('insurance-result'));
  await settleCards(page);
  expect(await page.getByTestId('insurance-result').textContent()).toBe('Insurance −5,000');
  expect(await page.getByTestId('table-notice').count()).toBe(0);
  expect(await page.getByTestId('insurance-stake').count()).toBe(0);
  expect(await badgesOverCards(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'table-mobile-08-insurance-lost-result');
  expect(errors).toEqual([]);
  await context.close();
});
