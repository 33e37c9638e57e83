import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  type LedgerDayQuery, type LedgerDayReport, type LedgerDifference, type LedgerEntry, type LedgerRepairResponse, type LedgerRowChange, offsetMinutes,
} from '@bahati/contracts';
import { accountStream } from '../../domain/account/account';
import { type LedgerEntryRow, ledgerEntriesOf } from '../../domain/account/ledger';
import { playerDecider, playerStream } from '../../domain/player/player';
import { supportDecider, supportStream } from '../../domain/support/support';
import { EventStoreToken } from '../../config/tokens';
import { type Actor, assertStaff } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError, ValidationError } from '../errors';
import type { EventStore } from '../ports/event-store';
import { LedgerReadModel, ReadModelProgress } from '../ports/read-models';

const DAY_MS = 86_400_000;
const FIELDS = ['type', 'amount', 'reference', 'handId', 'createdTime'] as const;

/** A local calendar day at a UTC offset as the UTC range [from, to): 2026-03-01 at +03:00 starts 2026-02-28T21:00Z. */
export function ledgerDayRange(date: string, tz: string): { from: Date; to: Date } {
  const offset = offsetMinutes(tz);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (offset === null) throw new ValidationError([{ path: 'tz', message: 'tz is a UTC offset from -12:00 to +14:00, like +03:00' }]);
  const from = Date.UTC(y, m - 1, d) - offset * 60_000;
  return { from: new Date(from), to: new Date(from + DAY_MS) };
}

export const entryOf = (row: LedgerEntryRow): LedgerEntry => ({ id: row.id, type: row.type, createdTime: new Date(row.createdTime).toISOString(), handId: row.handId, reference: row.reference, amount: row.amount });

/**
 * The day's lines the events give against the rows the read model holds: rows the events give and the
 * model lacks, rows it holds that no event gives, and rows both hold that differ (a row moved to another
 * day counts as changed: the events say where it belongs).
 */
export function compareLedgerDay(fromEvents: readonly LedgerEntry[], readModel: readonly LedgerEntry[], elsewhere: ReadonlyMap<string, LedgerEntry>): LedgerDifference {
  const expected = new Map(fromEvents.map((e) => [e.id, e]));
  const held = new Map(readModel.map((e) => [e.id, e]));
  const changed: LedgerRowChange[] = [];
  const extra: LedgerEntry[] = [];
  for (const row of readModel) {
    const want = expected.get(row.id) ?? elsewhere.get(row.id);
    if (!want) {
      extra.push(row);
      continue;
    }
    const fields = FIELDS.filter((f) => (f === 'createdTime' ? Date.parse(want[f]) !== Date.parse(row[f]) : want[f] !== row[f]));
    if (fields.length) changed.push({ id: row.id, fields, fromEvents: want, readModel: row });
  }
  return { missing: fromEvents.filter((e) => !held.has(e.id)), extra, changed };
}

const byTime = (a: LedgerEntry, b: LedgerEntry) => Date.parse(a.createdTime) - Date.parse(b.createdTime);

export interface LedgerDayFindings {
  report: LedgerDayReport;
  /** The rows a repair writes: the day's, and those of other days the read model misplaced into it. */
  rows: LedgerEntryRow[];
  /** The last account revision the events were read up to. */
  upToRevision: number;
  from: Date;
  to: Date;
}

/** Folds a player's ledger day straight from the account events and compares it with the ledger read model. */
@Injectable()
export class LedgerDays {
  constructor(
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly rows: LedgerReadModel,
    private readonly commands: CommandPath,
    private readonly progress: ReadModelProgress,
  ) {}

