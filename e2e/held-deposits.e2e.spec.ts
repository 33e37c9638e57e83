import { expectNoSeriousA11yViolations } from './support/a11y';
import { outsideInvoice, settleLightningInvoice, signInByApi, verifyPhone } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot, screenshot } from './support/browser';
import { waitUntil } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * A deposit that would take a bank past MAX_BANK_SATS is held, not credited. An admin finds it on "Held deposits"
 * and either releases it — the dialog shows the bank now, the deposit, the bank after and the limit, and asks for
 * a reason and a tick to credit past the limit — or refunds it to a payment request the player gave, with a reason;
 * a refund whose payout fails shows why and is retried. The player's bank holds the released one only.
 */

const ADMIN_EMAIL = 'mkuu@bahati.test';
const REASON = 'Player sent proof of the source of funds';

jest.setTimeout(180_000);

// The money rules are the subject, not the motion: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL, MAX_BANK_SATS: '100000' } });
const { call } = site;

test('an admin releases one held deposit past the limit and refunds another, each with a reason', async () => {
  const admin = await signInByApi(call, ADMIN_EMAIL, 'Mkuu');
  const player = await signInByApi(call, 'tajiri@bahati.test', 'Tajiri');
  await verifyPhone(call, player, '2015550191');
  for (const amount of [90_000, 35_000, 20_000]) await settleLightningInvoice(call, player, amount);
  await waitUntil('the held deposits', async () => (await call<unknown[]>('admin/held-deposits', { jwt: admin })).length === 2);
  expect(await call<number>('players/bank', { jwt: player })).toBe(90_000);

  const phone = await site.openAs(PHONE, admin);
  await phone.page.goto('/admin/held-deposits');
  await phone.page.getByTestId('held-deposit-table').getByText('35,000 sats').first().waitFor();
  await expectNoSeriousA11yViolations(phone.page);
  await screenshot(phone.page, 'held-deposits-phone');

  const { context, page, errors } = await site.openAs(DESKTOP, admin);
  await page.goto('/admin/held-deposits');
  const table = page.getByTestId('held-deposit-table');
  await table.getByText('35,000 sats').first().waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'held-deposits-desktop');

  // Release the 35,000: the figures, then a reason, then the tick that it goes past the limit.
  const [first] = await table.locator('tbody tr').all();
  await first!.getByRole('button', { name: 'Release the deposit of tajiri@bahati.test' }).click();
  const release = page.getByTestId('release-dialog');
  const figures = release.getByTestId('release-figures');
  for (const text of ['Bank now', '90,000 sats', 'Deposit', '35,000 sats', 'Bank after', '125,000 sats', 'Most a bank may hold', '100,000 sats']) {
    await figures.getByText(text, { exact: true }).waitFor();
  }
  await release.getByText('This takes the bank 25,000 sats past the limit.').waitFor();
  await release.getByTestId('reason-input').fill(REASON);
  expect(await release.getByRole('button', { name: 'Release deposit' }).isDisabled()).toBe(true);
  await release.getByRole('checkbox', { name: 'Credit past the limit' }).check();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'held-deposits-confirm');
  await release.getByRole('button', { name: 'Release deposit' }).click();
  await page.getByRole('status').getByText('35,000 sats were credited to tajiri@bahati.test.').waitFor();
  await waitUntil('the bank with the released deposit', async () => (await call<number>('players/bank', { jwt: player })) === 125_000);

  // Refund the 20,000 to the player's payment request; the node refuses the first payout.
  await call('dev/lightning/refuse-payouts', { body: { count: 1, reason: 'no route to the destination' } });
  const paymentRequest = await outsideInvoice(call, 20_000);
  const held = table.locator('tbody tr').filter({ hasText: '20,000 sats' });
  await held.getByRole('button', { name: 'Refund the deposit of tajiri@bahati.test' }).click();
  const refund = page.getByTestId('refund-dialog');
  await refund.getByText('20,000 sats go back to tajiri@bahati.test, and the deposit is never credited.').waitFor();
  await refund.getByRole('textbox', { name: 'Lightning payment request to pay' }).fill(paymentRequest);
  await refund.getByTestId('reason-input').fill(REASON);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'held-refund-dialog');
  await refund.getByRole('button', { name: 'Refund deposit' }).click();
  await page.getByRole('alert').getByText('The refund is recorded but its payout failed', { exact: false }).waitFor();
  await held.getByTestId('refund-failure').getByText('The node said: no route to the destination').waitFor();
  await held.getByRole('button', { name: 'Retry refund' }).click();
  await page.getByRole('status').getByText('20,000 sats were sent back to tajiri@bahati.test.').waitFor();
  await held.getByTestId('held-status').getByText('Refunded').waitFor();

  await expectNoSeriousA11yViolations(page);
  await fullPageShot(page, 'held-refund-1280');
  await phone.page.reload();
  await phone.page.getByTestId('held-deposit-table').getByText('Refunded').first().waitFor();
  await expectNoSeriousA11yViolations(phone.page);
  await fullPageShot(phone.page, 'held-refund-375');

  // Right to left: the same outcomes in Arabic.
  await phone.page.goto('/ar/admin/held-deposits');
  await phone.page.getByTestId('held-deposit-table').getByText('مُسترد').first().waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await expectNoSeriousA11yViolations(phone.page);
  await fullPageShot(phone.page, 'held-refund-375-ar');

  expect(errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await context.close();
  await phone.context.close();
  expect(await call<number>('players/bank', { jwt: player })).toBe(125_000);
  const invoices = await call<{ amount: number; status: string }[]>('players/getlightninginvoices', { jwt: player });
  expect(invoices.map((i) => `${i.amount} ${i.status}`).sort()).toEqual(['20000 Returned', '35000 Settled', '90000 Settled']);
});
