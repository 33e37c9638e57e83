import { fundPlayer } from './support/accounts';
import { DESKTOP_SHORT, PHONE, screenshot } from './support/browser';
import { framesDrawn, signInByPage, visible, whenEnabled } from './support/journey';
import { siteForSpec } from './support/site';
import { SEEDS, bet, clearBet, closeDialog, countDeals, forceShoe, onShoe, openTable, pressMove, resultStates, setPlayerSeed, settleCards, standItOut } from './support/table';

/**
 * The game journeys: fund by the development rails, play by mouse and by keyboard (insurance, split,
 * a whole shoe), read the day in the ledger, and verify the retired shoe in the browser.
 */

jest.setTimeout(240_000);

const site = siteForSpec();
const { call } = site;

test('desktop: fund, insurance, hotkeys, a whole shoe, split, the ledger and the verification tool', async () => {
  const { context, page, errors } = await site.open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(page, 'zawadi@bahati.test', 'Zawadi');
  await fundPlayer(call, jwt, '2025550142', 1_000_000);
  const insuranceShoe = await forceShoe(call, jwt, SEEDS.insurance);

  // An empty table, then the seeds for the shoe.
  await openTable(page);
  await visible(page.getByText('1,000,000 sats').first());
  await screenshot(page, 'game-desktop-01-table');
  await setPlayerSeed(page, SEEDS.insurance);
  expect(await page.getByTestId('shoe-id').textContent()).toBe(insuranceShoe.id);
  await screenshot(page, 'game-desktop-02-seeds');
  // Hotkeys are ignored while the seeds dialog is open: once N has been handled, no deal went out and the
  // table said nothing (a deal of no bet would have asked for a chip).
  const deals = countDeals(page);
  await page.getByTestId('seeds-dialog').getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('n');
  await framesDrawn(page);
  expect(deals()).toBe(0);
  expect(await page.getByTestId('table-notice').count()).toBe(0);
  expect(await page.getByTestId('table-card').count()).toBe(0);
  await closeDialog(page, 'seeds-dialog');
  await page.getByTestId('open-rules').click();
  await visible(page.getByTestId('rules-dialog').getByText('Blackjack pays 3 to 2.'));
  await screenshot(page, 'game-desktop-02b-rules');
  await closeDialog(page, 'rules-dialog');

  // A zero bet is refused with a message.
  await clearBet(page);
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
  await whenEnabled(page.getByTestId('action-yes'));
  expect(await page.getByTestId('offer-prompt').textContent()).toContain('Insurance?');
  await settleCards(page);
  await screenshot(page, 'game-desktop-04-insurance-offer');
  await page.keyboard.press('y');
  await visible(page.getByTestId('table-notice').getByText('The dealer does not have blackjack: your insurance is lost.'));
  // Hit by mouse (the next card is an ace: 16), stand by keyboard; the dealer's soft 18 wins.
  await whenEnabled(page.getByTestId('action-hit'));
  await screenshot(page, 'game-desktop-05-insurance-lost');
  await page.getByTestId('action-hit').click();
  await whenEnabled(page.getByTestId('action-stand'));
  expect(await page.getByTestId('player-score').first().textContent()).toMatch(/^(6\/16|16)$/);
  await page.keyboard.press('s');
  expect(await resultStates(page)).toEqual(['Lost']);
  expect(await page.getByTestId('dealer-score').textContent()).toContain('18');
  await whenEnabled(page.getByTestId('action-deal'));
  expect(await page.getByTestId('action-deal').textContent()).toContain('Rebet');
  await settleCards(page);
  await screenshot(page, 'game-desktop-06-hand-lost');

  // Hands 2-4 by keyboard: N rebets, offers are declined with N, S stands.
  for (let hand = 2; hand <= 4; hand++) {
    await pressMove(page, 'n');
    await standItOut(page);
    await resultStates(page);
  }
  await visible(page.getByTestId('table-notice').getByText('That was the last hand of the shoe.', { exact: false }));
  await settleCards(page);
  await screenshot(page, 'game-desktop-07-shoe-finished');

  // The split shoe: 8H 8D against a 3; split, then stand on both hands.
  await onShoe(page, call, jwt, SEEDS.split);
  await page.keyboard.press('n');
  await whenEnabled(page.getByTestId('action-split'));
  await page.getByTestId('action-split').click();
  await whenEnabled(page.getByTestId('action-stand'));
  await settleCards(page);
  expect(await page.getByTestId('player-score').count()).toBe(2);
  await screenshot(page, 'game-desktop-08-split');
  await page.keyboard.press('s');
  await whenEnabled(page.getByTestId('action-stand'));
  await page.getByTestId('action-stand').click();
  expect(await resultStates(page)).toEqual(['Lost', 'Lost']);
  await settleCards(page);
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
  const { context, page, errors } = await site.open(PHONE);
  const { jwt } = await signInByPage(page, 'baraka.game@bahati.test', 'Baraka');
  await fundPlayer(call, jwt, '2025550177', 300_000);
  await forceShoe(call, jwt, SEEDS.evenMoney);

  await openTable(page);
  await screenshot(page, 'game-mobile-01-table');
  await setPlayerSeed(page, SEEDS.evenMoney);
  await screenshot(page, 'game-mobile-02-seeds');
  await closeDialog(page, 'seeds-dialog');
  await bet(page, ['5K']);

  // Even money: blackjack against an ace.
  await page.getByTestId('action-deal').click();
  await whenEnabled(page.getByTestId('action-yes'));
  expect(await page.getByTestId('offer-prompt').textContent()).toContain('even money');
  await settleCards(page);
  await screenshot(page, 'game-mobile-03-even-money');
  await page.getByTestId('action-yes').click();
  expect(await resultStates(page)).toEqual(['EvenMoney']);
  await settleCards(page);
  await screenshot(page, 'game-mobile-04-even-money-paid');

  // A plain shoe: 2H 9C (11) against a 4; reload mid-hand resumes it; double draws 9H (20).
  await onShoe(page, call, jwt, SEEDS.plain);
  await page.getByTestId('action-deal').click();
  await whenEnabled(page.getByTestId('action-double'));
  await page.reload();
  await whenEnabled(page.getByTestId('action-double'));
  expect(await page.getByTestId('table-card').count()).toBe(4);
  await screenshot(page, 'game-mobile-05-resumed');
  await page.getByTestId('action-double').click();
  await resultStates(page);
  expect(await page.getByTestId('player-score').first().textContent()).toContain('20');
  await settleCards(page);
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
  await whenEnabled(page.getByTestId('action-deal'));
  await visible(page.getByRole('button', { name: /^Gawa/ }));
  await screenshot(page, 'game-mobile-10-swahili');
  expect(errors).toEqual([]);
  await context.close();
});
