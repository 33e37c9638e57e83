import type { Locator, Page } from 'playwright-core';
import { apiCaller, fundPlayer, outsideAddress, outsideInvoice, settleLightningInvoice, signInByApi, verifyPhone as verifyPhoneByApi } from './support/accounts';
import { DESKTOP_SHORT, PHONE, openPage, screenshot, type Viewport } from './support/browser';
import { closePhoneChallenge, headerBalance, mainMenu, signInByPage, visible, waitUntil } from './support/journey';
import { startServer, type StartedServer } from './support/server';
import { siteForSpec } from './support/site';

/*
 * Money in and out, in Chromium against the built server on its embedded stand-ins:
 * sign in → verify the phone (code from the development banner) → Lightning invoice settled by the
 * development rail → success dialog and a higher bank without a reload → on-chain deposit pending,
 * then deposited → three withdrawal requests, each confirmed on its own step, one cancelled by the
 * player (refunded at once) → an admin approves one and declines the other through a confirmation
 * naming amount and destination, and retries a failed payout → the player sees Approved with a
 * reference, Declined and Cancelled, pushed, without a reload → the ledger, newest first, with the
 * day split into play, deposits and withdrawals. Every amount field (Lightning deposit, withdrawal,
 * profile limits, redeem codes) refuses 1500.5, -5000 and 1e5 with a message and sends nothing.
 */

const ADMIN_EMAIL = 'cashier@bahati.test';
const PLAYER_EMAIL = 'zawadi@bahati.test';
const PAYEE_EMAIL = 'payee@bahati.test';

jest.setTimeout(600_000);

const site = siteForSpec({ env: { ADMIN_EMAILS: ADMIN_EMAIL }, timeoutMs: 180_000 });
const { call } = site;

/**
 * A server of its own whose invoices expire after a minute (the shortest expiry the server takes), with a
 * player holding one paid and three open invoices. It is set up first, so that the minute those invoices
 * need to expire passes while the other tests run; the last test reads the outcome.
 */
interface OlderInvoices {
  server: StartedServer;
  jwt: string;
}
let olderInvoices: Promise<OlderInvoices>;
let shortServer: StartedServer | undefined;

async function accountWithOlderInvoices(): Promise<OlderInvoices> {
  const short = await startServer({ env: { LIGHTNING_INVOICE_EXPIRY_SECONDS: '60' }, timeoutMs: 180_000 });
  shortServer = short;
  const api = apiCaller(() => short);
  const jwt = await signInByApi(api, 'older@bahati.test', 'Older');
  await fundPlayer(api, jwt, '2015550177', 12_000);
  for (const amount of ['2000', '3000', '4000']) await api('players/lightningaddinvoice', { body: { amount }, jwt });
  return { server: short, jwt };
}

beforeAll(() => {
  olderInvoices = accountWithOlderInvoices();
  // Read by the last test; a failure here fails that test, not the run as an unhandled rejection.
  olderInvoices.catch(() => undefined);
});

afterAll(async () => {
  await olderInvoices?.catch(() => undefined);
  await shortServer?.stop();
});

/** A second, phone-verified account through the API: its invoice and address are withdrawal targets. */
async function payeeAccount(): Promise<{ jwt: string }> {
  const jwt = await signInByApi(call, PAYEE_EMAIL, 'Payee');
  await verifyPhoneByApi(call, jwt, '2015550188');
  return { jwt };
}

/** A fresh context at `viewport`; every refusal the server answers is printed with its body. */
const open = (viewport: Viewport) => site.open(viewport, { answers: true });

/** The development identity provider, from the header's link; a player with an empty bank lands on the deposit page. */
const signIn = (page: Page, email: string, name: string) => signInByPage(page, email, name, { viaHeader: true, landing: /^\/(deposit|game)$/ });

