/**
 * The reconciliation check against the server's storage (DATABASE_URL, or the embedded data under DATA_DIR
 * with the server stopped): every player's bank read model, ledger read model and account events side by
 * side. Prints one line per player who differs and a summary, and stores the run as the server's last one:
 *   npm run -s reconcile [-- --json]
 *   npm run -s reconcile -- --repair <playerId> --reason "why" [--json]
 * `--repair` rebuilds that player's bank row and ledger rows from the events, recorded as
 * `PlayerReadModelsRebuilt` (by `system:reconcile`) on `support-<playerId>`.
 * Exit status: 0 no differences (or the player repaired), 1 differences (or a failure), 2 a usage error.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { RECONCILIATION_REASON_MAX, type ReconciliationDifference, type ReconciliationRun } from '@bahati/contracts';
import { RebuildPlayerReadModelsCommand, RebuildPlayerReadModelsHandler, Reconciliation } from '../server/src/application/admin/reconciliation';
import { ReconciliationRepository } from '../server/src/projections/reconciliation/reconciliation.repository';
import { console_, openOperator, type Output, runWhenStarted } from './operator';

const USAGE = 'usage: npm run -s reconcile [-- --json] | npm run -s reconcile -- --repair <playerId> --reason "why" [--json]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which figure is the odd one out: the events decide, so a read model that differs from them is the one wrong. */
export function disagreeing(d: Pick<ReconciliationDifference, 'bankReadModel' | 'ledgerSum' | 'events' | 'ledgerRows'>): string {
  const rows = d.ledgerRows.missing + d.ledgerRows.extra + d.ledgerRows.changed > 0;
  const wrong = [d.bankReadModel !== d.events && 'bank', (d.ledgerSum !== d.events || rows) && 'ledger'].filter(Boolean);
  return wrong.join('+') || 'none';
}

const line = (d: ReconciliationDifference) =>
  `${d.playerId}  ${d.email || '-'}  bank=${d.bankReadModel}  ledger=${d.ledgerSum}  events=${d.events}  ` +
  `rows(missing=${d.ledgerRows.missing} extra=${d.ledgerRows.extra} changed=${d.ledgerRows.changed})  wrong=${disagreeing(d)}`;

function describe(run: ReconciliationRun, out: Output): void {
  for (const d of run.differences) out.line(line(d));
  out.line(`${run.differences.length} of ${run.playersChecked} players differ (checked ${run.checkedAt} in ${run.durationMs} ms).`);
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: Output = console_): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: { repair: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    out.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const reason = values.reason?.trim() ?? '';
  if (values.repair !== undefined && (!UUID.test(values.repair) || reason.length < 3 || reason.length > RECONCILIATION_REASON_MAX)) {
    out.error(`${UUID.test(values.repair) ? `--reason is required (3 to ${RECONCILIATION_REASON_MAX} characters)` : '--repair takes a player id'}\n${USAGE}`);
    return 2;
  }

  const operator = await openOperator(env);
  try {
    await operator.runner.catchUp();
    const readModels = new ReconciliationRepository(operator.readModels);
    const reconciliation = new Reconciliation(operator.store, readModels, operator.runner);
    if (values.repair !== undefined) {
      const actor = { playerId: 'system:reconcile', roles: ['admin' as const] };
      const handler = new RebuildPlayerReadModelsHandler(reconciliation, readModels, operator.commands);
      const result = await handler.execute(new RebuildPlayerReadModelsCommand(actor, values.repair, reason, `reconcile-${randomUUID()}`));
      if (values.json) out.line(JSON.stringify(result, null, 2));
      else if (!result.repaired) out.line(`Player ${values.repair}: bank, ledger and events already agree (${result.bank.to}); nothing to repair.`);
      else {
        const { missing, extra, changed } = result.ledger;
        out.line(`Player ${values.repair}: bank ${result.bank.from} -> ${result.bank.to}; ledger rows ${missing} written, ${extra} removed, ${changed} corrected (recorded as PlayerReadModelsRebuilt).`);
      }
      return result.matches ? 0 : 1;
    }
    const run = await reconciliation.run();
    if (values.json) out.line(JSON.stringify(run, null, 2));
    else describe(run, out);
    return run.differences.length ? 1 : 0;
  } finally {
    await operator.close();
  }
}

runWhenStarted(module, main);
