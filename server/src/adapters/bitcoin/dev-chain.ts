import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type ChainOutput, ChainWatcher } from '../../application/ports/money';

interface DevTx {
  txid: string;
  outputs: { address: string; amount: number }[];
  confirmations: number;
}

/**
 * The development chain: an in-process, regtest-style ledger of transactions kept in a JSON file under
 * DATA_DIR, so a restart keeps its deposits. `pay` and `confirm` are driven by the dev rails.
 */
export class DevChain extends ChainWatcher {
  readonly kind = 'development chain';
  private readonly txs = new Map<string, DevTx>();

  constructor(private readonly file: string | null) {
    super();
    if (file && existsSync(file)) {
      for (const tx of JSON.parse(readFileSync(file, 'utf8')) as DevTx[]) this.txs.set(tx.txid, tx);
    }
  }

  pay(address: string, amount: number, confirmations: number): string {
    const txid = createHash('sha256').update(randomBytes(32)).digest('hex');
    this.txs.set(txid, { txid, outputs: [{ address, amount }], confirmations });
    this.save();
    return txid;
  }

  confirm(txid: string, confirmations: number): boolean {
    const tx = this.txs.get(txid);
    if (!tx) return false;
    tx.confirmations = confirmations;
    this.save();
    return true;
  }

  async outputsTo(addresses: readonly string[]): Promise<ChainOutput[]> {
    const wanted = new Set(addresses);
    const found: ChainOutput[] = [];
    for (const tx of this.txs.values()) {
      tx.outputs.forEach((o, vout) => {
        if (wanted.has(o.address)) found.push({ txid: tx.txid, vout, address: o.address, amount: o.amount, confirmations: tx.confirmations });
      });
    }
    return found;
  }

  /** Nothing spends a deposit output on the development chain: every confirmed one is unspent. */
  async unspentTo(addresses: readonly string[]): Promise<ChainOutput[]> {
    return (await this.outputsTo(addresses)).filter((o) => o.confirmations >= 1);
  }

  private save() {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify([...this.txs.values()], null, 1));
    renameSync(`${this.file}.tmp`, this.file);
  }
}