/** The phone dialog: number → code from the development banner → Approved → it closes after a second. */
async function verifyPhone(page: Page, nationalNumber: string, shotPrefix?: string) {
  const dialog = await visible(page.getByTestId('phone-dialog'));
  await dialog.getByLabel('Phone number').fill(`(${nationalNumber.slice(0, 3)}) ${nationalNumber.slice(3)}`);
  expect(await dialog.getByLabel('Phone number').inputValue()).toBe(nationalNumber);
  expect(await dialog.getByLabel('Country').inputValue()).toBe('US');
  if (shotPrefix) await screenshot(page, `${shotPrefix}-phone-number`);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const banner = await visible(dialog.getByTestId('dev-phone-code'));
  const code = (await banner.locator('strong').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);

  // Fewer than six digits never reaches the server: the wrong-code message.
  await dialog.getByLabel('Verification code').fill('12a3');
  expect(await dialog.getByLabel('Verification code').inputValue()).toBe('123');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await visible(dialog.getByText('That code is not right.', { exact: false }));
  if (shotPrefix) await screenshot(page, `${shotPrefix}-phone-code`);

  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await visible(dialog.getByText('Phone verified'));
  if (shotPrefix) await screenshot(page, `${shotPrefix}-phone-verified`);
  await page.getByTestId('phone-dialog').waitFor({ state: 'detached', timeout: 5_000 });
}

/** The API requests (method and path) the page sends from now on to paths matching `pattern`. */
function sentRequests(page: Page, pattern: RegExp): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && pattern.test(url.pathname)) sent.push(`${request.method()} ${url.pathname}`);
  });
  return sent;
}

/** What the amount field says about each refused text, and the texts a player may mistype. */
const REFUSED: [typed: string, says: string][] = [
  ['1500.5', 'Whole numbers only: no decimal point or decimal comma.'],
  ['-5000', 'A negative amount is not allowed: leave out the minus sign.'],
  ['1e5', 'Type the number in full (100000, not 1e5).'],
];

/**
 * Types each refused text into `field`: it stays as typed (nothing dropped or read as another number),
 * the note under it says why, and `submit` (clicked each time) sends nothing — the caller checks the
 * requests it watched once a valid submission has sent its own.
 */
async function expectRefusals(field: Locator, scope: Locator, submit: () => Promise<void>, shot?: { page: Page; name: string }) {
  for (const [typed, says] of REFUSED) {
    await field.fill(typed);
    expect(await field.inputValue()).toBe(typed);
    await visible(scope.getByText(says, { exact: true }));
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await submit();
    await visible(scope.getByText(says, { exact: true }));
    if (shot && typed === '1500.5') await screenshot(shot.page, shot.name);
  }
}

let lightningWithdrawalTarget = '';

