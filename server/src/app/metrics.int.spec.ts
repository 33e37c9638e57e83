import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { DevRails } from '../adapters/dev-rails';
import { allProjections } from '../projections';
import { TestApi } from './app.test-support';

/** The samples of a metrics text: name, labels and value, one per line that is not a comment. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describeEachDatabase('the metrics', (db) => {
  const api = new TestApi(db, `metrics_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com' });
  let text = '';
  /** Moves played on the hands (a hand settled at the deal takes none). */
  let moves = 0;

  beforeAll(async () => {
    await api.start();
    // A session of play: a deposit, hands, a withdrawal whose payout the node refuses, and a reconciliation.
    const p = await api.signIn('player@example.com');
    const boss = await api.signIn('boss@example.com');
    await api.verifyPhone(p.auth);
    await api.deposit(p.auth, 50_000);
    for (let i = 0; i < 3; i++) {
      let hand = (await api.post(p.auth, '/api/hands', { betAmount: 1_000 })).json() as { hand: { id: string; phase: string; allowedActions: string[] } };
      for (let step = 0; step < 6 && hand.hand.phase !== 'Settled'; step++) {
        const action = ['noinsurance', 'noevenmoney', 'stand'].find((a) => hand.hand.allowedActions.includes(a)) ?? 'stand';
        hand = (await api.inject({ method: 'PUT', url: `/api/hands/${action}`, headers: p.auth })).json() as typeof hand;
        moves++;
      }
    }
    const node = api.app.get(DevRails).node!;
    const pr = (await node.createInvoice(4_000, 'payout', 3600)).paymentRequest;
    await api.post(p.auth, '/api/players/withdraw', { amount: 4_000, paymentRequest: pr });
    const [{ id }] = (await api.get(p.auth, '/api/players/withdrawrequests')).json() as [{ id: string }];
    const pay = jest.spyOn(node, 'pay').mockRejectedValueOnce(new Error('no route to the destination'));
    expect((await api.inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth })).statusCode).toBe(502);
    pay.mockRestore();
    expect((await api.post(boss.auth, '/api/admin/reconciliation/run')).statusCode).toBeLessThan(300);
    await api.caughtUp();
    const scraped = await api.inject({ method: 'GET', url: '/metrics' });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    text = scraped.body;
  });
  afterAll(() => api.stop());

  const all = () => samples(text);
  const value = (name: string, labels: Record<string, string> = {}) =>
    all()
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);

  it('counts HTTP answers by route template and status, with their latency', () => {
    expect(value('bahati_http_requests_total', { route: '/api/hands', method: 'POST', status: '200' })).toBe(3);
    expect(value('bahati_http_requests_total', { route: '/api/players/approvewithdrawrequest', status: '502' })).toBe(1);
    expect(value('bahati_http_request_duration_seconds_count', { route: '/api/hands', method: 'POST' })).toBe(3);
    expect(value('bahati_http_requests_total', { route: '/api/hands/:action', method: 'PUT', status: '200' })).toBe(moves);
  });

  it('never puts an id in a label', () => {
    expect(all().filter((s) => Object.values(s.labels).some((v) => UUID.test(v)))).toEqual([]);
  });

  it('counts commands by type and outcome, and the events appended with their latency', () => {
    expect(value('bahati_commands_total', { command: 'DealHand', outcome: 'appended' })).toBe(3);
    expect(value('bahati_commands_total', { command: 'PlayHand', outcome: 'appended' })).toBe(moves);
    // The refused payout's second approval: a withdrawal no longer in review.
    expect(value('bahati_commands_total', { command: 'ApproveWithdrawal', outcome: 'unchanged' }) + value('bahati_commands_total', { command: 'ApproveWithdrawal', outcome: 'appended' })).toBe(1);
    expect(value('bahati_commands_total', { command: 'RequestWithdrawal', outcome: 'appended' })).toBe(1);
    expect(value('bahati_events_appended_total', { type: 'LightningInvoiceSettled' })).toBe(1);
    expect(value('bahati_event_append_duration_seconds_count')).toBeGreaterThanOrEqual(value('bahati_commands_total', { outcome: 'appended' }));
  });

  it('counts the payout the node refused', () => {
    expect(value('bahati_payout_failures_total')).toBe(1);
    expect(value('bahati_withdrawals', { state: 'payout_failed' })).toBe(1);
    expect(value('bahati_withdrawals', { state: 'awaiting_review' })).toBe(0);
  });

  it('gives every projection its lag, in events and seconds, with its tier (none once caught up)', () => {
    for (const { name, tier = 'live' } of allProjections({})) {
      expect(all().filter((s) => s.name === 'bahati_projection_lag_events' && s.labels.projection === name && s.labels.tier === tier)).toHaveLength(1);
      expect(all().filter((s) => s.name === 'bahati_projection_lag_seconds' && s.labels.projection === name && s.labels.tier === tier)).toHaveLength(1);
    }
    expect(all().find((s) => s.name === 'bahati_projection_lag_seconds' && s.labels.projection === 'suspect')?.labels.tier).toBe('analytic');
    expect(all().find((s) => s.name === 'bahati_projection_lag_seconds' && s.labels.projection === 'bank')?.labels.tier).toBe('live');
    expect(value('bahati_projection_lag_events')).toBe(0);
  });

  it('reports deposits pending and held, the last reconciliation, rate-limit refusals and the process', () => {
    expect(all().filter((s) => s.name === 'bahati_deposits').map((s) => `${s.labels.method}/${s.labels.state}=${s.value}`).sort()).toEqual([
      'bitcoin/held=0', 'bitcoin/pending=0', 'lightning/held=0',
    ]);
    expect(value('bahati_reconciliation_differences')).toBe(0);
    expect(value('bahati_event_store_up')).toBe(1);
    expect(value('bahati_reconciliation_last_run_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(text).toContain('# TYPE bahati_rate_limit_refusals_total counter');
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describeEachDatabase('the metrics on a port of their own', (db) => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const api = new TestApi(db, `metrics_port_${randomBytes(5).toString('hex')}`, { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' });
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('answers there, and the app’s own port has none', async () => {
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE bahati_commands_total counter');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await api.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
