import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Response } from 'playwright-core';
import { depositByLightning, outsideInvoice, signInByApi, verifyPhone as verifyPhoneByApi } from './support/accounts';
import { DESKTOP_SHORT, screenshot } from './support/browser';
import { askLightningWithdrawal, closePhoneChallenge, confirmWithdrawal, headerBalance, signInByPage, visible, waitUntil } from './support/journey';
import { siteForSpec } from './support/site';
import { bet, openTable, standItOut } from './support/table';

/*
 * No credential reaches the server log. The player's live updates authenticate with the Authorization
 * header (never `?token=`): the stream reconnects with backoff after a failure and a 401 on it ends the
 * session. Then a whole journey in Chromium against the built server, its output captured in full: a
 * player signs in with the development identity, verifies a phone, deposits by Lightning and on-chain,
 * plays a hand, asks for a withdrawal that an admin approves, while the event stream is open on the
 * money screens. Every session token and ID token the server issued, and every phone code, is then
 * looked for in the log.
 */

const PLAYER_EMAIL = 'imani@bahati.test';
const ADMIN_EMAIL = 'auditor@bahati.test';
const EVENTS_PATH = '/api/players/events';

jest.setTimeout(300_000);

const logDir = mkdtempSync(join(tmpdir(), 'bahati-log-'));
const logFile = join(logDir, 'server.log');
// The server's log is the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL }, logFile });

/** Everything secret the server handed out in this file: session tokens, ID tokens, phone codes. */
const issuedTokens = new Set<string>();
const phoneCodes = new Set<string>();
/** Every request the browsers made to the event stream, with its Authorization header. */
const streamRequests: { url: string; authorization: string | undefined }[] = [];
const streamStatuses: number[] = [];
const pending: Promise<unknown>[] = [];

// After the site's own afterAll (hooks run in the order they are declared): the server has stopped.
afterAll(() => {
  rmSync(logDir, { recursive: true, force: true });
});

const rawCall = site.call;
/** The test's own API calls: the tokens and codes they get back are looked for in the log too. */
const call: typeof rawCall = async <T>(path: string, options?: Parameters<typeof rawCall>[1]) => {
  const answer = await rawCall<T>(path, options);
  remember(answer);
  return answer;
};

function remember(body: unknown) {
  if (typeof body !== 'object' || body === null) return;
  const { jwt, idToken, code } = body as { jwt?: unknown; idToken?: unknown; code?: unknown };
  if (typeof jwt === 'string') issuedTokens.add(jwt);
  if (typeof idToken === 'string') issuedTokens.add(idToken);
  if (typeof code === 'string') phoneCodes.add(code);
}

/** Records what the page is handed at sign-in and how it opens the event stream. */
function watch(page: Page) {
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname !== EVENTS_PATH) return;
    pending.push(request.allHeaders().then((headers) => streamRequests.push({ url: request.url(), authorization: headers.authorization })));
  });
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (path === EVENTS_PATH) streamStatuses.push(response.status());
    if (['/api/players/login', '/api/dev/id-token', '/api/dev/phone-code'].includes(path) && response.ok()) {
      pending.push(response.json().then(remember, () => undefined));
    }
  });
}

async function storedJwt(page: Page) {
  const jwt = await page.evaluate(() => window.localStorage.getItem('jwt'));
  if (jwt) issuedTokens.add(jwt);
  return jwt;
}

/** The development identity provider, from the header's link. */
const signIn = (page: Page, email: string, name: string) => signInByPage(page, email, name, { viaHeader: true, landing: /^\/(deposit|game)$/ });

