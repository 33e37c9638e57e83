import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { isHealthCheck, loggedPath, requestLogSerializers } from './request-log';

describe('the request log', () => {
  const lines: string[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // The same pino-http options as the application's, writing to memory.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const log = pinoHttp({ logger: pino({ level: 'info' }, sink), serializers: requestLogSerializers, autoLogging: { ignore: isHealthCheck } });
    server = createServer((req, res) => {
      log(req, res);
      req.resume();
      req.on('end', () => res.writeHead(req.url?.startsWith('/api/admin') ? 403 : 401, { 'set-cookie': 'session=cookie-secret' }).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the method, the path and the status, and no query string, header or body', async () => {
    const secrets = ['jwt-in-query', 'bearer-secret', 'cookie-secret', 'api-key-secret', 'id-token-secret', '246810', '+12015550123', 'ana@example.com'];
    await fetch(`${base}/api/players/events?token=jwt-in-query`, { headers: { authorization: 'Bearer bearer-secret', cookie: 'session=cookie-secret', 'x-api-key': 'api-key-secret' } });
    await fetch(`${base}/api/players/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken: 'id-token-secret' }) });
    await fetch(`${base}/api/players/verifycode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: '246810' }) });
    await fetch(`${base}/api/dev/phone-code?phoneNumber=${encodeURIComponent('+12015550123')}`);
    await fetch(`${base}/api/admin/players?q=ana%40example.com&offset=0#fragment`);
    await fetch(`${base}/authentication?redirect=%2Fgame&token=jwt-in-query`);
    await fetch(`${base}/api/health?probe=1`);

    const logged = lines.map((line) => JSON.parse(line) as { req: { method: string; url: string }; res: { statusCode: number } });
    expect(logged.map((l) => `${l.req.method} ${l.req.url} ${l.res.statusCode}`)).toEqual([
      'GET /api/players/events 401',
      'POST /api/players/login 401',
      'POST /api/players/verifycode 401',
      'GET /api/dev/phone-code 401',
      'GET /api/admin/players 403',
      'GET /authentication 401',
    ]);
    for (const line of lines) {
      for (const secret of [...secrets, encodeURIComponent('+12015550123'), 'ana%40example.com']) expect(line).not.toContain(secret);
      expect(Object.keys(JSON.parse(line).req).sort()).toEqual(['id', 'method', 'remoteAddress', 'url']);
    }
  });

  it('cuts a URL at its query or fragment', () => {
    expect(loggedPath('/api/players/events?token=a.b.c')).toBe('/api/players/events');
    expect(loggedPath('/api/hands/abc#x')).toBe('/api/hands/abc');
    expect(loggedPath('/?')).toBe('/');
    expect(loggedPath('/api/players/1234')).toBe('/api/players/1234');
    expect(loggedPath(undefined)).toBeUndefined();
  });
});
