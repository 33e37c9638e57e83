/** An output paying one of our deposit addresses, as a chain source sees it now. */
export interface ChainOutput {
  txid: string;
  vout: number;
  address: string;
  /** Satoshis. */
  amount: number;
  /** 0 while in the mempool. */
  confirmations: number;
}

/**
 * Port: what the chain says about our deposit addresses. Adapters: Bitcoin Core JSON-RPC, Esplora
 * REST, and the in-process development chain. The deposit watcher polls it and records each output;
 * the account decider credits each `txid:vout` once.
 */
export abstract class ChainWatcher {
  abstract readonly kind: string;
  abstract outputsTo(addresses: readonly string[]): Promise<ChainOutput[]>;
}

export function btcToSats(btc: number | string): number {
  const [whole = '0', frac = ''] = String(btc).split('.');
  if (!/^\d+$/.test(whole) || !/^\d{0,8}$/.test(frac)) throw new Error(`Not a bitcoin amount: ${btc}`);
  return Number(whole) * 100_000_000 + Number(frac.padEnd(8, '0'));
}
