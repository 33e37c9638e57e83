/**
 * A player's ledger day folded straight from the account events beside the ledger read model's rows,
 * and the difference; `--repair` rewrites the day's rows from the events in one transaction, recorded as
 * `LedgerDayRepaired` (by `system:ledger-day`) on `support-<playerId>`:
 *   npm run -s ledger:day -- --player <id|email> --date YYYY-MM-DD [--tz +03:00] [--repair --reason "…"] [--json]
 * Exit status: 0 the day matches (or was repaired), 3 it differs and was not repaired, 1 an unknown
 * player or another failure, 2 a usage error.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { LedgerDayQuery, type LedgerDayReport, type LedgerEntry, STAFF_REASON_MAX, STAFF_REASON_MIN } from '@bahati/contracts';
import { GetLedgerDayHandler, GetLedgerDayQuery, LedgerDays, RepairLedgerDayCommand, RepairLedgerDayHandler } from '../server/src/application/admin/ledger-day';
import { LedgerRepository } from '../server/src/projections/ledger/ledger.repository';
import { PlayersRepository } from '../server/src/projections/players/players.repository';
import { console_, openOperator, type Output, runWhenStarted } from './operator';

const USAGE = 'usage: npm run -s ledger:day -- --player <id|email> --date YYYY-MM-DD [--tz +03:00] [--repair --reason "why"] [--json]';

const row = (e: LedgerEntry) => `  ${e.createdTime}  ${e.type.padEnd(16)} ${String(e.amount).padStart(12)}  ${e.id}`;

function describe(report: LedgerDayReport, out: Output): void {
  const { difference: d } = report;
  out.line(`Player ${report.playerId}, ${report.date} at ${report.tz} (${report.from} to ${report.to})`);
  out.line(`${report.fromEvents.length} lines from the events, ${report.readModel.length} rows in the read model: ${report.matches ? 'they match' : 'they differ'}`);
  if (d.missing.length) out.line(`Missing from the read model (${d.missing.length}):\n${d.missing.map(row).join('\n')}`);
  if (d.extra.length) out.line(`In the read model but given by no event (${d.extra.length}):\n${d.extra.map(row).join('\n')}`);
  for (const c of d.changed) out.line(`Changed: ${c.id} (${c.fields.join(', ')})\n  events:     ${row(c.fromEvents).trim()}\n  read model: ${row(c.readModel).trim()}`);
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: Output = console_): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { player: { type: 'string' }, date: { type: 'string' }, tz: { type: 'string' }, repair: { type: 'boolean' }, reason: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
    }));
  } catch (err) {
    out.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const day = LedgerDayQuery.safeParse({ date: values.date, ...(values.tz ? { tz: values.tz } : {}) });
  if (!values.player || !day.success) {
    out.error(`${day.success ? '--player is missing' : day.error.issues.map((i) => i.message).join('; ')}\n${USAGE}`);
    return 2;
  }
  // A repair is a staff decision: the audit log keeps why it was made.
  const reason = (values.reason ?? '').trim();
  if (values.repair && (reason.length < STAFF_REASON_MIN || reason.length > STAFF_REASON_MAX)) {
    out.error(`--repair needs --reason "…" (${STAFF_REASON_MIN} to ${STAFF_REASON_MAX} characters): it is kept in the audit log.\n${USAGE}`);
    return 2;
  }

  const operator = await openOperator(env);
  try {
    await operator.runner.catchUp();
    const player = await new PlayersRepository(operator.readModels).findPlayer(values.player);
    if (!player) {
      out.error(`No player has the id or e-mail ${values.player}.`);
      return 1;
    }
    const rows = new LedgerRepository(operator.readModels);
    const days = new LedgerDays(operator.store, rows, operator.commands, operator.runner);
    const actor = { playerId: 'system:ledger-day', roles: ['support' as const] };
    if (values.repair) {
      const result = await new RepairLedgerDayHandler(days, rows, operator.commands).execute(new RepairLedgerDayCommand(actor, player.id, day.data, `ledger-day-${randomUUID()}`, reason));
      if (values.json) out.line(JSON.stringify(result, null, 2));
      else {
        describe(result.report, out);
        const f = result.fixed;
        out.line(result.repaired ? `Repaired: ${f.missing.length} written, ${f.extra.length} removed, ${f.changed.length} corrected (recorded as LedgerDayRepaired).` : 'Nothing to repair.');
      }
      return result.report.matches ? 0 : 3;
    }
    const report = await new GetLedgerDayHandler(days).execute(new GetLedgerDayQuery(actor, player.id, day.data));
    if (values.json) out.line(JSON.stringify(report, null, 2));
    else describe(report, out);
    return report.matches ? 0 : 3;
  } finally {
    await operator.close();
  }
}

runWhenStarted(module, main);
