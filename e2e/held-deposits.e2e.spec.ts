import { expectNoSeriousA11yViolations } from './support/a11y';
import { settleLightningInvoice, signInByApi, verifyPhone } from './support/accounts';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { waitUntil } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * A deposit that would take a bank past MAX_BANK_SATS is held, not credited. An admin finds it on
 * "Held deposits", credits it after a confirmation naming the amounts, and the player's bank holds it.
 */

const ADMIN_EMAIL = 'mkuu@bahati.test';

jest.setTimeout(180_000);

const site = siteForSpec({ env: { ADMIN_EMAILS: ADMIN_EMAIL, MAX_BANK_SATS: '100000' } });
const { call } = site;

test('an admin credits a deposit held for review, after confirming it', async () => {
  const admin = await signInByApi(call, ADMIN_EMAIL, 'Mkuu');
  const player = await signInByApi(call, 'tajiri@bahati.test', 'Tajiri');
  await verifyPhone(call, player, '2015550191');
  for (const amount of [90_000, 35_000]) await settleLightningInvoice(call, player, amount);
  await waitUntil('the held deposit', async () => (await call<unknown[]>('admin/held-deposits', { jwt: admin })).length === 1);
  expect(await call<number>('players/bank', { jwt: player })).toBe(90_000);

  for (const [viewport, name] of [[PHONE, 'phone'], [DESKTOP, 'desktop']] as const) {
    const { context, page, errors } = await site.openAs(viewport, admin);
    await page.goto('/admin/held-deposits');
    const table = page.getByTestId('held-deposit-table');
    await table.getByText('tajiri@bahati.test').waitFor();
    await expect(table.getByText('35,000 sats').first().isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `held-deposits-${name}`);
    if (name === 'desktop') {
      await table.getByRole('button', { name: 'Credit' }).click();
      const dialog = page.getByTestId('credit-dialog');
      await dialog.getByText('35,000 sats go to the bank of tajiri@bahati.test, which then holds 125,000 sats.').waitFor();
      await screenshot(page, 'held-deposits-confirm');
      await dialog.getByRole('button', { name: 'Credit deposit' }).click();
      await page.getByRole('status').getByText('35,000 sats were credited to tajiri@bahati.test.').waitFor();
      await page.getByText('No deposits are held.').waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  }
  expect(await call<number>('players/bank', { jwt: player })).toBe(125_000);
});
