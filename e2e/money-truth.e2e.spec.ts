import { LEVELS, houseEdgePercent, wageredEdgePercent } from '@bahati/contracts';
import type { Locator, Page } from 'playwright-core';
import { playHandByApi, signInByApi, verifyPhone } from './support/accounts';
import { DESKTOP_SHORT, PHONE, fullPageShot, screenshot } from './support/browser';
import { headerBalance, signInByPage, visible } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * The money screens tell the player one truth, in Chromium against the built server:
 * - a first deposit's offer shows in the deposit's success dialog and at the table, and is accepted there;
 * - with that bonus and two redeemed codes accepted, /bonuses and /withdraws show the same total still to wager,
 *   each bonus keeps its own bar, and the withdrawal dialog says why it is locked before anything is typed;
 * - the house edge of a level is the same figure, with its basis, on the rules page, the profile, the table's
 *   rules dialog, the bonus calculator and the transparency page.
 */

const ADMIN_EMAIL = 'ofisi.money@bahati.test';
const site = siteForSpec({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const { call, open } = site;

/** Pays a Lightning invoice of `sats` generated on the deposit page, and answers the success dialog. */
async function depositOnPage(page: Page, sats: number) {
  await page.goto('/deposit');
  const lightning = page.getByTestId('lightning-section');
  await lightning.getByLabel('Amount in sats').fill(String(sats));
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  const qrDialog = await visible(page.getByTestId('invoice-qr-dialog'));
  const paymentRequest = (await qrDialog.getByTestId('invoice-payment-request').textContent())?.trim() ?? '';
  await call('dev/lightning/settle', { body: { paymentRequest } });
  return visible(page.getByTestId('deposit-success-dialog'));
}

/** Every level of a ladder shows its measured edge per initial bet, as contracts has it. */
async function everyLevelsEdge(ladder: Locator) {
  for (const level of LEVELS) {
    await visible(ladder.locator(`[data-testid="level-edge"][data-level="${level}"]`).getByText(`${houseEdgePercent(level).toFixed(3)}%`, { exact: true }));
  }
}

async function redeemOnProfile(page: Page, code: string) {
  await page.goto('/profile');
  const redeem = page.getByTestId('redeem-form');
  await redeem.getByLabel('Bonus code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await visible(redeem.getByTestId('redeem-result').getByText('Code redeemed', { exact: false }));
}

test('a bonus and two codes accepted: one total to wager on /bonuses and /withdraws, and a lock that explains itself', async () => {
  const admin = await signInByApi(call, ADMIN_EMAIL, 'Ofisi');
  await call('admin/redeem-codes', { body: { code: 'SPRING-10', bonusAmount: 10_000 }, jwt: admin });
  await call('admin/redeem-codes', { body: { code: 'SUMMER-20', bonusAmount: 20_000 }, jwt: admin });

  const { page, errors } = await open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(page, 'amani.truth@bahati.test', 'Amani Truth');
  await verifyPhone(call, jwt, '2015550191');

  // The first deposit's success dialog brings the offer (125 × the bonus by default) and takes the answer.
  const success = await depositOnPage(page, 50_000);
  const offer = await visible(success.getByTestId('open-offer-deposit'));
  await visible(offer.getByRole('heading', { name: 'Bonus offer: 50,000 sats' }));
  await visible(offer.getByText('Wager 6,250,000 sats to release it', { exact: false }));
  await visible(offer.getByText('At your level it is worth about 18,502 sats to you on average.'));
  await screenshot(page, 'money-truth-desktop-01-deposit-offer');
  await offer.getByRole('button', { name: 'Accept the bonus of 50,000 sats' }).click();
  const accept = await visible(page.getByTestId('accept-bonus-dialog'));
  await accept.getByLabel('I have read and agree to the bonus terms.').check();
  await accept.getByRole('button', { name: 'Accept bonus' }).click();
  await page.getByTestId('accept-bonus-dialog').waitFor({ state: 'detached' });
  await success.getByTestId('open-offer-deposit').waitFor({ state: 'detached' });
  await visible(headerBalance(page, '100,000 sats'));
  await success.getByRole('button', { name: 'Done' }).click();

  // Two codes at 125 × their bonus: 1,250,000 and 2,500,000 more to wager; then one hand of 5,000.
  await redeemOnProfile(page, 'spring-10');
  await redeemOnProfile(page, 'SUMMER-20');
  await playHandByApi(call, jwt, 5_000);

  for (const [viewport, name] of [[DESKTOP_SHORT, 'desktop'], [PHONE, 'mobile']] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/bonuses');
    const headline = await visible(page.getByTestId('active-bonus'));
    await visible(headline.getByText('5,000 of 10,000,000 sats wagered toward your accepted bonuses. Wager 9,995,000 sats more and withdrawals open again.'));
    const table = page.getByTestId('bonus-table');
    await visible(table.getByRole('row').filter({ hasText: 'SPRING-10' }).getByTestId('playthrough-text').getByText('0 / 1,250,000'));
    await visible(table.getByRole('row').filter({ hasText: 'SUMMER-20' }).getByTestId('playthrough-text').getByText('0 / 2,500,000'));
    await visible(table.getByRole('row').filter({ hasText: 'First deposit' }).getByTestId('playthrough-text').getByText('5,000 / 6,250,000'));
    await fullPageShot(page, `money-truth-${name}-02-bonuses`);

    await page.goto('/withdraws');
    const locked = await visible(page.getByTestId('withdraw-locked'));
    await visible(locked.getByText('5,000 of 10,000,000 sats wagered: 9,995,000 sats to go.'));
    await page.getByRole('button', { name: 'Request a withdrawal' }).click();
    const dialog = await visible(page.getByTestId('withdraw-dialog'));
    await visible(dialog.getByText('You cannot request a withdrawal yet: your accepted bonuses still require wagering.'));
    await visible(dialog.getByText('5,000 of 10,000,000 sats wagered: 9,995,000 sats to go.'));
    expect(await dialog.getByLabel('Amount in sats').count()).toBe(0);
    await screenshot(page, `money-truth-${name}-03-withdraws-locked`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  expect(errors).toEqual([]);
});

test('at 375 px the offer shows in the deposit success and at the table; the house edge is one figure with its basis everywhere', async () => {
  const { page, errors } = await open(PHONE);
  const { jwt } = await signInByPage(page, 'imani.truth@bahati.test', 'Imani Truth');
  await verifyPhone(call, jwt, '2015550192');
  const success = await depositOnPage(page, 20_000);
  await visible(success.getByTestId('open-offer-deposit').getByRole('heading', { name: 'Bonus offer: 20,000 sats' }));
  await screenshot(page, 'money-truth-mobile-01-deposit-offer');
  await success.getByRole('button', { name: 'Done' }).click();

  // Between hands the table carries the offer too.
  for (const [viewport, name] of [[PHONE, 'mobile'], [DESKTOP_SHORT, 'desktop']] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/game');
    const atTable = await visible(page.getByTestId('open-offer-table'));
    await visible(atTable.getByRole('button', { name: 'Accept the bonus of 20,000 sats' }));
    await screenshot(page, `money-truth-${name}-04-table-offer`);
  }

  // Level 0 on every screen that states an edge: the figure per initial bet, from the one measured table.
  const perBet = `${houseEdgePercent(0).toFixed(3)}% per initial bet`;
  const perWagered = `${wageredEdgePercent(0).toFixed(3)}% per satoshi wagered`;
  expect(perBet).toBe('0.572% per initial bet');

  // The table's rules dialog.
  await page.getByRole('button', { name: 'Rules' }).click();
  await visible(page.getByTestId('level-summary').getByText(`Measured house edge at your level: ${perBet}.`, { exact: false }));
  await page.keyboard.press('Escape');

  // The rules page: the levels table and the ladder.
  await page.goto('/rules');
  await visible(page.getByRole('columnheader', { name: 'Measured house edge (per initial bet)' }));
  await visible(page.getByRole('row').filter({ hasText: 'the rules above' }).getByText('0.572%'));
  for (const level of LEVELS) await visible(page.getByRole('cell', { name: `${houseEdgePercent(level).toFixed(3)}%`, exact: true }));
  const rulesLadder = await visible(page.getByTestId('level-ladder'));
  await everyLevelsEdge(rulesLadder);
  await visible(rulesLadder.getByText('per initial bet').first());

  // The profile's ladder.
  await page.goto('/profile');
  const profileLadder = await visible(page.getByTestId('level-ladder'));
  await everyLevelsEdge(profileLadder);
  await visible(profileLadder.getByText('house edge per initial bet').first());

  // The bonus calculator: the same figure, and the per-satoshi-wagered one it prices the playthrough with, labelled.
  await page.goto('/bonuses');
  await page.getByRole('button', { name: 'Accept the bonus of 20,000 sats' }).click();
  const calculator = await visible(page.getByTestId('accept-bonus-dialog').getByTestId('calculator-edge'));
  await visible(calculator.getByText(`The house edge at level 0 is ${perBet}.`, { exact: false }));
  await visible(calculator.getByText(`so here it costs ${perWagered}.`, { exact: false }));
  await page.keyboard.press('Escape');

  // The transparency page.
  await page.goto('/vanta-transparency-in-gaming-policy');
  await visible(page.getByText(`${perBet} at level 0 down to 0.227% at level 4`, { exact: false }));
  await everyLevelsEdge(await visible(page.getByTestId('level-ladder')));
  await screenshot(page, 'money-truth-desktop-05-transparency-edge');
  expect(errors).toEqual([]);
});