test('the event stream sends the session in its header, reconnects with backoff, and a 401 on it ends the session', async () => {
  const jwt = await signInByApi(call, 'baraka.stream@bahati.test', 'Baraka');
  await verifyPhoneByApi(call, jwt, '2015550166');
  const { context, page, errors } = await site.openAs(DESKTOP_SHORT, jwt);
  watch(page);

  // The first attempt fails as a restarting server would; the next one, after a backoff, gets through.
  const attempts: number[] = [];
  let refuse = false;
  await page.route(`**${EVENTS_PATH}*`, async (route) => {
    attempts.push(Date.now());
    if (refuse) await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ statusCode: 401, error: 'Unauthorized' }) });
    else if (attempts.length === 1) await route.fulfill({ status: 503, body: 'restarting' });
    else await route.continue();
  });
  await page.goto('/deposit');
  await visible(page.getByTestId('lightning-section'));
  await waitUntil('the stream to reopen', () => streamStatuses.includes(200), 15_000, 100);
  expect(attempts.length).toBe(2);
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(450);

  // Pushed over the reopened stream: the header balance follows a deposit made elsewhere.
  await visible(headerBalance(page, '0 sats'));
  await depositByLightning(call, jwt, 12_000);
  await visible(headerBalance(page, '12,000 sats'), 10_000);
  await screenshot(page, 'server-log-01-stream-reopened');

  // The stream answers 401 (the session ended on the server): no retry, and the sign-in page says so.
  refuse = true;
  const before = attempts.length;
  await page.goto('/withdraws');
  await page.waitForURL('**/authentication');
  await visible(page.getByTestId('session-ended').getByText('Your session has ended. Please sign in again.'));
  // The wait is what is tested: a retry would come 0.5 to 1 s after a failure (the first backoff), so none
  // in 2.5 s means none at all; there is no event to wait for instead, since what must not happen is a request.
  await page.waitForTimeout(2_500);
  expect(attempts.length).toBe(before + 1);
  expect(await page.evaluate(() => window.localStorage.getItem('jwt'))).toBeNull();
  await screenshot(page, 'server-log-02-stream-401');

  await Promise.all(pending);
  for (const request of streamRequests) {
    expect(request.url).toBe(`${site.server.baseUrl}${EVENTS_PATH}`);
    expect(request.authorization).toBe(`Bearer ${jwt}`);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('a player and an admin go through sign-in, phone, deposits, a hand and a withdrawal', async () => {
  // A second account signs in and verifies a phone too: its tokens and code must not reach the log either.
  const payeeJwt = await signInByApi(call, 'payee.log@bahati.test', 'Payee');
  await verifyPhoneByApi(call, payeeJwt, '2015550177');
  // An invoice of a wallet outside the site is the withdrawal's target.
  const payeeInvoice = await outsideInvoice(call, 20_000);

  const { context, page, errors } = await site.open(DESKTOP_SHORT);
  watch(page);
  await signIn(page, PLAYER_EMAIL, 'Imani Wanjiru');
  expect(new URL(page.url()).pathname).toBe('/deposit');
  const jwt = await storedJwt(page);
  expect(jwt).toBeTruthy();

  // The phone, with the code from the development banner.
  const dialog = await visible(page.getByTestId('phone-dialog'));
  await dialog.getByLabel('Phone number').fill('(201) 555-0199');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = (await (await visible(dialog.getByTestId('dev-phone-code'))).locator('strong').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  phoneCodes.add(code);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await visible(dialog.getByText('Phone verified'));
  await page.getByTestId('phone-dialog').waitFor({ state: 'detached', timeout: 5_000 });

  // Lightning, settled by the development rail and pushed to the page.
  const lightning = page.getByTestId('lightning-section');
  await lightning.getByLabel('Amount in sats').fill('50000');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  const qr = await visible(page.getByTestId('invoice-qr-dialog'));
  const paymentRequest = (await qr.getByTestId('invoice-payment-request').textContent())?.trim() ?? '';
  await call('dev/lightning/settle', { body: { paymentRequest } });
  const success = await visible(page.getByTestId('deposit-success-dialog'));
  await visible(headerBalance(page, '50,000 sats'));
  await success.getByRole('button', { name: 'Done' }).click();

  // On-chain: seen, then deposited.
  const bitcoin = page.getByTestId('bitcoin-section');
  await bitcoin.getByRole('button', { name: 'Show my deposit address' }).click();
  await visible(page.getByTestId('address-qr-dialog'));
  const address = (await bitcoin.getByTestId('bitcoin-address').textContent())?.trim() ?? '';
  await page.keyboard.press('Escape');
  const { txid } = await call<{ txid: string }>('dev/bitcoin/pay', { body: { address, amount: 30000, confirmations: 0 } });
  await visible(page.getByTestId(`deposit-${txid}`).getByText('Unconfirmed'));
  await call('dev/bitcoin/confirm', { body: { txid, confirmations: 1 } });
  await visible(page.getByTestId(`deposit-${txid}`).getByText('Deposited'));
  await visible(headerBalance(page, '80,000 sats'));
  await screenshot(page, 'server-log-03-deposited');

  // A hand at the table.
  await openTable(page);
  await bet(page, ['1K']);
  await page.getByTestId('action-deal').click();
  await standItOut(page);
  await visible(page.getByTestId('hand-result'));
  await screenshot(page, 'server-log-04-hand');

  // A withdrawal, approved by an admin; the player's page follows without a reload.
  await page.goto('/bonuses');
  await visible(page.getByRole('heading', { level: 1 }));
  await page.goto('/withdraws');
  await confirmWithdrawal(await askLightningWithdrawal(page, 20_000, payeeInvoice));
  const table = page.getByTestId('withdraw-table');
  await visible(table.getByTestId('withdraw-status').getByText('In review'));

  const admin = await site.open(DESKTOP_SHORT);
  watch(admin.page);
  await signIn(admin.page, ADMIN_EMAIL, 'Auditor');
  await storedJwt(admin.page);
  await closePhoneChallenge(admin.page);
  await admin.page.goto('/withdraw-requests');
  const adminTable = await visible(admin.page.getByTestId('admin-withdraw-table'));
  await adminTable.getByRole('button', { name: new RegExp(`Approve the request of ${PLAYER_EMAIL.replace('.', '\\.')} for 20,000 sats`) }).click();
  await (await visible(admin.page.getByTestId('admin-withdraw-confirm'))).getByRole('button', { name: 'Approve and pay' }).click();
  await visible(admin.page.getByTestId('admin-outcome').getByText('Approved and paid. Reference', { exact: false }));
  await admin.context.close();

  await visible(table.getByTestId('withdraw-status').getByText('Approved'));
  await screenshot(page, 'server-log-05-withdrawal-approved');
  expect(await storedJwt(page)).toBe(jwt);
  expect(errors).toEqual([]);
  expect(admin.errors).toEqual([]);
  await context.close();

  // The stream opened on the money screens, with the session in its header and nothing in its URL.
  await Promise.all(pending);
  expect(streamStatuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
  for (const request of streamRequests) {
    expect(request.url).toBe(`${site.server.baseUrl}${EVENTS_PATH}`);
    expect(issuedTokens.has(request.authorization?.replace(/^Bearer /, '') ?? '')).toBe(true);
  }
});

test('the server log holds none of the tokens and phone codes it handed out', async () => {
  await Promise.all(pending);
  await site.server.stop();
  const log = readFileSync(logFile, 'utf8');
  const lines = log.split('\n').filter(Boolean);
  const entries = lines.map((line) => {
    try {
      return JSON.parse(line) as { context?: string; msg?: string; req?: { url?: string }; res?: { statusCode?: number } };
    } catch {
      return {};
    }
  });

  // The log is the one of this journey: its requests are there, the event stream's included.
  const requests = entries.filter((e) => e.req?.url !== undefined);
  const logged = (path: string, status?: number) => requests.some((e) => e.req!.url!.split('?')[0] === path && (status === undefined || e.res?.statusCode === status));
  expect(logged('/api/players/login', 200)).toBe(true);
  expect(logged(EVENTS_PATH, 200)).toBe(true);
  expect(logged('/api/dev/phone-code')).toBe(true);

  expect(issuedTokens.size).toBeGreaterThanOrEqual(8);
  const leaks: string[] = [];
  for (const token of issuedTokens) {
    // The whole token, or its signature alone (a log line cut short would still hold that).
    const signature = token.slice(token.lastIndexOf('.') + 1);
    for (const line of lines) if (line.includes(token) || line.includes(signature)) leaks.push(`token …${signature.slice(-8)}: ${line.slice(0, 300)}`);
  }
  expect(phoneCodes.size).toBeGreaterThanOrEqual(3);
  lines.forEach((line, i) => {
    // The development stand-in's own line is how it "sends" a code (Twilio sends an SMS instead): the only place one may be.
    if (entries[i]!.context === 'PhoneVerifier' && /^Verification code for \+\d+: \d{6} \(development stand-in/.test(entries[i]!.msg ?? '')) return;
    // Six digits on their own, not inside a timestamp, a request id or a hash.
    for (const code of phoneCodes) if (new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(line)) leaks.push(`code ${code}: ${line.slice(0, 300)}`);
  });
  expect(leaks).toEqual([]);
  // No logged URL keeps a query string.
  expect(requests.filter((e) => e.req!.url!.includes('?')).map((e) => e.req!.url)).toEqual([]);
  // The stand-in did log the codes: the check above had them to find.
  expect(entries.filter((e) => e.context === 'PhoneVerifier').length).toBeGreaterThanOrEqual(phoneCodes.size);
});
