import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteForSpec } from './support/site';
import { fundPlayer, signInByApi } from './support/accounts';

/*
 * The built server shuts down gracefully on SIGTERM: requests in flight when the signal arrives — long polls
 * and a burst of withdrawals queued on one account — are all answered 200, the live-update stream is ended
 * rather than holding the server open, the process exits 0, and the log says it is shutting down and has.
 */

jest.setTimeout(120_000);

const logFile = join(mkdtempSync(join(tmpdir(), 'bahati-shutdown-')), 'server.log');
const site = siteForSpec({ logFile, browser: false });
const { call } = site;

interface Posted {
  /** Resolves once the server has read the request (it answered 100 Continue) and its body has been sent: it is in flight. */
  sent: Promise<void>;
  answer: Promise<{ status: number | string; body: string }>;
}

/**
 * One POST on a connection of its own (no keep-alive sharing), as separate clients would send them. It asks
 * for 100 Continue, which the server answers as soon as it has read the request's head, and only then sends
 * the body: so the test knows when the request is in the server's hands.
 */
function post(path: string, body: unknown, jwt: string): Posted {
  const data = JSON.stringify(body);
  let inFlight!: () => void;
  const sent = new Promise<void>((resolve) => (inFlight = resolve));
  const answer = new Promise<{ status: number | string; body: string }>((resolve) => {
    const req = httpRequest(
      `${site.server.baseUrl}/api/${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), authorization: `Bearer ${jwt}`, expect: '100-continue' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('continue', () => req.end(data));
    req.on('finish', () => inFlight());
    req.on('error', (error: NodeJS.ErrnoException) => {
      inFlight();
      resolve({ status: error.code ?? String(error), body: '' });
    });
    req.flushHeaders();
  });
  return { sent, answer };
}

test('SIGTERM: the requests in flight finish with 200, the stream ends, the process exits 0 and says so', async () => {
  const jwt = await signInByApi(call, 'graceful@bahati.test', 'Graceful');
  await fundPlayer(call, jwt, '2015550166', 50_000);
  const open = await call<{ id: string }>('players/lightningaddinvoice', { body: { amount: '5000' }, jwt });

  // A live-update stream, three long polls of an unpaid invoice (each would wait 25 s), then twenty withdrawals.
  const stream = await fetch(`${site.server.baseUrl}/api/players/events`, { headers: { authorization: `Bearer ${jwt}`, accept: 'text/event-stream' } });
  expect(stream.status).toBe(200);
  const streamEnded = (async () => {
    const reader = stream.body!.getReader();
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => true);
  const polls = [1, 2, 3].map(() => post('players/invoice', { id: open.id }, jwt));
  await Promise.all(polls.map((p) => p.sent));
  const withdrawals = Array.from({ length: 20 }, () => post('players/withdraw', { amount: 1000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' }, jwt));
  // The signal comes once the server holds every request.
  await Promise.all(withdrawals.map((w) => w.sent));
  site.server.signal('SIGTERM');

  const polled = await Promise.all(polls.map((p) => p.answer));
  expect(polled.map((p) => p.status)).toEqual([200, 200, 200]);
  for (const p of polled) expect(JSON.parse(p.body)).toEqual({ id: open.id, status: 'Opened', amount: 5000 });
  const withdrawn = await Promise.all(withdrawals.map((w) => w.answer));
  expect(withdrawn.map((w) => w.status)).toEqual(Array.from({ length: 20 }, () => 200));
  // Each answers the bank after it: all twenty were recorded, none twice.
  expect(withdrawn.map((w) => Number(w.body)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 30_000 + i * 1000));
  expect(await streamEnded).toBe(true);

  expect(await site.server.exited()).toEqual({ code: 0, signal: null });
  const log = readFileSync(logFile, 'utf8');
  expect(log).toMatch(/Bahati is shutting down \(SIGTERM\): finishing the requests in flight \(\d+ now\), then closing/);
  expect(log).toMatch(/Bahati has shut down \(\d+ request\(s\) answered after the signal\)/);
  expect(log).not.toMatch(/"level":50/);
});
