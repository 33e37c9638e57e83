import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage, type ApiCall } from './journey';
import type { StartedServer } from './server';

/** Signs in through the API with the development identity provider; resolves with the jwt. */
export async function signInByApi(call: ApiCall, email: string, name: string): Promise<string> {
  const { idToken } = await call<{ idToken: string }>('dev/id-token', { body: { email, name } });
  const { jwt } = await call<{ jwt: string }>('players/login', { body: { idToken } });
  return jwt;
}

/** A US number verified with the code the development rail reads back. */
export async function verifyPhone(call: ApiCall, jwt: string, nationalNumber: string): Promise<void> {
  const { phoneNumber } = await call<{ phoneNumber: string }>('players/beginphoneverify', { body: { phoneNumber: nationalNumber, countryCode: 'us' }, jwt });
  const { code } = await call<{ code: string }>(`dev/phone-code?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  await call('players/verifycode', { body: { code }, jwt });
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A Lightning deposit settled by the development rail; resolves once the bank holds it. */
export async function depositByLightning(call: ApiCall, jwt: string, sats: number): Promise<void> {
  const before = await call<number>('players/bank', { jwt });
  const { paymentRequest } = await call<{ paymentRequest: string }>('players/lightningaddinvoice', { body: { amount: String(sats) }, jwt });
  await call('dev/lightning/settle', { body: { paymentRequest } });
  await waitUntil('the deposit', async () => (await call<number>('players/bank', { jwt })) >= before + sats);
}

/**
 * A withdrawal target outside the site: an invoice for `sats` of a wallet that is not ours (the development
 * rail's), since our own deposit invoices, any player's, are refused as withdrawal targets.
 */
export async function outsideInvoice(call: ApiCall, sats: number): Promise<string> {
  return (await call<{ paymentRequest: string }>('dev/outside/invoice', { body: { amount: sats } })).paymentRequest;
}

/** An address of a wallet outside the site (our own deposit addresses are refused as withdrawal targets). */
export async function outsideAddress(call: ApiCall): Promise<string> {
  return (await call<{ address: string }>('dev/outside/address', { method: 'POST' })).address;
}

/** A hand dealt and played to the end through the API (offers declined, then stand); resolves with its shoe id. */
export async function playHandByApi(call: ApiCall, jwt: string, betAmount = 1_000): Promise<string> {
  type Answer = { hand: { shoeId: string; phase: string; allowedActions: string[] } };
  let answer = await call<Answer>('hands', { body: { betAmount }, jwt });
  for (let i = 0; i < 10 && answer.hand.phase !== 'Settled'; i++) {
    const action = ['noinsurance', 'noevenmoney', 'stand'].find((a) => answer.hand.allowedActions.includes(a)) ?? 'stand';
    answer = await call<Answer>(`hands/${action}`, { method: 'PUT', jwt });
  }
  return answer.hand.shoeId;
}

/** A browser context signed in as the holder of `jwt` (or a visitor when null). */
export async function openAs(
  browser: Browser,
  server: StartedServer,
  viewport: { width: number; height: number },
  jwt: string | null,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, server, viewport);
  if (jwt) await opened.context.addInitScript((token) => window.localStorage.setItem('jwt', token), jwt);
  return opened;
}
