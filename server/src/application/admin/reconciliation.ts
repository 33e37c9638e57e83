import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type {
  LedgerEntry, LedgerRowChange, ReconciliationDifference, ReconciliationReport, ReconciliationRepairResponse, ReconciliationRun,
} from '@bahati/contracts';
import { accountStream } from '../../domain/account/account';
import { BANK_EVENT_TYPES, type LedgerEntryRow, type LedgerSource, ledgerEntriesOf } from '../../domain/account/ledger';
import { DomainError } from '../../domain/decider';
import { playerDecider, playerStream } from '../../domain/player/player';
import { streamOwner } from '../../domain/streams';
import { REBUILD_REASON_MAX, supportDecider, supportStream } from '../../domain/support/support';
import { type AppConfig, AppConfigToken, EventStoreToken } from '../../config/tokens';
import { type Actor, assertAdmin } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError, ValidationError } from '../errors';
import { type Checkpoint, type EventStore, type RecordedEvent, compareCheckpoints } from '../ports/event-store';
import { type BankRow, type HeldLedgerRow, type LedgerTotal, ReadModelProgress, ReconciliationReadModel } from '../ports/read-models';
import { compareLedgerDay, entryOf } from './ledger-day';

const BANK_TYPES: ReadonlySet<string> = new Set(BANK_EVENT_TYPES);
/** Events read from the global log a page. */
const PAGE = 5_000;
/** How long a run waits for the read models to hold what it read before it calls them behind. */
const CATCH_UP_MS = 60_000;
/** Fresh looks at one player whose bank row moved on while it was compared. */
const ATTEMPTS = 3;

/** What a player's account events give: the bank (the sum of their ledger lines), how many lines, and the revision of the last event that moved the bank (−1: none). */
export interface EventTotals {
  bank: number;
  lines: number;
  bankRevision: number;
}

const NO_EVENTS: EventTotals = { bank: 0, lines: 0, bankRevision: -1 };

/** Adds one stored event to its player's totals (events of other streams than `account-…` are left out). */
export function foldEventTotals(totals: Map<string, EventTotals>, event: LedgerSource & { streamId: string }): void {
  const playerId = streamOwner(event.streamId, 'account');
  if (playerId === undefined) return;
  const lines = ledgerEntriesOf(event);
  const isBank = BANK_TYPES.has(event.type);
  if (!lines.length && !isBank) return;
  const t = totals.get(playerId) ?? { ...NO_EVENTS };
  for (const line of lines) t.bank += line.amount;
  t.lines += lines.length;
  if (isBank) t.bankRevision = event.revision;
  totals.set(playerId, t);
}

/**
 * The players whose totals do not agree at a glance: the bank row against the events' bank (and the revision
 * it was folded to), the ledger's sum and row count against the events' lines. Only they are compared row by row.
 */
export function playersToCompare(events: ReadonlyMap<string, EventTotals>, banks: readonly BankRow[], ledger: readonly LedgerTotal[]): string[] {
  const bankOf = new Map(banks.map((b) => [b.playerId, b]));
  const ledgerOf = new Map(ledger.map((l) => [l.playerId, l]));
  const everyone = new Set([...events.keys(), ...bankOf.keys(), ...ledgerOf.keys()]);
  return [...everyone].filter((playerId) => {
    const e = events.get(playerId) ?? NO_EVENTS;
    const b = bankOf.get(playerId);
    const l = ledgerOf.get(playerId);
    const bankAgrees = b ? b.bank === e.bank && b.revision === e.bankRevision : e.bankRevision < 0;
    return !bankAgrees || (l?.sum ?? 0) !== e.bank || (l?.rows ?? 0) !== e.lines;
  });
}

/** One player's bank row and ledger rows against what their account events give. */
export interface PlayerFindings {
  playerId: string;
  /** The bank folded from the events. */
  events: number;
  bankReadModel: number;
  ledgerSum: number;
  ledger: { missing: LedgerEntry[]; extra: LedgerEntry[]; changed: LedgerRowChange[] };
  matches: boolean;
  /** The last account revision read. */
  upToRevision: number;
  /** The revision of the last event that moved the bank (−1: none): the bank row's revision after a rebuild. */
  bankRevision: number;
  /** The ledger rows the events give. */
  rows: LedgerEntryRow[];
}

/**
 * Compares (pure) a player's rows with their account events up to the last one read: the bank row, the
 * sum of their ledger rows, and the rows by id (rows of later events, at a `seq` past the last revision
 * read, are not looked at: the ledger projection may be writing them).
 */
