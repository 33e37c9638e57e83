/**
 * Settles an invoice of the development Lightning node of a running server:
 *   npm run dev:settle -- <payment request>
 * (calls POST /api/dev/lightning/settle).
 */
const [paymentRequest] = process.argv.slice(2);
if (!paymentRequest || !/^ln/i.test(paymentRequest)) {
  console.error('usage: npm run dev:settle -- <payment request>');
  process.exit(2);
}
const base = process.env.BAHATI_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
void (async () => {
  const res = await fetch(`${base}/api/dev/lightning/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paymentRequest }),
  }).catch((err: unknown) => {
    console.error(`Cannot reach ${base} (${String(err)}); is the server running (npm start)?`);
    process.exit(1);
  });
  const body = (await res.json()) as { paymentHash?: string; message?: string };
  if (!res.ok) {
    console.error(`${res.status}: ${body.message ?? JSON.stringify(body)}`);
    process.exit(1);
  }
  console.log(`settled invoice ${body.paymentHash}`);
})();
