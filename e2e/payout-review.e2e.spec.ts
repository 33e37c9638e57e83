import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { fundPlayer, outsideAddress, signInByApi } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot, screenshot } from './support/browser';
import { visible } from './support/journey';
import { csvRows } from './support/csv';
import { siteForSpec } from './support/site';

/*
 * The payout review in Chromium against the built server, with two admins. Four players withdraw on-chain to
 * one address. The queue names, under each player, the three others paying the same wallet; a player whose
 * suspect level is at the hold level is held for review; the largest request needs two admins. The first admin
 * declines one request with a reason, approves the held player's only once a reason is written, and gives the
 * large request its first approval, which pays nothing and leaves that admin waiting; the second admin's
 * approval pays it. The audit log lists every decision with its reason, and its CSV export holds the same rows.
 * The queue, the approval dialog and the audit log pass axe and are pictured at 1280 and 375 px.
 */

const FIRST_ADMIN = 'mkuu@bahati.test';
const SECOND_ADMIN = 'naibu@bahati.test';
const FOUR_EYES_ABOVE = 30_000;
const HOLD_LEVEL = 50;

jest.setTimeout(300_000);

// The back office is the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({
  reducedMotion: true,
  env: { ADMIN_EMAILS: `${FIRST_ADMIN},${SECOND_ADMIN}`, WITHDRAW_SECOND_APPROVAL_SATS: String(FOUR_EYES_ABOVE), WITHDRAW_HOLD_SUSPECT_LEVEL: String(HOLD_LEVEL) },
});
const { call } = site;
const jwts = { first: '', second: '' };

/** The four players, what each asks for, and (once asked) their request's id. */
const players = [
  { key: 'amina', email: 'amina@bahati.test', name: 'Amina Wanjiru', phone: '2015550191', amount: 12_000, id: '', withdrawal: '' },
  { key: 'baraka', email: 'baraka@bahati.test', name: 'Baraka Kiprono', phone: '2015550192', amount: 15_000, id: '', withdrawal: '' },
  { key: 'chausiku', email: 'chausiku@bahati.test', name: 'Chausiku Atieno', phone: '2015550193', amount: 40_000, id: '', withdrawal: '' },
  { key: 'dalali', email: 'dalali@bahati.test', name: 'Dalali Mwita', phone: '2015550194', amount: 20_000, id: '', withdrawal: '' },
];
const [amina, baraka, chausiku, dalali] = players as [(typeof players)[number], (typeof players)[number], (typeof players)[number], (typeof players)[number]];

const REASONS = {
  level: 'Four new accounts pay one wallet',
  decline: 'Same wallet as three other new accounts',
  held: 'Called the player: the deposits match the wins',
  first: 'Large request: history checked, one wallet of her own',
};

beforeAll(async () => {
  jwts.first = await signInByApi(call, FIRST_ADMIN, 'Mkuu');
  jwts.second = await signInByApi(call, SECOND_ADMIN, 'Naibu');
  const address = await outsideAddress(call);
  for (const p of players) {
    const jwt = await signInByApi(call, p.email, p.name);
    p.id = (await call<{ id: string }>('players/1234', { jwt })).id;
    await fundPlayer(call, jwt, p.phone, 50_000);
    await call('players/withdraw', { body: { amount: p.amount, address }, jwt });
  }
  const listed = await call<{ id: string; playerId: string }[]>('players/adminwithdrawrequests', { jwt: jwts.first });
  for (const p of players) p.withdrawal = listed.find((w) => w.playerId === p.id)!.id;
  await call(`players/${baraka.id}/suspect/60`, { body: { reason: REASONS.level }, jwt: jwts.first });
});

const rowOf = (page: Page, p: (typeof players)[number]) => page.getByTestId(`admin-withdraw-${p.withdrawal}`);

async function openDecision(page: Page, p: (typeof players)[number], action: 'Approve' | 'Decline'): Promise<Locator> {
  await rowOf(page, p).getByRole('button', { name: new RegExp(`^${action} the request of ${p.email}`) }).click();
  const dialog = await visible(page.getByTestId('admin-withdraw-confirm'));
  await visible(dialog.getByTestId('risk-panel'));
  return dialog;
}

async function confirm(page: Page, dialog: Locator, button: string, outcome: string | RegExp): Promise<void> {
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
  await visible(page.getByTestId('admin-outcome').getByText(outcome));
}

