import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BitcoinCoreChainWatcher } from './bitcoin-core';
import { btcToSats } from './btc-amount';
import { DevChain } from './dev-chain';
import { EsploraChainWatcher } from './esplora';

const A = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const B = 'bcrt1qother';

describe('chain sources', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/blocks/tip/height') return void res.end('110');
      if (req.url === `/address/${A}/utxo`) {
        res.setHeader('content-type', 'application/json');
        return void res.end(JSON.stringify([
          { txid: 'aa', vout: 1, value: 25_000, status: { confirmed: true, block_height: 105 } },
          { txid: 'bb', vout: 0, value: 7_000, status: { confirmed: false } },
        ]));
      }
      if (req.url === `/address/${A}/txs`) {
        res.setHeader('content-type', 'application/json');
        return void res.end(JSON.stringify([
          { txid: 'aa', vout: [{ scriptpubkey_address: B, value: 1 }, { scriptpubkey_address: A, value: 25_000 }], status: { confirmed: true, block_height: 105 } },
          { txid: 'bb', vout: [{ scriptpubkey_address: A, value: 7_000 }], status: { confirmed: false } },
        ]));
      }
      if (req.url === '/rpc' && req.method === 'POST') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const { method, params } = JSON.parse(body) as { method: string; params: unknown[] };
          res.setHeader('content-type', 'application/json');
          if (req.headers.authorization !== `Basic ${Buffer.from('u:p').toString('base64')}`) return void res.end(JSON.stringify({ result: null, error: { message: 'auth' } }));
          if (method === 'listunspent') {
            expect(params).toEqual([1, 9_999_999, [A], true]);
            return void res.end(JSON.stringify({ error: null, result: [{ address: A, amount: 0.00025, vout: 1, txid: 'aa', confirmations: 6 }] }));
          }
          if (method !== 'listtransactions') return void res.end(JSON.stringify({ result: null, error: { message: 'Method not found' } }));
          res.end(JSON.stringify({ error: null, result: [
            { category: 'receive', address: A, amount: 0.00025, vout: 1, txid: 'aa', confirmations: 6 },
            { category: 'send', address: A, amount: -0.1, vout: 0, txid: 'cc', confirmations: 6 },
            { category: 'receive', address: B, amount: 1, vout: 0, txid: 'dd', confirmations: 6 },
          ] }));
        });
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('Esplora: outputs to our addresses with confirmations from the tip', async () => {
    expect(await new EsploraChainWatcher(base).outputsTo([A])).toEqual([
      { txid: 'aa', vout: 1, address: A, amount: 25_000, confirmations: 6 },
      { txid: 'bb', vout: 0, address: A, amount: 7_000, confirmations: 0 },
    ]);
  });

  it('Bitcoin Core: received outputs of the watch-only wallet, in exact satoshis', async () => {
    const core = new BitcoinCoreChainWatcher(`http://u:p@${base.slice(7)}/rpc`);
    expect(await core.outputsTo([A])).toEqual([{ txid: 'aa', vout: 1, address: A, amount: 25_000, confirmations: 6 }]);
  });

  it('reserves: the confirmed unspent outputs of our addresses, from Esplora and from Bitcoin Core', async () => {
    expect(await new EsploraChainWatcher(base).unspentTo([A])).toEqual([{ txid: 'aa', vout: 1, address: A, amount: 25_000, confirmations: 6 }]);
    expect(await new BitcoinCoreChainWatcher(`http://u:p@${base.slice(7)}/rpc`).unspentTo([A])).toEqual([{ txid: 'aa', vout: 1, address: A, amount: 25_000, confirmations: 6 }]);
    expect(await new EsploraChainWatcher(base).unspentTo([])).toEqual([]);
  });

  it('the development chain pays and confirms', async () => {
    const chain = new DevChain(null);
    const txid = chain.pay(A, 5000, 0);
    expect(await chain.outputsTo([A])).toEqual([{ txid, vout: 0, address: A, amount: 5000, confirmations: 0 }]);
    chain.confirm(txid, 2);
    expect((await chain.outputsTo([A]))[0]!.confirmations).toBe(2);
    expect(await chain.outputsTo([B])).toEqual([]);
    // Reserves count it once confirmed.
    const mempool = chain.pay(A, 700, 0);
    expect(await chain.unspentTo([A])).toEqual([{ txid, vout: 0, address: A, amount: 5000, confirmations: 2 }]);
    chain.confirm(mempool, 1);
    expect((await chain.unspentTo([A])).map((o) => o.amount)).toEqual([5000, 700]);
  });

  it('converts BTC amounts to satoshis exactly', () => {
    expect(btcToSats('0.00025000')).toBe(25_000);
    expect(btcToSats(21_000_000)).toBe(2_100_000_000_000_000);
    expect(btcToSats('0.1')).toBe(10_000_000);
    expect(() => btcToSats('0.000000001')).toThrow();
  });
});