export function compareWithEvents(playerId: string, events: readonly RecordedEvent[], bank: BankRow | null, held: readonly HeldLedgerRow[]): PlayerFindings {
  const totals = new Map<string, EventTotals>();
  const rows: LedgerEntryRow[] = [];
  for (const e of events) {
    foldEventTotals(totals, e);
    rows.push(...ledgerEntriesOf(e));
  }
  const fromEvents = totals.get(playerId) ?? NO_EVENTS;
  const upToRevision = events.length ? events[events.length - 1]!.revision : -1;
  const considered = held.filter((r) => r.seq < (upToRevision + 1) * 16);
  const ledger = compareLedgerDay(rows.map(entryOf), considered, new Map());
  const ledgerSum = considered.reduce((sum, r) => sum + r.amount, 0);
  const bankReadModel = bank?.bank ?? 0;
  const rowsAgree = ledger.missing.length + ledger.extra.length + ledger.changed.length === 0;
  return {
    playerId, events: fromEvents.bank, bankReadModel, ledgerSum, ledger, upToRevision, bankRevision: fromEvents.bankRevision, rows,
    matches: bankReadModel === fromEvents.bank && ledgerSum === fromEvents.bank && rowsAgree,
  };
}

const counts = (f: PlayerFindings) => ({ missing: f.ledger.missing.length, extra: f.ledger.extra.length, changed: f.ledger.changed.length });

/**
 * The reconciliation check: every player's bank read model, ledger read model and account events side by
 * side. The events are folded in one pass over the global log (their bank and line count per player), the
 * banks and the ledger sums read with one grouped query each; only a player whose totals differ is read
 * again from their own stream and compared row by row, so a player caught between an append and its
 * projection is not reported. A run is stored (`reconciliation_runs`) for every instance, the CLI and
 * monitoring to read.
 */
@Injectable()
export class Reconciliation {
  private running: Promise<ReconciliationRun> | null = null;

  constructor(
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly readModels: ReconciliationReadModel,
    private readonly progress: ReadModelProgress,
  ) {}

  /** Runs the check now (one run at a time in a process: a second caller shares the run under way) and stores it. */
  run(): Promise<ReconciliationRun> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  /** The last run stored by any instance (null before the first). */
  lastRun(): Promise<ReconciliationRun | null> {
    return this.readModels.lastRun();
  }

  /** What monitoring reads: when the last run checked, and how many players differ now. */
  async summary(): Promise<{ checkedAt: string | null; differences: number; playersChecked: number; durationMs: number }> {
    const last = await this.readModels.lastRun();
    return { checkedAt: last?.checkedAt ?? null, differences: last?.differences.length ?? 0, playersChecked: last?.playersChecked ?? 0, durationMs: last?.durationMs ?? 0 };
  }

  /** One player compared row by row, read fresh from their stream once the read models hold it. */
  async findings(playerId: string): Promise<PlayerFindings> {
    for (let attempt = 1; ; attempt++) {
      const events = await this.store.readStream(accountStream(playerId));
      const last = events[events.length - 1];
      if (last) await this.progress.waitFor(last.checkpoint);
      const [bank, held] = await Promise.all([this.readModels.bankRow(playerId), this.readModels.ledgerRows(playerId)]);
      // The bank row already holds a later event: read the stream again.
      if (bank && last && bank.revision > last.revision && attempt < ATTEMPTS) continue;
      return compareWithEvents(playerId, events, bank, held);
    }
  }

  private async check(): Promise<ReconciliationRun> {
    const started = Date.now();
    const checkedAt = new Date(started).toISOString();
    const { totals, head } = await this.foldEvents();
    if (!(await this.progress.waitFor(head, CATCH_UP_MS))) {
      throw new DomainError('ServiceUnavailable', 'The read models are behind the events; the check runs once they have caught up.');
    }
    const [banks, ledger, playersChecked] = await Promise.all([this.readModels.banks(), this.readModels.ledgerTotals(), this.readModels.playerCount()]);
    const differing: PlayerFindings[] = [];
    for (const playerId of playersToCompare(totals, banks, ledger)) {
      const found = await this.findings(playerId);
      if (!found.matches) differing.push(found);
    }
    const people = new Map((await this.readModels.playersByIds(differing.map((f) => f.playerId))).map((p) => [p.id, p]));
    const differences: ReconciliationDifference[] = differing.map((f) => ({
      playerId: f.playerId, email: people.get(f.playerId)?.email ?? '', name: people.get(f.playerId)?.name ?? null,
      bankReadModel: f.bankReadModel, ledgerSum: f.ledgerSum, events: f.events, ledgerRows: counts(f), checkedAt,
    }));
    const run: ReconciliationRun = { checkedAt, playersChecked, durationMs: Date.now() - started, differences };
    await this.readModels.saveRun(run);
    return run;
  }

  /** Every account event up to the log's head at the start, folded into each player's totals. */
  private async foldEvents(): Promise<{ totals: Map<string, EventTotals>; head: Checkpoint | null }> {
    const head = await this.store.headCheckpoint();
    const totals = new Map<string, EventTotals>();
    let after: Checkpoint | null = null;
    while (head !== null && compareCheckpoints(after, head) < 0) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      if (page.events.length === 0) break;
      for (const event of page.events) if (compareCheckpoints(event.checkpoint, head) <= 0) foldEventTotals(totals, event);
      after = page.checkpoint;
    }
    return { totals, head };
  }
}

