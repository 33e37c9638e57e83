import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type StartedServer } from './support/server';
import { apiCaller } from './support/journey';

/*
 * Money in and out, in Chromium against the built server on its embedded stand-ins:
 * sign in → verify the phone (code from the development banner) → Lightning invoice settled by the
 * development rail → success dialog and a higher bank without a reload → on-chain deposit pending,
 * then deposited → two withdrawal requests → an admin approves one and declines the other → the
 * player sees Approved with a reference and Declined, pushed, without a reload.
 */

const ADMIN_EMAIL = 'cashier@bahati.test';
const PLAYER_EMAIL = 'zawadi@bahati.test';
const PAYEE_EMAIL = 'payee@bahati.test';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

jest.setTimeout(240_000);

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const call = apiCaller(() => server);

/** A second, phone-verified account through the API: its invoice and address are withdrawal targets. */
async function payeeAccount(): Promise<{ jwt: string }> {
  const { idToken } = await call<{ idToken: string }>('dev/id-token', { body: { email: PAYEE_EMAIL, name: 'Payee' } });
  const { jwt } = await call<{ jwt: string }>('players/login', { body: { idToken } });
  const { phoneNumber } = await call<{ phoneNumber: string }>('players/beginphoneverify', {
    body: { phoneNumber: '2015550188', countryCode: 'us' },
    jwt,
  });
  const { code } = await call<{ code: string }>(`dev/phone-code?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  const { status } = await call<{ status: string }>('players/verifycode', { body: { code }, jwt });
  expect(status).toBe('Approved');
  return { jwt };
}

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('browser console:', message.text());
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    void response.text().then(
      (body) => console.warn(`answered ${response.status()}: ${response.request().method()} ${response.url()} ${body}`),
      () => undefined,
    );
  });
  return { context, page };
}

async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** The development identity provider; a player with an empty bank lands on the deposit page. */
async function signIn(page: Page, email: string, name: string) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/authentication');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(deposit|game)$/);
}

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

const headerBalance = (page: Page, text: string) => page.getByTestId('balance').getByText(text, { exact: true });

let lightningWithdrawalTarget = '';

test('deposit by Lightning and on-chain, withdraw, and an admin decides', async () => {
  const payee = await payeeAccount();
  const { paymentRequest: payeeInvoice } = await call<{ paymentRequest: string }>('players/lightningaddinvoice', {
    body: { amount: '20000' },
    jwt: payee.jwt,
  });
  lightningWithdrawalTarget = payeeInvoice;
  const { address: payeeAddress } = await call<{ address: string }>('players/getbitcoinaddress', { jwt: payee.jwt });
  expect(payeeAddress).toMatch(/^bcrt1/);

  const { context, page } = await open(DESKTOP);
  await signIn(page, PLAYER_EMAIL, 'Zawadi Otieno');
  expect(new URL(page.url()).pathname).toBe('/deposit');

  // An unverified phone forces the challenge on the deposit page.
  await verifyPhone(page, '2015550123', 'money-desktop-01');
  await page.getByTestId('phone-required').waitFor({ state: 'detached' });
  await screenshot(page, 'money-desktop-02-deposit-empty');

  // Nothing below this point may reload the page.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // Lightning: the spec's minimum, then an invoice with its QR code.
  const lightning = page.getByTestId('lightning-section');
  await lightning.getByLabel('Amount in sats').fill('500');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  await visible(lightning.getByText('Deposit Amount must be at least 1000 Satoshis.'));
  await screenshot(page, 'money-desktop-03-lightning-minimum');

  await lightning.getByLabel('Amount in sats').fill('50000');
  expect(await lightning.getByLabel('Amount in sats').inputValue()).toBe('50,000');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  const qrDialog = await visible(page.getByTestId('invoice-qr-dialog'));
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
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Withdraw', exact: true }).click();
  await page.waitForURL('**/withdraws');
  await visible(page.getByTestId('withdraw-balance').getByText('80,000 sats', { exact: true }));
  await visible(page.getByText('You have not requested a withdrawal yet.'));
  await screenshot(page, 'money-desktop-11-withdraw-empty');

  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  let dialog = await visible(page.getByTestId('withdraw-dialog'));
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
  await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
  await visible(page.getByTestId('withdraw-created'));
  await visible(headerBalance(page, '60,000 sats'));

  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  dialog = await visible(page.getByTestId('withdraw-dialog'));
  await dialog.getByLabel('Withdraw with').selectOption('bitcoin');
  await dialog.getByLabel('Amount in sats').fill('5000');
  await dialog.getByLabel('Bitcoin address').fill('bcrt1short');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await visible(dialog.getByText('The withdrawal address is not valid.'));
  await dialog.getByLabel('Bitcoin address').fill(payeeAddress);
  // A double click records one request (the Idempotency-Key, and the button disabled while sending).
  await dialog.getByRole('button', { name: 'Request withdrawal' }).dblclick();
  await page.getByTestId('withdraw-dialog').waitFor({ state: 'detached' });
  await visible(headerBalance(page, '55,000 sats'));
  const table = page.getByTestId('withdraw-table');
  await visible(table.getByTestId('withdraw-status').nth(1));
  expect(await table.getByTestId('withdraw-status').count()).toBe(2);
  expect(await table.getByTestId('withdraw-status').allTextContents()).toEqual(['In review', 'In review']);
  await screenshot(page, 'money-desktop-13-withdraw-requests');

  // The admin approves the Lightning request and declines the on-chain one.
  const admin = await open(DESKTOP);
  await signIn(admin.page, ADMIN_EMAIL, 'Cashier');
  // The admin's own deposit page asks for a phone first.
  await visible(admin.page.getByTestId('phone-dialog'));
  await admin.page.keyboard.press('Escape');
  await admin.page.getByTestId('phone-dialog').waitFor({ state: 'detached' });
  await admin.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Admin' }).click();
  await admin.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Withdraw Requests' }).click();
  await admin.page.waitForURL('**/withdraw-requests');
  const adminTable = await visible(admin.page.getByTestId('admin-withdraw-table'));
  await visible(adminTable.getByRole('button', { name: /Approve the request of zawadi@bahati\.test for 20,000 sats/ }));
  await screenshot(admin.page, 'money-desktop-14-admin-requests');
  await adminTable.getByRole('button', { name: /Approve the request of zawadi@bahati\.test for 20,000 sats/ }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('Approved and paid. Reference', { exact: false }));
  await adminTable.getByRole('button', { name: /Decline the request of zawadi@bahati\.test for 5,000 sats/ }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('Declined; 5,000 sats went back to the player.'));
  expect(await adminTable.getByRole('button', { name: /Approve|Decline/ }).count()).toBe(0);
  await screenshot(admin.page, 'money-desktop-15-admin-decided');
  await admin.context.close();

  // The player's page follows without a reload: Approved with a reference, Declined and refunded.
  await visible(table.getByTestId('withdraw-status').getByText('Approved'));
  await visible(table.getByTestId('withdraw-status').getByText('Declined'));
  await visible(table.getByTestId('withdraw-reference'));
  await visible(headerBalance(page, '60,000 sats'));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await screenshot(page, 'money-desktop-16-withdraw-decided');

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
  await dialog.getByLabel('Amount in sats').fill('20000');
  await dialog.getByLabel('Lightning payment request').fill(lightningWithdrawalTarget);
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await visible(dialog.getByText('That payment request has already been used.', { exact: false }));
  await screenshot(page, 'money-mobile-07-withdraw-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/sw/withdraws');
  await visible(page.getByRole('heading', { level: 1, name: 'Kutoa' }));
  await visible(page.getByTestId('withdraw-table').getByText('Imeidhinishwa'));
  await screenshot(page, 'money-mobile-08-withdraw-sw', { fullPage: true });

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
  await screenshot(admin.page, 'money-mobile-12-admin-requests', { fullPage: true });
  await admin.context.close();
});
