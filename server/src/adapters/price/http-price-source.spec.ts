import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpPriceSource, parsePrice } from './http-price-source';
import { FixedPriceSource } from './price-source';

describe('the price source', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  let answer: unknown = { data: { amount: '64123.45', base: 'BTC', currency: 'USD' } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 500);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads Coinbase and CoinGecko shapes', () => {
    expect(parsePrice({ data: { amount: '64123.45' } })).toBe(64123.45);
    expect(parsePrice({ bitcoin: { usd: 65000 } })).toBe(65000);
    expect(parsePrice({ data: { amount: 'abc' } })).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });

  it('fetches once per cache period', async () => {
    let now = 1_000_000;
    const source = new HttpPriceSource(`${base}/spot`, new FixedPriceSource(100_000), { cacheMs: 60_000, now: () => now });
    hits = 0;
    expect(await source.current()).toMatchObject({ value: 64123.45, fixed: false });
    answer = { bitcoin: { usd: 70000 } };
    expect((await source.current()).value).toBe(64123.45);
    expect(hits).toBe(1);
    now += 60_001;
    expect((await source.current()).value).toBe(70000);
    expect(hits).toBe(2);
  });

  it('falls back to the fixed price, marked fixed, when the source is down, slow or wrong', async () => {
    for (const url of ['http://127.0.0.1:1/spot', `${base}/slow`]) {
      const source = new HttpPriceSource(url, new FixedPriceSource(100_000), { timeoutMs: 200 });
      expect(await source.current()).toMatchObject({ value: 100_000, fixed: true, source: 'fixed' });
    }
    answer = { nothing: true };
    expect(await new HttpPriceSource(`${base}/spot`, new FixedPriceSource(90_000)).current()).toMatchObject({ value: 90_000, fixed: true });
  });
});