/** The last reconciliation run and its differences (admins). */
export class GetReconciliationQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetReconciliationQuery)
export class GetReconciliationHandler implements IQueryHandler<GetReconciliationQuery, ReconciliationReport> {
  constructor(private readonly reconciliation: Reconciliation) {}

  async execute({ actor }: GetReconciliationQuery): Promise<ReconciliationReport> {
    assertAdmin(actor);
    return { lastRun: await this.reconciliation.lastRun() };
  }
}

/** Runs the reconciliation check now and answers it (admins). */
export class RunReconciliationCommand {
  constructor(readonly actor: Actor) {}
}

@CommandHandler(RunReconciliationCommand)
export class RunReconciliationHandler implements ICommandHandler<RunReconciliationCommand, ReconciliationRun> {
  constructor(private readonly reconciliation: Reconciliation) {}

  execute({ actor }: RunReconciliationCommand): Promise<ReconciliationRun> {
    assertAdmin(actor);
    return this.reconciliation.run();
  }
}

/**
 * Rebuilds a player's bank row and ledger rows from their account events (admins, with a reason), recorded
 * first as `PlayerReadModelsRebuilt` on `support-<playerId>`; afterwards the bank, the ledger and the events
 * agree and the player leaves the last run's differences. A player who already matches records nothing.
 */
export class RebuildPlayerReadModelsCommand {
  constructor(readonly actor: Actor, readonly playerId: string, readonly reason: string, readonly correlationId: string) {}
}

@CommandHandler(RebuildPlayerReadModelsCommand)
export class RebuildPlayerReadModelsHandler implements ICommandHandler<RebuildPlayerReadModelsCommand, ReconciliationRepairResponse> {
  constructor(private readonly reconciliation: Reconciliation, private readonly readModels: ReconciliationReadModel, private readonly commands: CommandPath) {}

  async execute({ actor, playerId, reason, correlationId }: RebuildPlayerReadModelsCommand): Promise<ReconciliationRepairResponse> {
    assertAdmin(actor);
    const why = reason.trim();
    if (why.length < 3 || why.length > REBUILD_REASON_MAX) throw new ValidationError([{ path: 'reason', message: `A reason has 3 to ${REBUILD_REASON_MAX} characters.` }]);
    const player = await this.commands.load(playerStream(playerId), playerDecider);
    if (!player.state.registered) throw new NotFoundError('NotFound', 'No such player.');

    const before = await this.reconciliation.findings(playerId);
    const bank = { from: before.bankReadModel, to: before.events };
    if (before.matches) {
      await this.readModels.resolve(playerId);
      return { repaired: false, bank, ledger: counts(before), matches: true };
    }
    const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
    await this.commands.handle(
      supportStream(playerId),
      supportDecider,
      {
        type: 'RebuildPlayerReadModels', playerId, upToRevision: before.upToRevision, bank,
        ledger: { missing: ids(before.ledger.missing), extra: ids(before.ledger.extra), changed: ids(before.ledger.changed) },
        reason: why, repairedBy: actor.playerId, now: new Date().toISOString(),
      },
      { correlationId, userId: actor.playerId },
    );
    let found = before;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const written = await this.readModels.rebuild(playerId, found.upToRevision, { bank: found.events, bankRevision: found.bankRevision }, found.rows, ids(found.ledger.extra));
      if (written) break;
      found = await this.reconciliation.findings(playerId);
    }
    const after = await this.reconciliation.findings(playerId);
    if (after.matches) await this.readModels.resolve(playerId);
    return { repaired: true, bank, ledger: counts(before), matches: after.matches };
  }
}


/**
 * Runs the reconciliation check every `RECONCILE_INTERVAL_MINUTES` (0: never). The app has no leader among
 * its instances; like the bonus expiry sweep each instance keeps a timer, but a run is stored for all of
 * them, and an instance whose turn comes skips it when another stored a run within the interval, so the
 * instances take turns rather than each checking every time.
 */
@Injectable()
export class ReconciliationSchedule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Reconciliation');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly reconciliation: Reconciliation, @Inject(AppConfigToken) private readonly config: AppConfig) {}

  onApplicationBootstrap() {
    const minutes = this.config.reconcileIntervalMinutes;
    if (minutes <= 0) return;
    this.timer = setInterval(() => void this.tick(minutes * 60_000), minutes * 60_000);
    this.timer.unref();
  }

  beforeApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Runs the check unless another instance stored one less than an interval ago (with a little slack for the timers' drift). */
  async tick(intervalMs: number, now = Date.now()): Promise<ReconciliationRun | null> {
    try {
      const last = await this.reconciliation.lastRun();
      if (last && now - Date.parse(last.checkedAt) < intervalMs * 0.9) return null;
      const run = await this.reconciliation.run();
      if (run.differences.length) this.logger.warn(`${run.differences.length} of ${run.playersChecked} players differ: bank, ledger and events disagree (GET /api/admin/reconciliation)`);
      return run;
    } catch (err) {
      this.logger.error(`Reconciliation failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}

export const reconciliationHandlers = [GetReconciliationHandler, RunReconciliationHandler, RebuildPlayerReadModelsHandler];
