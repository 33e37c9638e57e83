import { describe, expect, it } from '@jest/globals';
import * as bolt11 from 'bolt11';
import { DomainError } from '../../domain/decider';
import { BOLT11_NETWORKS, DevLightningNode } from './dev-lightning-node';
import { checkPaymentRequest } from './payment-request';

const KEY = '11'.repeat(32);
const now = new Date();
const sign = (network: keyof typeof BOLT11_NETWORKS, satoshis: number | null, opts: { ageSeconds?: number; expiry?: number; msat?: string } = {}) =>
  bolt11.sign(
    bolt11.encode({
      network: BOLT11_NETWORKS[network],
      ...(opts.msat ? { millisatoshis: opts.msat } : satoshis === null ? {} : { satoshis }),
      timestamp: Math.floor(now.getTime() / 1000) - (opts.ageSeconds ?? 0),
      tags: [
        { tagName: 'payment_hash', data: 'c'.repeat(64) },
        { tagName: 'description', data: 'withdrawal' },
        { tagName: 'expire_time', data: opts.expiry ?? 3600 },
      ],
    }),
    KEY,
  ).paymentRequest!;

/** Changes the last checksum character (to a different one, whatever it was). */
const corrupt = (request: string) => request.slice(0, -1) + (request.endsWith('q') ? 'p' : 'q');

describe('withdrawal payment requests', () => {
  it.each([
    ['matching amount', sign('regtest', 5000), true],
    ['open amount', sign('regtest', null), true],
    ['upper case', sign('regtest', 5000).toUpperCase(), true],
    ['lightning: prefix', `lightning:${sign('regtest', 5000)}`, false],
    ['other amount', sign('regtest', 6000), false],
    ['fraction of a satoshi', sign('regtest', null, { msat: '5000500' }), false],
    ['mainnet request', sign('mainnet', 5000), false],
    ['testnet request', sign('testnet', 5000), false],
    ['expired', sign('regtest', 5000, { ageSeconds: 7200, expiry: 3600 }), false],
    ['corrupted checksum', corrupt(sign('regtest', 5000)), false],
    ['too short', 'lnbcrt1', false],
    ['not lightning', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', false],
    ['empty', '', false],
  ])('%s is accepted: %s', (_name, request, ok) => {
    const check = () => checkPaymentRequest(request, { network: 'regtest', amount: 5000, now });
    if (ok) expect(check()).toMatchObject({ paymentHash: 'c'.repeat(64) });
    else expect(check).toThrow(expect.objectContaining({ code: 'InvalidPaymentRequest' }) as unknown as DomainError);
  });

  it('tells a request for another amount by its reason and both amounts', () => {
    const check = () => checkPaymentRequest(sign('regtest', 5000), { network: 'regtest', amount: 7000, now });
    expect(check).toThrow(
      expect.objectContaining({ code: 'InvalidPaymentRequest', detail: { reason: 'AmountMismatch', requested: 5000, amount: 7000 } }) as unknown as DomainError,
    );
  });

  it('accepts the development node’s own invoices', async () => {
    const node = new DevLightningNode(null, 'regtest');
    const inv = await node.createInvoice(5000, 'x', 600);
    expect(checkPaymentRequest(inv.paymentRequest, { network: 'regtest', amount: 5000, now: new Date() }).paymentHash).toBe(inv.paymentHash);
  });
});