  async findings(playerId: string, day: LedgerDayQuery): Promise<LedgerDayFindings> {
    const { from, to } = ledgerDayRange(day.date, day.tz);
    const player = await this.commands.load(playerStream(playerId), playerDecider);
    if (!player.state.registered) throw new NotFoundError('NotFound', 'No such player.');
    const events = await this.store.readStream(accountStream(playerId));
    const last = events[events.length - 1];
    // Lines still on their way to the read model are not a difference: wait for what was read.
    if (last) await this.progress.waitFor(last.checkpoint);

    const all = new Map<string, LedgerEntryRow>();
    for (const e of events) for (const row of ledgerEntriesOf(e)) all.set(row.id, row);
    const inDay = (row: LedgerEntryRow) => {
      const t = Date.parse(row.createdTime);
      return t >= from.getTime() && t < to.getTime();
    };
    const dayRows = [...all.values()].filter(inDay);
    const fromEvents = dayRows.map(entryOf).sort(byTime);
    const readModel = await this.rows.rows(playerId, from, to, fromEvents.map((e) => e.id));
    const elsewhere = new Map<string, LedgerEntry>();
    for (const row of readModel) {
      const belongs = all.get(row.id);
      if (belongs && !inDay(belongs)) elsewhere.set(row.id, entryOf(belongs));
    }
    const difference = compareLedgerDay(fromEvents, readModel, elsewhere);
    const matches = difference.missing.length + difference.extra.length + difference.changed.length === 0;
    return {
      report: { playerId, date: day.date, tz: day.tz, from: from.toISOString(), to: to.toISOString(), fromEvents, readModel, difference, matches },
      rows: [...dayRows, ...[...elsewhere.keys()].map((id) => all.get(id)!)],
      upToRevision: last?.revision ?? -1,
      from,
      to,
    };
  }
}

/** A player's ledger day from the events beside the read model's, and the difference (admins and support). */
export class GetLedgerDayQuery {
  constructor(readonly actor: Actor, readonly playerId: string, readonly day: LedgerDayQuery) {}
}

@QueryHandler(GetLedgerDayQuery)
export class GetLedgerDayHandler implements IQueryHandler<GetLedgerDayQuery, LedgerDayReport> {
  constructor(private readonly days: LedgerDays) {}

  async execute({ actor, playerId, day }: GetLedgerDayQuery): Promise<LedgerDayReport> {
    assertStaff(actor);
    return (await this.days.findings(playerId, day)).report;
  }
}

/**
 * Rewrites a player's ledger rows of one day from the events (admins and support), in one transaction,
 * recorded first as `LedgerDayRepaired` on `support-<playerId>` naming who repaired what. A day that
 * already matches is left alone and records nothing, so repeating a repair changes nothing.
 */
export class RepairLedgerDayCommand {
  constructor(readonly actor: Actor, readonly playerId: string, readonly day: LedgerDayQuery, readonly correlationId: string, readonly reason: string) {}
}

@CommandHandler(RepairLedgerDayCommand)
export class RepairLedgerDayHandler implements ICommandHandler<RepairLedgerDayCommand, LedgerRepairResponse> {
  constructor(private readonly days: LedgerDays, private readonly rows: LedgerReadModel, private readonly commands: CommandPath) {}

  async execute({ actor, playerId, day, correlationId, reason }: RepairLedgerDayCommand): Promise<LedgerRepairResponse> {
    assertStaff(actor);
    const before = await this.days.findings(playerId, day);
    const fixed = before.report.difference;
    if (before.report.matches) return { repaired: false, fixed, report: before.report };
    await this.commands.handle(
      supportStream(playerId),
      supportDecider,
      {
        type: 'RepairLedgerDay', playerId, date: day.date, tz: day.tz, from: before.from.toISOString(), to: before.to.toISOString(), upToRevision: before.upToRevision,
        missing: fixed.missing.map((r) => r.id), extra: fixed.extra.map((r) => r.id), changed: fixed.changed.map((r) => r.id), repairedBy: actor.playerId,
        reason, now: new Date().toISOString(),
      },
      { correlationId, userId: actor.playerId },
    );
    await this.rows.rewrite(playerId, before.from, before.to, before.upToRevision, before.rows, fixed.extra.map((r) => r.id));
    const after = await this.days.findings(playerId, day);
    return { repaired: true, fixed, report: after.report };
  }
}

export const ledgerDayHandlers = [GetLedgerDayHandler, RepairLedgerDayHandler];