test('four players, one address: the queue shows it; a held player needs a reason; a large request needs a second admin; the audit log and its CSV agree', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.first);
  await page.goto('/withdraw-requests');
  for (const p of players) await visible(rowOf(page, p).getByTestId('risk-flags').getByText('Same destination as 3 other players'));
  await visible(rowOf(page, baraka).getByText(`Held for review: level 60 (hold at ${HOLD_LEVEL})`));
  await visible(rowOf(page, chausiku).getByText('Needs two admins'));
  expect(await rowOf(page, amina).getByText('Needs two admins').count()).toBe(0);
  await expectNoSeriousA11yViolations(page, { name: 'withdrawal queue' });
  await fullPageShot(page, 'payout-review-desktop-01-queue');

  // Declined with its reason: the amount goes back to Dalali.
  let dialog = await openDecision(page, dalali, 'Decline');
  await dialog.getByRole('textbox').fill(REASONS.decline);
  await confirm(page, dialog, 'Decline and refund', 'Declined; 20,000 sats went back to the player.');

  // Baraka is held: the dialog says so, and refuses to approve without a reason.
  dialog = await openDecision(page, baraka, 'Approve');
  await visible(dialog.getByTestId('admin-withdraw-held').getByText(/held for review \(suspect level 60, hold at 50\)/));
  await dialog.getByRole('button', { name: 'Approve and pay' }).click();
  await visible(dialog.getByText(/reason/i).last());
  expect(await rowOf(page, baraka).getByTestId('admin-withdraw-payout').count()).toBe(0);
  await expectNoSeriousA11yViolations(page, { name: 'held approval dialog' });
  await screenshot(page, 'payout-review-desktop-02-held-dialog');
  await dialog.getByRole('textbox').fill(REASONS.held);
  await confirm(page, dialog, 'Approve and pay', /^Approved and paid\. Reference /);
  await visible(rowOf(page, baraka).getByTestId('admin-withdraw-payout').getByText('Paid'));

  // Chausiku's 40,000 sats: the first approval pays nothing, and its admin cannot give the second.
  dialog = await openDecision(page, chausiku, 'Approve');
  await visible(dialog.getByText(/your approval is the first of two/));
  await screenshot(page, 'payout-review-desktop-03-first-of-two-dialog');
  await dialog.getByRole('textbox').fill(REASONS.first);
  await confirm(page, dialog, 'Record approval 1 of 2', 'Approval 1 of 2 recorded. Another admin must approve before anything is paid.');
  await visible(rowOf(page, chausiku).getByTestId('admin-withdraw-first-approval').getByText(`Approval 1 of 2 by ${FIRST_ADMIN}`, { exact: false }));
  await visible(rowOf(page, chausiku).getByTestId('admin-withdraw-waiting'));
  expect(await rowOf(page, chausiku).getByRole('button', { name: /^Approve/ }).count()).toBe(0);
  expect(await rowOf(page, chausiku).getByTestId('admin-withdraw-payout').count()).toBe(0);
  await page.setViewportSize(PHONE);
  await fullPageShot(page, 'payout-review-phone-01-queue');
  expect(errors).toEqual([]);
  await context.close();

  // The second admin's approval pays it.
  const second = await site.openAs(DESKTOP, jwts.second);
  await second.page.goto('/withdraw-requests');
  dialog = await openDecision(second.page, chausiku, 'Approve');
  await visible(dialog.getByText(`${FIRST_ADMIN} gave the first approval. Yours pays 40,000 sats now`, { exact: false }));
  await expectNoSeriousA11yViolations(second.page, { name: 'second approval dialog' });
  await second.page.setViewportSize(PHONE);
  await screenshot(second.page, 'payout-review-phone-02-second-approval-dialog');
  await confirm(second.page, dialog, 'Approve and pay', /^Approved and paid\. Reference /);
  await visible(rowOf(second.page, chausiku).getByTestId('admin-withdraw-payout').getByText('Paid'));
  expect(second.errors).toEqual([]);
  await second.context.close();
});

test('the audit log lists each decision with who gave it and why, and its CSV holds the same rows', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.first);
  await page.goto('/admin/audit-log');
  await visible(page.getByRole('heading', { level: 1, name: 'Audit log' }));
  const table = page.getByTestId('audit-table');
  const decision = (text: string) => table.locator('tbody tr').filter({ hasText: text });
  await visible(decision(REASONS.decline).getByText('Withdrawal declined'));
  await visible(decision(REASONS.held).getByText('Withdrawal approved'));
  await visible(decision(REASONS.first).getByText('Withdrawal approval 1 of 2'));
  await visible(decision(REASONS.level).getByText('Suspect level'));
  const paidBySecond = table.locator('tbody tr').filter({ hasText: 'Withdrawal approved' }).filter({ hasText: SECOND_ADMIN });
  await visible(paidBySecond.getByText('approval 1 of 2 → approved'));
  await expectNoSeriousA11yViolations(page, { name: 'audit log after payout review' });
  await fullPageShot(page, 'payout-review-desktop-04-audit-log');

  const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace(/^audit-/, '')));
  const downloading = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const download = await downloading;
  const [header, ...rows] = csvRows(readFileSync((await download.path())!, 'utf8')) as [string[], ...string[][]];
  expect(rows.map((r) => r.at(-1))).toEqual(shown);
  const column = (name: string) => header.indexOf(name);
  const decisions = rows.filter((r) => r[column('action')]!.startsWith('Withdrawal')).map((r) => [r[column('action')], r[column('staffEmail')], r[column('reason')]]);
  expect(decisions).toEqual([
    ['WithdrawalApproved', SECOND_ADMIN, ''],
    ['WithdrawalFirstApproved', FIRST_ADMIN, REASONS.first],
    ['WithdrawalApproved', FIRST_ADMIN, REASONS.held],
    ['WithdrawalDeclined', FIRST_ADMIN, REASONS.decline],
  ]);

  await page.setViewportSize(PHONE);
  await visible(table.locator('tbody tr').first());
  await fullPageShot(page, 'payout-review-phone-03-audit-log');
  expect(errors).toEqual([]);
  await context.close();
});
