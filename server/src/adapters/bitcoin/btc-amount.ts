/** Satoshis of a decimal BTC amount as Bitcoin Core and Esplora print it, without floating point. */
export function btcToSats(btc: number | string): number {
  const [whole = '0', frac = ''] = String(btc).split('.');
  if (!/^\d+$/.test(whole) || !/^\d{0,8}$/.test(frac)) throw new Error(`Not a bitcoin amount: ${btc}`);
  return Number(whole) * 100_000_000 + Number(frac.padEnd(8, '0'));
}
