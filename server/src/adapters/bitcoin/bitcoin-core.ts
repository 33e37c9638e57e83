import { type ChainOutput, ChainWatcher } from '../../application/ports/money';
import { btcToSats } from './btc-amount';

interface ListedTx {
  category: string;
  address?: string;
  amount: number;
  vout: number;
  txid: string;
  confirmations: number;
}

/**
 * Bitcoin Core JSON-RPC (`BITCOIN_RPC_URL`, e.g. http://user:pass@127.0.0.1:8332/wallet/deposits) on a
 * watch-only descriptor wallet that imported `wpkh(<BITCOIN_XPUB>/0/*)`. Received outputs come from
 * `listtransactions` (they stay listed after being spent, unlike `listunspent`).
 */
export class BitcoinCoreChainWatcher extends ChainWatcher {
  readonly kind = 'bitcoin-core';
  private readonly endpoint: string;
  private readonly authorization: string | undefined;

  constructor(
    rpcUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    super();
    const url = new URL(rpcUrl);
    this.authorization = url.username ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}` : undefined;
    url.username = '';
    url.password = '';
    this.endpoint = url.toString();
  }

  async rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.authorization ? { authorization: this.authorization } : {}) },
      body: JSON.stringify({ jsonrpc: '1.0', id: 'bahati', method, params }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await res.json().catch(() => null)) as { result: T; error: { message: string } | null } | null;
    if (!body) throw new Error(`Bitcoin Core ${method}: HTTP ${res.status}`);
    if (body.error) throw new Error(`Bitcoin Core ${method}: ${body.error.message}`);
    return body.result;
  }

  async outputsTo(addresses: readonly string[]): Promise<ChainOutput[]> {
    if (!addresses.length) return [];
    const wanted = new Set(addresses);
    const txs = await this.rpc<ListedTx[]>('listtransactions', ['*', 100_000, 0, true]);
    return txs
      .filter((t) => t.category === 'receive' && t.address && wanted.has(t.address) && t.confirmations >= 0)
      .map((t) => ({ txid: t.txid, vout: t.vout, address: t.address!, amount: btcToSats(t.amount.toFixed(8)), confirmations: t.confirmations }));
  }

  /** `listunspent` with at least one confirmation, for these addresses (watch-only outputs included). */
  async unspentTo(addresses: readonly string[]): Promise<ChainOutput[]> {
    if (!addresses.length) return [];
    const unspent = await this.rpc<ListedTx[]>('listunspent', [1, 9_999_999, addresses, true]);
    return unspent.map((t) => ({ txid: t.txid, vout: t.vout, address: t.address!, amount: btcToSats(t.amount.toFixed(8)), confirmations: t.confirmations }));
  }
}
