import type { StartedServer } from './server';
import { waitUntil } from './journey';

export type ApiCall = <T>(path: string, options?: { method?: string; body?: unknown; jwt?: string }) => Promise<T>;

/** Calls to the API from the test itself (the development rails, an admin, a second account); a refusal throws with the server's recent output. */
export function apiCaller(server: () => StartedServer): ApiCall {
  return async <T>(path: string, options: { method?: string; body?: unknown; jwt?: string } = {}): Promise<T> => {
    const response = await fetch(`${server().baseUrl}/api/${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.jwt ? { authorization: `Bearer ${options.jwt}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}\n${server().output().slice(-3000)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** Signs in through the API with the development identity provider (the account exists from then on); resolves with the jwt. */
export async function signInByApi(call: ApiCall, email: string, name: string): Promise<string> {
  const { idToken } = await call<{ idToken: string }>('dev/id-token', { body: { email, name } });
  const { jwt } = await call<{ jwt: string }>('players/login', { body: { idToken } });
  return jwt;
}

/** A US number verified with the code the development rail reads back; the server must answer Approved. */
export async function verifyPhone(call: ApiCall, jwt: string, nationalNumber: string): Promise<void> {
  const { phoneNumber } = await call<{ phoneNumber: string }>('players/beginphoneverify', { body: { phoneNumber: nationalNumber, countryCode: 'us' }, jwt });
  const { code } = await call<{ code: string }>(`dev/phone-code?phoneNumber=${encodeURIComponent(phoneNumber)}`);
  const { status } = await call<{ status: string }>('players/verifycode', { body: { code }, jwt });
  expect(status).toBe('Approved');
}

/** A Lightning invoice of `sats` paid by the development rail; resolves at once, whatever the server does with it (credit, hold). */
export async function settleLightningInvoice(call: ApiCall, jwt: string, sats: number): Promise<void> {
  const { paymentRequest } = await call<{ paymentRequest: string }>('players/lightningaddinvoice', { body: { amount: String(sats) }, jwt });
  await call('dev/lightning/settle', { body: { paymentRequest } });
}

/** A Lightning deposit settled by the development rail; resolves once the bank holds it. */
export async function depositByLightning(call: ApiCall, jwt: string, sats: number): Promise<void> {
  const before = await call<number>('players/bank', { jwt });
  await settleLightningInvoice(call, jwt, sats);
  await waitUntil('the deposit', async () => (await call<number>('players/bank', { jwt })) >= before + sats);
}

/** A player ready to play: the phone verified, then `sats` deposited by Lightning. */
export async function fundPlayer(call: ApiCall, jwt: string, nationalNumber: string, sats: number): Promise<void> {
  await verifyPhone(call, jwt, nationalNumber);
  await depositByLightning(call, jwt, sats);
}

/** Resolves once the player's bonus list (a read model) shows the first deposit's offer. */
export async function bonusOffered(call: ApiCall, jwt: string): Promise<void> {
  await waitUntil('the first-deposit offer', async () => (await call<{ status: string }[]>('players/bonuses', { jwt })).some((bonus) => bonus.status === 'Offered'));
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

/**
 * A hand dealt through the API and left in play at the player's turn (offers declined; a hand that settles at
 * once, a blackjack, is followed by another deal), so the table picks it up on arrival and a move settles it.
 */
export async function handInPlayByApi(call: ApiCall, jwt: string, betAmount = 1_000): Promise<void> {
  type Answer = { hand: { phase: string; allowedActions: string[] } };
  for (let deal = 0; deal < 10; deal++) {
    let answer = await call<Answer>('hands', { body: { betAmount }, jwt });
    for (let i = 0; i < 3 && answer.hand.phase !== 'PlayerTurn' && answer.hand.phase !== 'Settled'; i++) {
      const offer = ['noinsurance', 'noevenmoney'].find((a) => answer.hand.allowedActions.includes(a));
      if (!offer) break;
      answer = await call<Answer>(`hands/${offer}`, { method: 'PUT', jwt });
    }
    if (answer.hand.phase === 'PlayerTurn') return;
  }
  throw new Error('ten deals in a row settled at once');
}

/**
 * A player with something on every screen: the phone verified, `sats` deposited by Lightning, the first-deposit
 * offer made, one hand played (in the ledger), then a withdrawal of 5,000 sats to a wallet outside the site
 * requested (in review; it ends the open offer); resolves with the jwt and the hand's shoe id.
 */
export async function playerWithHistory(call: ApiCall, email: string, name: string, nationalNumber: string, sats: number): Promise<{ jwt: string; shoeId: string }> {
  const jwt = await signInByApi(call, email, name);
  await fundPlayer(call, jwt, nationalNumber, sats);
  await bonusOffered(call, jwt);
  const shoeId = await playHandByApi(call, jwt);
  await call('players/withdraw', { body: { amount: 5_000, paymentRequest: await outsideInvoice(call, 5_000) }, jwt });
  return { jwt, shoeId };
}

/** Today's ledger query (d, m, y, o) as the browser on this machine asks for it. */
export function ledgerToday(now = new Date()): string {
  return `d=${now.getDate()}&m=${now.getMonth() + 1}&y=${now.getFullYear()}&o=${now.getTimezoneOffset()}`;
}

/**
 * A busy day: hands played through the API (`playHandByApi`, 1,000 sats each; the bank must hold enough) until
 * today's ledger has at least `lines` lines; resolves with how many it has.
 */
export async function busyLedgerDay(call: ApiCall, jwt: string, lines: number): Promise<number> {
  const count = async () => (await call<{ total: number }>(`players/ledger/page?${ledgerToday()}&limit=1`, { jwt })).total;
  let total = await count();
  while (total < lines) {
    // About two lines a hand (the bet and its return); counted again every 20 hands.
    for (let i = 0; i < Math.min(20, Math.ceil((lines - total) / 2)); i++) await playHandByApi(call, jwt);
    total = await count();
  }
  // A hand is answered before the ledger holds its lines (read models follow within milliseconds): the day's lines are
  // counted until two counts a moment apart agree.
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const again = await count();
    if (again === total) return total;
    total = again;
  }
}
