import { busyLedgerDay, fundPlayer, outsideInvoice, signInByApi } from './support/accounts';
import { DESKTOP_SHORT, PHONE, screenshot } from './support/browser';
import { bankShown, visible } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * Refusals with their detail, and a busy day, in Chromium against the built server (at 1280 and 375 px):
 * the withdrawal dialog refuses at the field, before the confirmation, an address that is not a Bitcoin
 * address of the network, and a payment request for 5,000 sats used for a withdrawal of 7,000, naming both
 * amounts. A day of 400 ledger lines shows its newest 100 at once with the whole day's net, and older lines
 * as the player scrolls to them.
 */

jest.setTimeout(600_000);

const site = siteForSpec({ timeoutMs: 180_000 });
const { call } = site;

const views = [
  ['desktop', DESKTOP_SHORT],
  ['mobile', PHONE],
] as const;

it('refuses a withdrawal address that is not one, and a payment request for another amount, at the field', async () => {
  const jwt = await signInByApi(call, 'refused@bahati.test', 'Refused');
  await fundPlayer(call, jwt, '2015550181', 50_000);
  const fiveThousand = await outsideInvoice(call, 5_000);
  for (const [name, viewport] of views) {
    const { context, page, errors } = await site.open(viewport, { jwt });
    await page.goto('/withdraws');
    await bankShown(page);
    await page.getByRole('button', { name: 'Request a withdrawal' }).click();
    const dialog = await visible(page.getByTestId('withdraw-dialog'));
    await dialog.getByLabel('Withdraw with').selectOption('bitcoin');
    await dialog.getByLabel('Amount in sats').fill('10000');
    await dialog.getByLabel('Bitcoin address').fill('bcrt1qthisisnotanaddressatall0000');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await visible(dialog.getByText('The withdrawal address is not valid.'));
    expect(await dialog.getByLabel('Bitcoin address').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('heading', { name: 'Confirm your withdrawal' }).count()).toBe(0);
    await screenshot(page, `refusals-${name}-01-withdraw-address`);

    await dialog.getByLabel('Withdraw with').selectOption('lightning');
    await dialog.getByLabel('Amount in sats').fill('7000');
    await dialog.getByLabel('Lightning payment request').fill(fiveThousand);
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await visible(dialog.getByText('This payment request is for 5,000 sats, but the withdrawal is for 7,000 sats: the amounts differ.', { exact: false }));
    expect(await dialog.getByRole('heading', { name: 'Confirm your withdrawal' }).count()).toBe(0);
    await screenshot(page, `refusals-${name}-02-withdraw-amounts-differ`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

it("shows a busy day's newest lines at once with the whole day's net, and older ones as the player scrolls", async () => {
  const jwt = await signInByApi(call, 'busy@bahati.test', 'Busy');
  await fundPlayer(call, jwt, '2015550182', 1_000_000);
  const total = await busyLedgerDay(call, jwt, 400);
  for (const [name, viewport] of views) {
    const { context, page, errors } = await site.open(viewport, { jwt });
    await page.goto('/ledger');
    await visible(page.getByTestId('ledger-net'));
    expect(await page.getByTestId('ledger-row').count()).toBe(100);
    await visible(page.getByText(`The newest 100 of the day’s ${total.toLocaleString('en-US')} lines`));
    await screenshot(page, `refusals-${name}-03-ledger-busy-day`);
    // The end of the list in view: the next lines come without a click.
    await page.getByTestId('ledger-more').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ledger-row"]').length >= 200);
    await visible(page.getByText(`The newest 200 of the day’s ${total.toLocaleString('en-US')} lines`));
    await page.getByTestId('ledger-more').scrollIntoViewIfNeeded();
    await screenshot(page, `refusals-${name}-04-ledger-more`);
    expect(errors).toEqual([]);
    await context.close();
  }
});
