/**
 * Pays a deposit address on the development chain of a running server:
 *   npm run dev:pay -- <address> <sats> [--confirmations N]
 * (the stand-in chain lives inside the server; this calls POST /api/dev/bitcoin/pay).
 */
const args = process.argv.slice(2);
const flag = args.indexOf('--confirmations');
const confirmations = flag >= 0 ? Number(args[flag + 1]) : 1;
const [address, sats] = args.filter((_, i) => flag < 0 || (i !== flag && i !== flag + 1));
if (!address || !sats || !/^\d+$/.test(sats) || !Number.isInteger(confirmations) || confirmations < 0) {
  console.error('usage: npm run dev:pay -- <address> <sats> [--confirmations N]');
  process.exit(2);
}
const base = process.env.BAHATI_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
void (async () => {
  const res = await fetch(`${base}/api/dev/bitcoin/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount: Number(sats), confirmations }),
  }).catch((err: unknown) => {
    console.error(`Cannot reach ${base} (${String(err)}); is the server running (npm start)?`);
    process.exit(1);
  });
  const body = (await res.json()) as { txid?: string; message?: string };
  if (!res.ok) {
    console.error(`${res.status}: ${body.message ?? JSON.stringify(body)}`);
    process.exit(1);
  }
  console.log(`paid ${sats} sats to ${address} in ${body.txid} (${confirmations} confirmation${confirmations === 1 ? '' : 's'})`);
})();
