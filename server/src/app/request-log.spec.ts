import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { loggedPath, requestLogHooks, requestLogSerializers } from './request-log';

describe('the request log', () => {
  const lines: string[] = [];
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    // The application's logger (pino-http's, with the same serializers) writing to memory, and its hook.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const { logger } = pinoHttp({ logger: pino({ level: 'info' }, sink), serializers: requestLogSerializers });
    server = Fastify({
      genReqId: (req) => {
        req.id = 'request-1';
        return 'request-1';
      },
    });
    const hooks = requestLogHooks(() => logger);
    server.addHook('onResponse', hooks.onResponse);
    // A route that takes the response over, as the event stream does: logged when it closes.
    server.get('/api/stream', { onRequest: hooks.onStreamRequest }, (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.end(': connected\n\n');
    });
    server.all('/*', async (request, reply) => {
      if (request.url.startsWith('/api/boom')) return reply.status(500).send({});
      return reply.status(request.url.startsWith('/api/admin') ? 403 : 401).header('set-cookie', 'session=cookie-secret').send({});
    });
    base = await server.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => server.close());

  it('keeps the method, the path and the status, and no query string, header or body', async () => {
    const secrets = ['jwt-in-query', 'bearer-secret', 'cookie-secret', 'api-key-secret', 'id-token-secret', '246810', '+12015550123', 'ana@example.com'];
    await fetch(`${base}/api/players/events?token=jwt-in-query`, { headers: { authorization: 'Bearer bearer-secret', cookie: 'session=cookie-secret', 'x-api-key': 'api-key-secret' } });
    await fetch(`${base}/api/players/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken: 'id-token-secret' }) });
    await fetch(`${base}/api/players/verifycode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: '246810' }) });
    await fetch(`${base}/api/dev/phone-code?phoneNumber=${encodeURIComponent('+12015550123')}`);
    await fetch(`${base}/api/admin/players?q=ana%40example.com&offset=0#fragment`);
    await fetch(`${base}/authentication?redirect=%2Fgame&token=jwt-in-query`);
    await fetch(`${base}/api/health?probe=1`);
    await fetch(`${base}/api/boom?token=jwt-in-query`);
    await (await fetch(`${base}/api/stream?token=jwt-in-query`)).text();
    // The hooks write once the answer is sent: give the last one a moment.
    for (let i = 0; i < 50 && lines.length < 8; i++) await new Promise((r) => setTimeout(r, 10));

    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; req: { id: string; method: string; url: string }; res: { statusCode: number } });
    expect(logged.map((l) => `${l.req.method} ${l.req.url} ${l.res.statusCode}`)).toEqual([
      'GET /api/players/events 401',
      'POST /api/players/login 401',
      'POST /api/players/verifycode 401',
      'GET /api/dev/phone-code 401',
      'GET /api/admin/players 403',
      'GET /authentication 401',
      'GET /api/boom 500',
      'GET /api/stream 200',
    ]);
    expect(logged.map((l) => l.msg)).toEqual([...Array<string>(6).fill('request completed'), 'request errored', 'request completed']);
    expect(logged[0]!.req.id).toBe('request-1');
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