test('deposit by Lightning and on-chain, withdraw, and an admin decides', async () => {
  const payee = await payeeAccount();
  // Withdrawals go to a wallet outside the site: our own deposit invoices and addresses are refused as targets.
  const payeeInvoice = await outsideInvoice(call, 20_000);
  lightningWithdrawalTarget = payeeInvoice;
  const payeeAddress = await outsideAddress(call);
  expect(payeeAddress).toMatch(/^bcrt1/);

  const { context, page } = await open(DESKTOP_SHORT);
  await signIn(page, PLAYER_EMAIL, 'Zawadi Otieno');
  expect(new URL(page.url()).pathname).toBe('/deposit');

  // An unverified phone forces the challenge on the deposit page.
  await verifyPhone(page, '2015550123', 'money-desktop-01');
  await page.getByTestId('phone-required').waitFor({ state: 'detached' });
  await screenshot(page, 'money-desktop-02-deposit-empty');

  // Nothing below this point may reload the page.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // Lightning: a decimal point, a minus sign or an exponent is refused and nothing is sent; then the
  // spec's minimum, then an invoice with its QR code.
  const lightning = page.getByTestId('lightning-section');
  const invoiceRequests = sentRequests(page, /\/players\/lightningaddinvoice$/);
  const generate = () => lightning.getByRole('button', { name: 'Generate invoice' }).click();
  await expectRefusals(lightning.getByLabel('Amount in sats'), lightning, generate, { page, name: 'money-desktop-03a-lightning-refused' });
  await lightning.getByLabel('Amount in sats').fill('500');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  await visible(lightning.getByText('Deposit Amount must be at least 1000 Satoshis.'));
  await screenshot(page, 'money-desktop-03-lightning-minimum');

  await lightning.getByLabel('Amount in sats').fill('50000');
  // Shown grouped and in dollars as it is typed (the fixed reference price: 100,000 $/BTC); the field groups once left.
  await visible(lightning.getByTestId('amount-dollars').getByText('50,000 sats ≈ $50.00', { exact: false }));
  expect(await lightning.getByLabel('Amount in sats').inputValue()).toBe('50000');
  await lightning.getByLabel('Amount in sats').press('Tab');
  expect(await lightning.getByLabel('Amount in sats').inputValue()).toBe('50,000');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  const qrDialog = await visible(page.getByTestId('invoice-qr-dialog'));
  // The refused texts and the amount below the minimum sent nothing: this invoice is the first request.
  expect(invoiceRequests).toEqual(['POST /api/players/lightningaddinvoice']);
  const paymentRequest = (await qrDialog.getByTestId('invoice-payment-request').textContent())?.trim() ?? '';
  expect(paymentRequest).toMatch(/^lnbcrt/);
  expect(await qrDialog.locator('svg title').first().textContent()).toBe('Pay this invoice');
  await visible(qrDialog.getByText('Waiting for payment…'));
  await screenshot(page, 'money-desktop-04-invoice-qr');

  // Settled by the development rail: pushed to the page.
  await call('dev/lightning/settle', { body: { paymentRequest } });
  const success = await visible(page.getByTestId('deposit-success-dialog'));
  await visible(success.getByText('50,000 sats are in your bank.', { exact: false }));
  await page.getByTestId('invoice-qr-dialog').waitFor({ state: 'detached' });
  await visible(headerBalance(page, '50,000 sats'));
  await screenshot(page, 'money-desktop-05-lightning-settled');
  await success.getByRole('button', { name: 'Done' }).click();
  await visible(page.getByTestId('invoice-table').getByTestId('invoice-status').getByText('Settled'));
  await visible(page.getByTestId('deposit-bank').getByText('50,000 sats', { exact: true }));
  await screenshot(page, 'money-desktop-06-invoice-table');

  // On-chain: the address and its QR code, then a payment seen unconfirmed and then deposited.
  const bitcoin = page.getByTestId('bitcoin-section');
  await bitcoin.getByRole('button', { name: 'Show my deposit address' }).click();
  const addressDialog = await visible(page.getByTestId('address-qr-dialog'));
  const address = (await bitcoin.getByTestId('bitcoin-address').textContent())?.trim() ?? '';
  expect(address).toMatch(/^bcrt1/);
  await visible(addressDialog.getByText(address));
  await screenshot(page, 'money-desktop-07-address-qr');
  await page.keyboard.press('Escape');
  await page.getByTestId('address-qr-dialog').waitFor({ state: 'detached' });

  const { txid } = await call<{ txid: string }>('dev/bitcoin/pay', { body: { address, amount: 30000, confirmations: 0 } });
  const depositRow = page.getByTestId(`deposit-${txid}`);
  await visible(depositRow.getByText('Unconfirmed'));
  await screenshot(page, 'money-desktop-08-deposit-unconfirmed', { fullPage: true });
  await call('dev/bitcoin/confirm', { body: { txid, confirmations: 1 } });
  await visible(depositRow.getByText('Deposited'));
  await visible(headerBalance(page, '80,000 sats'));

  await bitcoin.getByRole('button', { name: 'How long does it take?' }).click();
  const learn = await visible(page.getByTestId('learn-more-dialog'));
  await visible(learn.getByText('10–15 minutes', { exact: false }));
  expect(await learn.getByRole('link', { name: 'Read the Bitcoin setup guide' }).getAttribute('href')).toBe('/bitcoin-setup-information');
  await screenshot(page, 'money-desktop-09-learn-more');
  await learn.getByRole('button', { name: 'Close' }).click();
  await screenshot(page, 'money-desktop-10-deposit-full', { fullPage: true });

  // Withdraw: the spec's client checks, then one Lightning and one on-chain request.
  await mainMenu(page).getByRole('link', { name: 'Withdraw', exact: true }).click();
  await page.waitForURL('**/withdraws');
  await visible(page.getByTestId('withdraw-balance').getByText('80,000 sats', { exact: true }));
  await visible(page.getByText('You have not requested a withdrawal yet.'));
  await screenshot(page, 'money-desktop-11-withdraw-empty');

  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  let dialog = await visible(page.getByTestId('withdraw-dialog'));
  const withdrawRequests = sentRequests(page, /\/players\/withdraw$/);
  await dialog.getByLabel('Lightning payment request').fill(payeeInvoice);
  await expectRefusals(dialog.getByLabel('Amount in sats'), dialog, () => dialog.getByRole('button', { name: 'Request withdrawal' }).click(), {
    page,
    name: 'money-desktop-11a-withdraw-refused',
  });
  // Still the form: a refused amount never reaches the confirmation.
  await visible(dialog.getByRole('heading', { name: 'Request a withdrawal' }));
  await dialog.getByLabel('Amount in sats').fill('20000');
  await dialog.getByLabel('Lightning payment request').fill('bc1notaninvoice');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await visible(dialog.getByText('Invalid payment request.'));
  await dialog.getByLabel('Amount in sats').fill('90000');
  await dialog.getByLabel('Lightning payment request').fill(payeeInvoice);
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await visible(dialog.getByText('You cannot withdraw more than you have in your bank.'));
  await screenshot(page, 'money-desktop-12-withdraw-validation');
  await dialog.getByLabel('Amount in sats').fill('20000');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  // The confirmation: the amount, the destination in full, the bank after it and who pays the network fee.
  await visible(dialog.getByRole('heading', { name: 'Confirm your withdrawal' }));
  await visible(dialog.getByTestId('withdraw-review-amount').getByText('20,000 sats', { exact: true }));
  expect(await dialog.getByTestId('withdraw-review-target').textContent()).toBe(payeeInvoice);
  await visible(dialog.getByTestId('withdraw-review-bank').getByText('60,000 sats', { exact: true }));
  await visible(dialog.getByTestId('withdraw-fee-note').getByText('Bahati pays the network fees on withdrawals: the full 20,000 sats reach you.', { exact: false }));
  expect(withdrawRequests).toEqual([]);
  await screenshot(page, 'money-desktop-12a-withdraw-confirm');
  // Back keeps what was typed; confirming sends it, once.
  await dialog.getByRole('button', { name: 'Back' }).click();
  expect(await dialog.getByLabel('Amount in sats').inputValue()).toBe('20,000');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
  await visible(page.getByTestId('withdraw-created'));
  await visible(headerBalance(page, '60,000 sats'));
  expect(withdrawRequests).toEqual(['POST /api/players/withdraw']);

  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  dialog = await visible(page.getByTestId('withdraw-dialog'));
  await dialog.getByLabel('Withdraw with').selectOption('bitcoin');
  await dialog.getByLabel('Amount in sats').fill('5000');
  await dialog.getByLabel('Bitcoin address').fill('bcrt1short');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  // Not an address of this network: refused at the field, before the confirmation.
  await visible(dialog.getByText('The withdrawal address is not valid.'));
  expect(await dialog.getByRole('button', { name: 'Confirm withdrawal' }).count()).toBe(0);
  expect(await dialog.getByLabel('Bitcoin address').inputValue()).toBe('bcrt1short');
  await dialog.getByLabel('Bitcoin address').fill(payeeAddress);
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await visible(dialog.getByTestId('withdraw-review-target').getByText(payeeAddress, { exact: true }));
  // A double click records one request (the Idempotency-Key, and the button disabled while sending).
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).dblclick();
  await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
  await visible(headerBalance(page, '55,000 sats'));
  const table = page.getByTestId('withdraw-table');
  await visible(table.getByTestId('withdraw-status').nth(1));
  expect(await table.getByTestId('withdraw-status').count()).toBe(2);
  expect(await table.getByTestId('withdraw-status').allTextContents()).toEqual(['In review', 'In review']);

  // A third request, which the player cancels before it is reviewed: back in the bank at once.
  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  dialog = await visible(page.getByTestId('withdraw-dialog'));
  await dialog.getByLabel('Withdraw with').selectOption('bitcoin');
  await dialog.getByLabel('Amount in sats').fill('3000');
  await dialog.getByLabel('Bitcoin address').fill(payeeAddress);
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
  await visible(headerBalance(page, '52,000 sats'));
  await table.getByRole('button', { name: 'Cancel the request for 3,000 sats' }).click();
  const cancelDialog = await visible(page.getByTestId('withdraw-cancel-dialog'));
  await visible(cancelDialog.getByText('The 3,000 sats go back to your bank at once, and the request will not be paid.'));
  await visible(cancelDialog.getByText(payeeAddress, { exact: true }));
  await screenshot(page, 'money-desktop-13a-withdraw-cancel-confirm');
  await cancelDialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await page.getByTestId('withdraw-cancel-dialog').waitFor({ state: 'detached' });
  await visible(page.getByTestId('withdraw-cancel-outcome').getByText('Request cancelled: 3,000 sats are back in your bank.'));
  await visible(headerBalance(page, '55,000 sats'));
  await visible(page.getByTestId('withdraw-balance').getByText('55,000 sats', { exact: true }));
  expect(await table.getByTestId('withdraw-status').allTextContents()).toEqual(['Cancelled', 'In review', 'In review']);
  expect(await table.getByTestId('withdraw-cancel').count()).toBe(2);
  await screenshot(page, 'money-desktop-13-withdraw-requests');

  // The admin approves the Lightning request and declines the on-chain one.
  const admin = await open(DESKTOP_SHORT);
  await signIn(admin.page, ADMIN_EMAIL, 'Cashier');
  // The admin's own deposit page asks for a phone first.
  await closePhoneChallenge(admin.page);
  await mainMenu(admin.page).getByRole('button', { name: 'Admin' }).click();
  await mainMenu(admin.page).getByRole('link', { name: 'Withdraw Requests' }).click();
  await admin.page.waitForURL('**/withdraw-requests');
  const adminTable = await visible(admin.page.getByTestId('admin-withdraw-table'));
  await visible(adminTable.getByRole('button', { name: /Approve the request of zawadi@bahati\.test for 20,000 sats/ }));
  // The cancelled request is there, cancelled, with nothing to decide.
  const cancelledRow = adminTable.getByTestId('admin-withdraw-status').getByText('Cancelled', { exact: true });
  await visible(cancelledRow);
  await screenshot(admin.page, 'money-desktop-14-admin-requests');

  // Approving names the amount and the destination, in full, before anything is paid; going back pays nothing.
  const adminRequests = sentRequests(admin.page, /withdrawrequest$/);
  await adminTable.getByRole('button', { name: /Approve the request of zawadi@bahati\.test for 20,000 sats/ }).click();
  let confirm = await visible(admin.page.getByTestId('admin-withdraw-confirm'));
  await visible(confirm.getByRole('heading', { name: 'Approve and pay this withdrawal?' }));
  await visible(confirm.getByTestId('admin-confirm-amount').getByText('20,000 sats', { exact: true }));
  expect(await confirm.getByTestId('admin-confirm-target').textContent()).toBe(payeeInvoice);
  await screenshot(admin.page, 'money-desktop-14a-admin-approve-confirm');
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await admin.page.getByTestId('admin-withdraw-confirm').waitFor({ state: 'detached' });
  expect(adminRequests).toEqual([]);
  await adminTable.getByRole('button', { name: /Approve the request of zawadi@bahati\.test for 20,000 sats/ }).click();
  confirm = await visible(admin.page.getByTestId('admin-withdraw-confirm'));
  await confirm.getByRole('button', { name: 'Approve and pay' }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('Approved and paid. Reference', { exact: false }));
  await adminTable.getByRole('button', { name: /Decline the request of zawadi@bahati\.test for 5,000 sats/ }).click();
  confirm = await visible(admin.page.getByTestId('admin-withdraw-confirm'));
  await visible(confirm.getByRole('heading', { name: 'Decline this withdrawal?' }));
  await visible(confirm.getByText('The 5,000 sats go back to the player’s bank at once, and nothing is paid.'));
  expect(await confirm.getByTestId('admin-confirm-target').textContent()).toBe(payeeAddress);
  await screenshot(admin.page, 'money-desktop-14b-admin-decline-confirm');
  await confirm.getByRole('button', { name: 'Decline and refund' }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('Declined; 5,000 sats went back to the player.'));
  expect(adminRequests).toEqual(['PUT /api/players/approvewithdrawrequest', 'PUT /api/players/declinewithdrawrequest']);
  expect(await adminTable.getByRole('button', { name: /Approve|Decline/ }).count()).toBe(0);

  // A payout the node refuses shows as failed, with the node's reason, beside the cancelled request; approving again pays it.
  await settleLightningInvoice(call, payee.jwt, 10_000);
  await call('players/withdraw', { body: { amount: 4000, paymentRequest: await outsideInvoice(call, 4_000) }, jwt: payee.jwt });
  await call('dev/lightning/refuse-payouts', { body: { count: 1, reason: 'no route to the destination' } });
  await admin.page.getByRole('button', { name: 'Refresh' }).click();
  await adminTable.getByRole('button', { name: /Approve the request of payee@bahati\.test for 4,000 sats/ }).click();
  await (await visible(admin.page.getByTestId('admin-withdraw-confirm'))).getByRole('button', { name: 'Approve and pay' }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('The payout failed', { exact: false }));
  await visible(adminTable.getByTestId('admin-withdraw-payout-error').getByText('no route to the destination'));
  await visible(cancelledRow);
  await screenshot(admin.page, 'money-desktop-15-admin-table-1280');
  // At 1280 px nothing is cut off: the actions column is inside the table, each date on one line.
  const fits = await admin.page.evaluate(() => {
    const table = document.querySelector('[data-testid="admin-withdraw-table"] table')!;
    const frame = table.parentElement!.getBoundingClientRect();
    const lastHeader = [...table.querySelectorAll('thead th')].at(-1)!.getBoundingClientRect();
    const dates = [...table.querySelectorAll('tbody tr td:first-child')].map((td) => td.getBoundingClientRect().height);
    const row = table.querySelector('tbody tr td:nth-child(2)')!.getBoundingClientRect().height;
    return { actionsInside: lastHeader.right <= frame.right + 0.5, widest: table.scrollWidth <= table.parentElement!.clientWidth + 1, oneLineDates: dates.every((h) => h <= row + 1) };
  });
  expect(fits).toEqual({ actionsInside: true, widest: true, oneLineDates: true });
  await adminTable.getByTestId('retry-payout').click();
  await visible((await visible(admin.page.getByTestId('admin-withdraw-confirm'))).getByRole('heading', { name: 'Retry this payout?' }));
  await admin.page.getByTestId('admin-withdraw-confirm').getByRole('button', { name: 'Approve and pay' }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('Paid out. Reference', { exact: false }));
  await screenshot(admin.page, 'money-desktop-15a-admin-decided');

  // Redeem codes: every amount of a new code refuses what is not a whole number, and nothing is sent until it is one.
  await admin.page.goto('/admin/redeem-codes');
  const codeForm = await visible(admin.page.getByTestId('create-redeem-code'));
  const codeRequests = sentRequests(admin.page, /\/admin\/redeem-codes$/);
  await codeForm.getByLabel('Code', { exact: true }).fill('JAMBO-2026');
  for (const label of ['Bonus in sats', 'Playthrough target in sats', 'Minimum bank in sats', 'Maximum redemptions']) {
    const field = codeForm.getByLabel(label);
    await expectRefusals(field, codeForm, () => codeForm.getByRole('button', { name: 'Create code' }).click(), {
      page: admin.page,
      name: `money-desktop-17-redeem-code-refused-${label.split(' ')[0]!.toLowerCase()}`,
    });
    await field.fill(label === 'Maximum redemptions' ? '50' : label === 'Bonus in sats' ? '5000' : '');
  }
  await codeForm.getByRole('button', { name: 'Create code' }).click();
  await visible(admin.page.getByTestId('redeem-code-created').getByText('Code JAMBO-2026 created.'));
  expect(codeRequests.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/admin/redeem-codes']);
  await admin.context.close();

  // The player's page follows without a reload: Approved with a reference, Declined and refunded.
  await visible(table.getByTestId('withdraw-status').getByText('Approved'));
  await visible(table.getByTestId('withdraw-status').getByText('Declined'));
  await visible(table.getByTestId('withdraw-reference'));
  await visible(headerBalance(page, '60,000 sats'));
  expect(await table.getByTestId('withdraw-status').allTextContents()).toEqual(['Cancelled', 'Declined', 'Approved']);
  expect(await table.getByTestId('withdraw-cancel').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await screenshot(page, 'money-desktop-16-withdraw-decided');

  // The ledger: newest first (the admin's refund on top), and the day split — a deposit is not a winning.
  await mainMenu(page).getByRole('link', { name: 'Ledger', exact: true }).click();
  await page.waitForURL('**/ledger');
  const ledgerRows = page.getByTestId('ledger-row');
  await visible(ledgerRows.first());
  expect(await ledgerRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')))).toEqual([
    'WithdrawRefund', 'WithdrawRefund', 'Withdraw', 'Withdraw', 'Withdraw', 'BitcoinDeposit', 'LightningDeposit',
  ]);
  expect(await ledgerRows.first().locator('td').last().textContent()).toBe('+5,000');
  expect(await ledgerRows.nth(1).locator('td').last().textContent()).toBe('+3,000');
  await visible(page.getByTestId('ledger-split-play').getByText('0', { exact: true }));
  await visible(page.getByTestId('ledger-split-deposits').getByText('+80,000', { exact: true }));
  await visible(page.getByTestId('ledger-split-withdrawals').getByText('−20,000', { exact: true }));
  await visible(page.getByTestId('ledger-net').getByText('+60,000', { exact: true }));
  await screenshot(page, 'money-desktop-16a-ledger');

  // The profile's limits take whole sats only: refused texts save nothing; a whole number saves once.
  await page.goto('/profile');
  const limits = await visible(page.getByTestId('limits-section'));
  const limitRequests = sentRequests(page, /\/players\/limits$/);
  const dailyDeposit = limits.getByTestId('limit-dailyDeposit');
  await expectRefusals(dailyDeposit.getByRole('textbox', { name: 'Daily deposit limit' }), dailyDeposit, () => limits.getByRole('button', { name: 'Save limits' }).click(), {
    page,
    name: 'money-desktop-16b-limits-refused',
  });
  await visible(limits.getByTestId('limits-message').getByText('Please correct the fields marked above.'));
  await dailyDeposit.getByRole('textbox', { name: 'Daily deposit limit' }).fill('2000000');
  await dailyDeposit.getByRole('textbox', { name: 'Daily deposit limit' }).press('Tab');
  expect(await dailyDeposit.getByRole('textbox', { name: 'Daily deposit limit' }).inputValue()).toBe('2,000,000');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await visible(limits.getByTestId('limits-saved-now'));
  expect(limitRequests.filter((r) => r.startsWith('PUT'))).toEqual(['PUT /api/players/limits']);

  // The information pages.
  await page.goto('/bitcoin-setup-information');
  await visible(page.getByRole('heading', { level: 1, name: 'Bitcoin setup' }));
  await screenshot(page, 'money-desktop-17-bitcoin-setup', { fullPage: true });
  await page.goto('/geolocation-blocked');
  await visible(page.getByRole('heading', { level: 1, name: 'Bahati is not available in your region' }));
  await screenshot(page, 'money-desktop-18-geolocation-blocked');
  await page.goto('/phone-verify');
  await visible(page.getByTestId('phone-page-verified'));
  await screenshot(page, 'money-desktop-19-phone-verify-page');
  await context.close();
});

