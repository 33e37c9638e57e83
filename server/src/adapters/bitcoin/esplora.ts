import { type ChainOutput, ChainWatcher } from '../../application/ports/money';

interface EsploraUtxo {
  txid: string;
  vout: number;
  value: number;
  status: { confirmed: boolean; block_height?: number };
}

interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_height?: number };
}

/** Esplora-compatible REST API (Blockstream, mempool.space, electrs): `ESPLORA_URL`, e.g. https://blockstream.info/api. */
export class EsploraChainWatcher extends ChainWatcher {
  readonly kind = 'esplora';

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    super();
  }

  private async get<T>(path: string, text = false): Promise<T> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!res.ok) throw new Error(`Esplora ${path}: HTTP ${res.status}`);
    return (text ? await res.text() : await res.json()) as T;
  }

  async outputsTo(addresses: readonly string[]): Promise<ChainOutput[]> {
    if (!addresses.length) return [];
    const tip = Number(await this.get<string>('/blocks/tip/height', true));
    const found: ChainOutput[] = [];
    for (const address of addresses) {
      // The first page holds the mempool and the newest confirmed transactions, enough for a deposit address.
      const txs = await this.get<EsploraTx[]>(`/address/${encodeURIComponent(address)}/txs`);
      for (const tx of txs) {
        const confirmations = tx.status.confirmed && tx.status.block_height !== undefined ? tip - tx.status.block_height + 1 : 0;
        tx.vout.forEach((out, vout) => {
          if (out.scriptpubkey_address === address) {
            found.push({ txid: tx.txid, vout, address, amount: out.value, confirmations });
          }
        });
      }
    }
    return found;
  }

  async unspentTo(addresses: readonly string[]): Promise<ChainOutput[]> {
    if (!addresses.length) return [];
    const tip = Number(await this.get<string>('/blocks/tip/height', true));
    const found: ChainOutput[] = [];
    for (const address of addresses) {
      for (const utxo of await this.get<EsploraUtxo[]>(`/address/${encodeURIComponent(address)}/utxo`)) {
        if (!utxo.status.confirmed || utxo.status.block_height === undefined) continue;
        found.push({ txid: utxo.txid, vout: utxo.vout, address, amount: utxo.value, confirmations: tip - utxo.status.block_height + 1 });
      }
    }
    return found;
  }
}
