import { describe, expect, it } from '@jest/globals';
import { DEV_NODE_FLOAT, DevLightningNode } from './dev-lightning-node';

describe('the development Lightning node’s balances (the reserves view)', () => {
  it('holds its float, gains what invoices settle and loses each payout once, on the side it left from', async () => {
    const node = new DevLightningNode(null, 'regtest');
    expect(await node.balances()).toEqual({ channels: DEV_NODE_FLOAT, wallet: DEV_NODE_FLOAT });
    const paid = await node.createInvoice(30_000, 'deposit', 600);
    await node.createInvoice(99_000, 'never paid', 600);
    node.settle(paid.paymentRequest);
    const out = await node.createInvoice(4_000, 'withdrawal', 600);
    await node.pay(out.paymentRequest, 4_000, 'w-1');
    await node.pay(out.paymentRequest, 4_000, 'w-1');
    await node.sendOnChain('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 12_000, 'w-2');
    node.refuseNextPayouts(1, 'no route');
    await expect(node.sendOnChain('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 50_000, 'w-3')).rejects.toThrow('no route');
    expect(await node.balances()).toEqual({ channels: DEV_NODE_FLOAT + 30_000 - 4_000, wallet: DEV_NODE_FLOAT - 12_000 });
  });
});
