import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type StartedServer } from './support/server';
import { apiCaller } from './support/journey';
import { depositByLightning, signInByApi, verifyPhone } from './support/accounts';

/*
 * The built server shuts down gracefully on SIGTERM: requests in flight when the signal arrives — long polls
 * and a burst of withdrawals queued on one account — are all answered 200, the live-update stream is ended
 * rather than holding the server open, the process exits 0, and the log says it is shutting down and has.
 */

jest.setTimeout(120_000);

let server: StartedServer;
const logFile = join(mkdtempSync(join(tmpdir(), 'bahati-shutdown-')), 'server.log');
const call = apiCaller(() => server);

beforeAll(async () => {
  server = await startServer({ logFile });
});

afterAll(async () => {
  await server?.stop();
});

/** One POST on a connection of its own (no keep-alive sharing), as separate clients would send them. */
function post(path: string, body: unknown, jwt: string): Promise<{ status: number | string; body: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${server.baseUrl}/api/${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), authorization: `Bearer ${jwt}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? String(error), body: '' }));
    req.end(data);
  });
}

test('SIGTERM: the requests in flight finish with 200, the stream ends, the process exits 0 and says so', async () => {
  const jwt = await signInByApi(call, 'graceful@bahati.test', 'Graceful');
  await verifyPhone(call, jwt, '2015550166');
  await depositByLightning(call, jwt, 50_000);
  const open = await call<{ id: string }>('players/lightningaddinvoice', { body: { amount: '5000' }, jwt });

  // A live-update stream, three long polls of an unpaid invoice (each would wait 25 s), then twenty withdrawals.
  const stream = await fetch(`${server.baseUrl}/api/players/events`, { headers: { authorization: `Bearer ${jwt}`, accept: 'text/event-stream' } });
  expect(stream.status).toBe(200);
  const streamEnded = (async () => {
    const reader = stream.body!.getReader();
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => true);
  const polls = [1, 2, 3].map(() => post('players/invoice', { id: open.id }, jwt));
  await new Promise((r) => setTimeout(r, 500));
  const withdrawals = Array.from({ length: 20 }, () => post('players/withdraw', { amount: 1000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' }, jwt));
  await new Promise((r) => setTimeout(r, 100));
  server.signal('SIGTERM');

  const polled = await Promise.all(polls);
  expect(polled.map((p) => p.status)).toEqual([200, 200, 200]);
  for (const p of polled) expect(JSON.parse(p.body)).toEqual({ id: open.id, status: 'Opened', amount: 5000 });
  const withdrawn = await Promise.all(withdrawals);
  expect(withdrawn.map((w) => w.status)).toEqual(Array.from({ length: 20 }, () => 200));
  // Each answers the bank after it: all twenty were recorded, none twice.
  expect(withdrawn.map((w) => Number(w.body)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 30_000 + i * 1000));
  expect(await streamEnded).toBe(true);

  expect(await server.exited()).toEqual({ code: 0, signal: null });
  const log = readFileSync(logFile, 'utf8');
  expect(log).toMatch(/Bahati is shutting down \(SIGTERM\): finishing the requests in flight \(\d+ now\), then closing/);
  expect(log).toMatch(/Bahati has shut down \(\d+ request\(s\) answered after the signal\)/);
  expect(log).not.toMatch(/"level":50/);
});
