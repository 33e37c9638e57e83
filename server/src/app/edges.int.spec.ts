import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QUERY_INT_MAX_DIGITS } from '@bahati/contracts';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { BRAND_BODY_LIMIT } from '../adapters/http/brands.controller';
import { type Auth, TestApi } from './app.test-support';

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Longer than the test server's request timeout (2 s) plus the 1 s between Node's checks of it. */
const PAST_REQUEST_TIMEOUT_MS = 4_500;

/**
 * Opens a raw connection, writes `first`, then one byte of `drip` every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes). Answers what the server sent and how long the connection lasted.
 */
function trickle(port: number, first: string, drip: string, everyMs = 1000, giveUpMs = 20_000): Promise<{ answer: string; ms: number; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    let gaveUp = false;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(first);
      let i = 0;
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip[i++ % drip.length]!);
      }, everyMs);
    });
    const backstop = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(backstop);
      resolve({ answer, ms: Date.now() - started, closedByServer: !gaveUp });
    });
  });
}

describeEachDatabase('strict edges', (db) => {
  const api = new TestApi(db, `edges_${randomBytes(5).toString('hex')}`, {
    ADMIN_EMAILS: 'boss@example.com',
    // Short, so that the tests see a slow client cut off and a long answer outlive them.
    HTTP_HEADERS_TIMEOUT_SECONDS: '2',
    HTTP_REQUEST_TIMEOUT_SECONDS: '2',
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '5',
  });
  let player: { auth: Auth; id: string };
  let boss: { auth: Auth; id: string };
  let base = '';
  let port = 0;

  beforeAll(async () => {
    await api.start();
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    player = await api.signIn('edge-player@example.com');
    boss = await api.signIn('boss@example.com');
  });
  afterAll(() => api.stop());

  const get = (auth: Auth, url: string) => api.inject({ method: 'GET', url, headers: auth });
  const notDigits = (field: string) => ({
    statusCode: 400,
    error: 'ValidationFailed',
    message: `${field}: ${field} must be a whole number written in digits`,
    issues: [{ path: field, message: `${field} must be a whole number written in digits` }],
  });

  describe('whole numbers in a query string', () => {
    it('the ledger day refuses every number not written in digits, naming the field', async () => {
      const cases: [string, string][] = [
        ['d=0x10&m=1&y=2026', 'd'],
        ['d=1&m=1e1&y=2026', 'm'],
        ['d=1&m=1&y=2026&o=%2B1', 'o'],
        // A raw `+` arrives as a space.
        ['d=1&m=1&y=2026&o=+1', 'o'],
        ['d=&m=1&y=2026', 'd'],
        ['d=5.0&m=1&y=2026', 'd'],
        ['d=1&m=1&y=%202026', 'y'],
        ['d=1&m=1&y=2026&o=1_0', 'o'],
        ['d=1&d=2&m=1&y=2026', 'd'],
        ['d=-1&m=1&y=2026', 'd'],
      ];
      for (const [query, field] of cases) {
        const res = await get(player.auth, `/api/players/ledger?${query}`);
        expect([query, res.statusCode, res.json()]).toEqual([query, 400, notDigits(field)]);
      }
    });

    it('the ledger day still reads digits, leading zeros and a negative offset, and keeps its ranges', async () => {
      for (const query of ['d=07&m=01&y=2026', 'd=1&m=12&y=2026&o=-180', 'd=1&m=12&y=2026&o=-0', 'd=31&m=1&y=2026&o=840']) {
        const res = await get(player.auth, `/api/players/ledger?${query}`);
        expect([query, res.statusCode]).toEqual([query, 200]);
      }
      const late = await get(player.auth, '/api/players/ledger?d=32&m=1&y=2026&o=-841');
      expect(late.statusCode).toBe(400);
      expect(late.json().issues).toEqual([
        { path: 'd', message: 'd must be at most 31' },
        { path: 'o', message: 'o must be at least -840' },
      ]);
    });

    it('refuses a huge digit string without reading it as a number', async () => {
      const res = await get(player.auth, `/api/players/ledger?d=${'9'.repeat(5000)}&m=1&y=2026`);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'd', message: `d must be a whole number of at most ${QUERY_INT_MAX_DIGITS} digits` }]);
    });

    it('every paged list refuses an offset or limit not written in digits, and still pages with digits', async () => {
      const lists = () => [
        { auth: player.auth, path: '/api/players/1234/hands' },
        { auth: player.auth, path: `/api/players/${player.id}/hands` },
        { auth: boss.auth, path: '/api/players' },
        { auth: boss.auth, path: `/api/players/${player.id}/suspect` },
      ];
      for (const { auth, path } of lists()) {
        for (const [query, field] of [['offset=1e3', 'offset'], ['limit=0x10', 'limit'], ['offset=', 'offset'], ['limit=%2B5', 'limit'], ['offset=-1', 'offset'], ['limit=1.0', 'limit']] as const) {
          const res = await get(auth, `${path}?${query}`);
          expect([path, query, res.statusCode, res.json()]).toEqual([path, query, 400, notDigits(field)]);
        }
        for (const query of ['', '?offset=0&limit=10', '?offset=000&limit=007']) {
          const res = await get(auth, `${path}${query}`);
          expect([path, query, res.statusCode]).toEqual([path, query, 200]);
        }
        const over = await get(auth, `${path}?limit=501`);
        expect(over.json().issues).toEqual([{ path: 'limit', message: 'limit must be at most 500' }]);
      }
    });
  });

  describe("Fastify's refusals of a body", () => {
    const post = (url: string, auth: Auth, contentType: string, payload: string) =>
      api.inject({ method: 'POST', url, headers: { ...auth, 'content-type': contentType, 'idempotency-key': randomBytes(6).toString('hex') }, payload });

    it('a body larger than the route accepts answers 413 PayloadTooLarge naming the limit', async () => {
      const res = await post('/api/players/withdraw', player.auth, 'application/json', JSON.stringify({ amount: 1000, address: 'x'.repeat(300 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ statusCode: 413, error: 'PayloadTooLarge', message: 'The request body is larger than this route accepts (256 KB).' });
      // A route with a larger limit names its own.
      const brand = await post('/api/players/brand', boss.auth, 'application/json', JSON.stringify({ id: 'x'.repeat(BRAND_BODY_LIMIT) }));
      expect(brand.statusCode).toBe(413);
      expect(brand.json()).toEqual({ statusCode: 413, error: 'PayloadTooLarge', message: `The request body is larger than this route accepts (${Math.floor(BRAND_BODY_LIMIT / 1024)} KB).` });
    });

    it('a body that is not JSON answers 415 UnsupportedMediaType', async () => {
      for (const type of ['text/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
        const res = await post('/api/players/withdraw', player.auth, type, 'amount=1000');
        expect([type, res.statusCode, res.json()]).toEqual([type, 415, { statusCode: 415, error: 'UnsupportedMediaType', message: 'The request body must be JSON, sent with Content-Type: application/json.' }]);
      }
    });

    it('malformed or empty JSON answers 400 ValidationFailed saying what is wrong', async () => {
      for (const payload of ['{"amount":', '', '{"__proto__":{"x":1}}']) {
        const res = await post('/api/players/withdraw', player.auth, 'application/json', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ statusCode: 400, error: 'ValidationFailed', message: expect.stringMatching(/JSON|empty/) });
      }
    });
  });

  describe('slow clients', () => {
    it("hands the configured timeouts to Node's HTTP server", () => {
      const server = api.app.getHttpServer() as Server;
      expect({ headers: server.headersTimeout, request: server.requestTimeout, keepAlive: server.keepAliveTimeout }).toEqual({ headers: 2000, request: 2000, keepAlive: 5000 });
    });

    it('cuts off a client sending its headers a byte a second, with 408, within seconds', async () => {
      const slow = await trickle(port, 'GET /api/health/live HTTP/1.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
      expect(slow.closedByServer).toBe(true);
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.ms).toBeLessThan(15_000);
    });

    it('cuts off a client sending its body a byte at a time, with 408, once the request timeout passes', async () => {
      const head = `POST /api/players/withdraw HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nAuthorization: ${player.auth.authorization}\r\n\r\n{`;
      const slow = await trickle(port, head, ' ', 300);
      expect(slow.closedByServer).toBe(true);
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.ms).toBeLessThan(15_000);
    });

    it('keeps the event stream open past the request timeout and still delivers on it', async () => {
      expect((api.app.getHttpServer() as Server).requestTimeout).toBe(2000);
      const p = await api.signIn('edge-stream@example.com');
      const controller = new AbortController();
      const res = await fetch(`${base}/api/players/events`, { headers: { ...p.auth, accept: 'text/event-stream' }, signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await pause(PAST_REQUEST_TIMEOUT_MS);
      await api.verifyPhone(p.auth);
      let text = '';
      const deadline = Date.now() + 5000;
      while (!text.includes('PhoneVerified') && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      expect(text).toContain('event: PhoneVerified');
    });

    it("answers the invoice's long poll past the request timeout", async () => {
      expect((api.app.getHttpServer() as Server).requestTimeout).toBe(2000);
      const p = await api.signIn('edge-poll@example.com');
      await api.verifyPhone(p.auth);
      const invoice = await api.inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: p.auth, payload: { amount: '3000' } });
      expect(invoice.statusCode).toBe(200);
      const { id, paymentRequest } = invoice.json() as { id: string; paymentRequest: string };
      const started = Date.now();
      const waiting = fetch(`${base}/api/players/invoice`, { method: 'POST', headers: { ...p.auth, 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
      await pause(PAST_REQUEST_TIMEOUT_MS);
      expect((await api.inject({ method: 'POST', url: '/api/dev/lightning/settle', payload: { paymentRequest } })).statusCode).toBe(200);
      const answer = await waiting;
      expect(Date.now() - started).toBeGreaterThanOrEqual(PAST_REQUEST_TIMEOUT_MS);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ id, status: 'Settled', amount: 3000 });
    });
  });
});