test('375 px: the phone dialog, deposit, withdraw and admin screens fit a phone', async () => {
  // A fresh player: the phone dialog on a phone.
  const fresh = await open(PHONE);
  await signIn(fresh.page, 'baraka.money@bahati.test', 'Baraka');
  await verifyPhone(fresh.page, '2015550142', 'money-mobile-01');
  await fresh.context.close();

  const { context, page } = await open(PHONE);
  await signIn(page, PLAYER_EMAIL, 'Zawadi Otieno');
  await page.goto('/deposit');
  await visible(page.getByTestId('invoice-table').getByTestId('invoice-status'));
  await screenshot(page, 'money-mobile-02-deposit');
  await screenshot(page, 'money-mobile-03-deposit-full', { fullPage: true });

  const lightning = page.getByTestId('lightning-section');
  await lightning.getByLabel('Amount in sats').fill('1000');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  await visible(page.getByTestId('invoice-qr-dialog'));
  await screenshot(page, 'money-mobile-04-invoice-qr');
  await page.keyboard.press('Escape');
  await page.getByTestId('invoice-qr-dialog').waitFor({ state: 'detached' });

  await page.getByTestId('bitcoin-section').getByRole('button', { name: 'Show my deposit address' }).click();
  await visible(page.getByTestId('address-qr-dialog'));
  await screenshot(page, 'money-mobile-05-address-qr');
  await page.keyboard.press('Escape');

  await page.goto('/withdraws');
  await visible(page.getByTestId('withdraw-table').getByTestId('withdraw-status'));
  await screenshot(page, 'money-mobile-06-withdraw', { fullPage: true });
  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  const dialog = await visible(page.getByTestId('withdraw-dialog'));
  await dialog.getByLabel('Amount in sats').fill('1e5');
  await visible(dialog.getByText('Type the number in full (100000, not 1e5).'));
  await screenshot(page, 'money-mobile-07a-withdraw-refused');
  await dialog.getByLabel('Amount in sats').fill('20000');
  await dialog.getByLabel('Lightning payment request').fill(lightningWithdrawalTarget);
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await visible(dialog.getByRole('heading', { name: 'Confirm your withdrawal' }));
  await screenshot(page, 'money-mobile-07b-withdraw-confirm');
  // The server refuses a payment request already used: back on the form, with the refusal under the field.
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await visible(dialog.getByText('That payment request has already been used.', { exact: false }));
  expect(await dialog.getByLabel('Lightning payment request').inputValue()).toBe(lightningWithdrawalTarget);
  await screenshot(page, 'money-mobile-07-withdraw-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/sw/withdraws');
  await visible(page.getByRole('heading', { level: 1, name: 'Kutoa' }));
  await visible(page.getByTestId('withdraw-table').getByText('Imeidhinishwa'));
  await visible(page.getByTestId('withdraw-table').getByText('Imeghairiwa'));
  expect(await page.title()).toBe('Kutoa · Bahati');
  await screenshot(page, 'money-mobile-08-withdraw-sw', { fullPage: true });

  await page.goto('/ledger');
  await visible(page.getByTestId('ledger-split'));
  await screenshot(page, 'money-mobile-08a-ledger', { fullPage: true });

  await page.goto('/bitcoin-setup-information');
  await visible(page.getByRole('heading', { level: 1, name: 'Bitcoin setup' }));
  await screenshot(page, 'money-mobile-09-bitcoin-setup', { fullPage: true });
  await page.goto('/geolocation-blocked');
  await visible(page.getByRole('heading', { level: 1, name: 'Bahati is not available in your region' }));
  await screenshot(page, 'money-mobile-10-geolocation-blocked', { fullPage: true });
  await page.goto('/phone-verify');
  await visible(page.getByTestId('phone-page-verified'));
  await screenshot(page, 'money-mobile-11-phone-verify-page');
  await context.close();

  const admin = await open(PHONE);
  await signIn(admin.page, ADMIN_EMAIL, 'Cashier');
  await admin.page.goto('/withdraw-requests');
  await visible(admin.page.getByTestId('admin-withdraw-table').getByTestId('admin-withdraw-status'));
  await visible(admin.page.getByTestId('admin-withdraw-table').getByText('Cancelled', { exact: true }));
  await screenshot(admin.page, 'money-mobile-12-admin-requests', { fullPage: true });
  await admin.context.close();
});

