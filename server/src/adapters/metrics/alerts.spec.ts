import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { Kysely } from 'kysely';
import type { ReadModels } from '../../projections/schema';
import { PrometheusMetrics } from './prometheus';

const OPS = join(__dirname, '../../../../ops');

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}

/** Every metric family the app exports, with the series names a histogram adds. */
function exported(): Set<string> {
  const metrics = new PrometheusMetrics({ lag: async () => [], readModels: {} as Kysely<ReadModels>, pingEventStore: async () => undefined });
  const names = new Set<string>();
  for (const m of metrics.registry.getMetricsAsArray()) {
    names.add(m.name);
    for (const suffix of ['_bucket', '_count', '_sum', '_created']) names.add(m.name + suffix);
  }
  return names;
}

/** The metric names an expression reads (ours and the process's; PromQL's own words and labels left out). */
const namesIn = (expr: string) => [...expr.matchAll(/\b((?:bahati|process|nodejs)_[a-z_]+)\b/g)].map((m) => m[1]!);

describe('the alerts and the dashboard', () => {
  const rules = (load(readFileSync(join(OPS, 'prometheus/alerts.yml'), 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
  const dashboard = JSON.parse(readFileSync(join(OPS, 'grafana/dashboards/bahati.json'), 'utf8')) as { uid: string; panels: { title: string; targets: { expr: string }[] }[] };
  const names = exported();

  it('give every alert a name, an expression, a severity and a summary', () => {
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const rule of rules) {
      expect(rule).toMatchObject({ alert: expect.stringMatching(/^Bahati[A-Z]\w+$/), expr: expect.any(String), labels: { severity: expect.stringMatching(/^(page|warn|info)$/) } });
      expect(rule.annotations?.summary).toEqual(expect.any(String));
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  it('alert on projection lag, payout failures, reconciliation differences, the 5xx rate and the event store', () => {
    const exprs = rules.map((r) => r.expr!).join('\n');
    for (const name of ['bahati_projection_lag_seconds', 'bahati_payout_failures_total', 'bahati_reconciliation_differences', 'bahati_http_requests_total', 'bahati_event_store_up']) {
      expect(exprs).toContain(name);
    }
    expect(exprs).toMatch(/status=~"5\.\."/);
  });

  it('read only metrics the app exports', () => {
    const read = [...rules.map((r) => r.expr!), ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))].flatMap(namesIn);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !names.has(name))).toEqual([]);
  });

  it('has a dashboard panel for each family the alerts watch', () => {
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    for (const name of ['bahati_projection_lag_seconds', 'bahati_payout_failures_total', 'bahati_reconciliation_differences', 'bahati_http_requests_total', 'bahati_event_store_up', 'bahati_commands_total']) {
      expect(exprs).toContain(name);
    }
  });
});
