import { bonusOffered, fundPlayer, outsideInvoice, signInByApi } from './support/accounts';
import { DESKTOP_SHORT, PHONE, fullPageShot, screenshot } from './support/browser';
import { askLightningWithdrawal, bankShown, confirmWithdrawal, visible } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * No free roll on a withdrawn deposit, in Chromium against the built server: a player deposits 10,000
 * sats (the first-deposit offer of 10,000), is told in the withdrawal's confirmation that requesting it
 * ends the offer, withdraws the 10,000, and finds the offer Expired on the bonuses page with a note saying
 * it lapsed at the withdrawal request (at 1280 and 375 px, and in Swahili). A second player whose accept
 * dialog was already open when the withdrawal went through is told why it is refused, and keeps the bank. A third,
 * whose deposit is partly at stake in a hand, is told the offer matches the deposit the bank no longer holds.
 */

jest.setTimeout(180_000);

const site = siteForSpec();
const { call } = site;

/** A player with 10,000 sats deposited and the first-deposit offer made; resolves with the jwt. */
async function offeredPlayer(email: string, name: string, phone: string): Promise<string> {
  const jwt = await signInByApi(call, email, name);
  await fundPlayer(call, jwt, phone, 10_000);
  await bonusOffered(call, jwt);
  return jwt;
}

test('the first-deposit offer lapses when the player requests a withdrawal, and the bonuses page says why', async () => {
  const jwt = await offeredPlayer('neema@bahati.test', 'Neema Wanjiru', '2015550171');
  const paymentRequest = await outsideInvoice(call, 10_000);
  const { context, page, errors } = await site.openAs(DESKTOP_SHORT, jwt);

  // The confirmation says that the request ends the open offer.
  await page.goto('/withdraws');
  const dialog = await askLightningWithdrawal(page, 10_000, paymentRequest);
  const note = await visible(dialog.getByTestId('withdraw-offer-note'));
  expect(await note.textContent()).toBe('You have a bonus offer open: requesting this withdrawal ends it, and it can no longer be accepted.');
  await screenshot(page, 'bonus-lapse-01-withdraw-confirm');
  await confirmWithdrawal(dialog);
  const [request] = await call<{ requestTime: string }[]>('players/withdrawrequests', { jwt });
  const requested = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    request!.requestTime,
  );

  // The offer is Expired, with the note in place of a playthrough, and nothing to accept.
  await page.goto('/bonuses');
  const row = page.getByTestId('bonus-table');
  await visible(row.getByTestId('bonus-status').getByText('Expired'));
  const lapsed = await visible(row.getByTestId('bonus-lapsed-note'));
  expect(await lapsed.textContent()).toBe(`This offer lapsed when you requested a withdrawal on ${requested}.`);
  expect(await page.getByRole('button', { name: /Accept the bonus/ }).count()).toBe(0);
  await visible(page.getByText('An offer you have not accepted yet ends as soon as you request a withdrawal.'));
  await bankShown(page);
  await fullPageShot(page, 'bonus-lapse-02-bonuses-desktop');

  // The same page on a phone, and in Swahili.
  await page.setViewportSize(PHONE);
  await page.reload();
  await visible(page.getByTestId('bonus-lapsed-note'));
  await bankShown(page);
  await fullPageShot(page, 'bonus-lapse-03-bonuses-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.goto('/sw/bonuses');
  const swahili = await visible(page.getByTestId('bonus-lapsed-note'));
  expect(await swahili.textContent()).toMatch(/^Ofa hii ilikoma ulipoomba utoaji tarehe .+\.$/);
  await screenshot(page, 'bonus-lapse-04-bonuses-phone-sw', { fullPage: true });

  expect(errors).toEqual([]);
  await context.close();
});

test('accepting an offer that lapsed meanwhile is refused with the reason, and the bank stays as it was', async () => {
  const jwt = await offeredPlayer('baraka@bahati.test', 'Baraka Otieno', '2015550172');
  const { context, page, errors } = await site.openAs(DESKTOP_SHORT, jwt);
  await page.goto('/bonuses');
  await page.getByRole('button', { name: 'Accept the bonus of 10,000 sats' }).click();
  const dialog = await visible(page.getByTestId('accept-bonus-dialog'));

  // Another tab (here: the API) requests a withdrawal of half the bank while the dialog is open.
  await call('players/withdraw', { body: { amount: 5_000, paymentRequest: await outsideInvoice(call, 5_000) }, jwt });
  await dialog.getByLabel('I have read and agree to the bonus terms.').check();
  await dialog.getByRole('button', { name: 'Accept bonus' }).click();
  const refusal = await visible(dialog.getByRole('alert'));
  expect(await refusal.textContent()).toMatch(/^This offer is no longer open: it lapsed when you requested a withdrawal on .+\. Nothing was credited\.$/);
  // In view below the calculator, not under the fold of the tall dialog.
  expect(await refusal.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight && el.getBoundingClientRect().top >= 0)).toBe(true);
  await screenshot(page, 'bonus-lapse-05-accept-refused');
  expect(await call<number>('players/bank', { jwt })).toBe(5_000);
  await page.keyboard.press('Escape');
  await visible(page.getByTestId('bonus-lapsed-note'));
  await visible(page.getByTestId('balance').getByText('5,000', { exact: false }));

  expect(errors).toEqual([]);
  await context.close();
});

test('an offer whose deposit was played down is refused with the deposit and the bank, and stays open', async () => {
  const jwt = await offeredPlayer('amani@bahati.test', 'Amani Kiprono', '2015550173');
  // A hand of 4,000 in play: the bank holds 6,000 of the 10,000 deposited.
  await call('hands', { body: { betAmount: 4_000 }, jwt });
  const { context, page, errors } = await site.openAs(DESKTOP_SHORT, jwt);
  await page.goto('/bonuses');
  await visible(page.getByText('An offer can be accepted only while your bank still holds at least the deposit it matches', { exact: false }));
  await page.getByRole('button', { name: 'Accept the bonus of 10,000 sats' }).click();
  const dialog = await visible(page.getByTestId('accept-bonus-dialog'));
  await dialog.getByLabel('I have read and agree to the bonus terms.').check();
  await dialog.getByRole('button', { name: 'Accept bonus' }).click();
  const refusal = await visible(dialog.getByRole('alert'));
  expect(await refusal.textContent()).toBe(
    'This offer matches your deposit of 10,000 sats: you can accept it while your bank holds at least that much, and it holds 6,000 sats now. Nothing was credited.',
  );
  await screenshot(page, 'bonus-lapse-06-accept-refused-deposit-spent');
  expect(await call<number>('players/bank', { jwt })).toBe(6_000);
  await page.keyboard.press('Escape');
  // Still open: the Accept button stays for a bank that holds the deposit again.
  await visible(page.getByRole('button', { name: 'Accept the bonus of 10,000 sats' }));
  await fullPageShot(page, 'bonus-lapse-07-bonuses-offer-open');

  expect(errors).toEqual([]);
  await context.close();
});