test('the deposit page folds expired and cancelled invoices under "older", open ones on top', async () => {
  const { server: short, jwt } = await olderInvoices;
  const api = apiCaller(() => short);
  // Past their expiry (whether the sweep has cancelled them yet or not), those three can no longer be paid.
  await waitUntil(
    'the open invoices to expire',
    async () => (await api<{ status: string; expiresAt: string }[]>('players/getlightninginvoices', { jwt })).filter((i) => i.status !== 'Settled').every((i) => Date.parse(i.expiresAt) < Date.now()),
    180_000,
    250,
  );

  for (const [viewport, name] of [[DESKTOP_SHORT, 'desktop'], [PHONE, 'mobile']] as const) {
    const { context, page } = await openPage(site.browser, short, viewport, { jwt, answers: true });
    await page.goto('/deposit');
    const lightning = page.getByTestId('lightning-section');
    // A new open invoice goes on top of the list, above the paid one.
    await lightning.getByLabel('Amount in sats').fill('5000');
    await lightning.getByRole('button', { name: 'Generate invoice' }).click();
    await visible(page.getByTestId('invoice-qr-dialog'));
    await page.keyboard.press('Escape');
    await page.getByTestId('invoice-qr-dialog').waitFor({ state: 'detached' });
    const current = lightning.getByTestId('invoice-table');
    await visible(current.getByTestId('invoice-status').nth(1));
    const statuses = await current.getByTestId('invoice-status').allTextContents();
    expect(statuses[0]).toBe('Awaiting payment');
    expect(statuses.at(-1)).toBe('Settled');
    const older = await visible(lightning.getByTestId('older-invoices'));
    // The three from before (and on the phone, the one the desktop made, once it has expired too).
    const summary = older.getByText(/^Older invoices \((3|4)\)$/);
    await visible(summary);
    expect(await older.getByTestId('older-invoice-table').isVisible()).toBe(false);
    await screenshot(page, `money-${name}-20-deposit-older-folded`, { fullPage: true });
    await summary.click();
    await visible(older.getByTestId('older-invoice-table'));
    expect(new Set(await older.getByTestId('invoice-status').allTextContents())).toEqual(new Set(['Expired']));
    await screenshot(page, `money-${name}-21-deposit-older-open`, { fullPage: true });
    await context.close();
  }
});
