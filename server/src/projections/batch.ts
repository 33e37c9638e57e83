import {
  CompiledQuery, type DatabaseConnection, type Insertable, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type QueryResult, type Selectable,
  type Transaction,
} from 'kysely';
import type { RecordedEvent } from '../application/ports/event-store';
import { type StreamCategory, streamOwner } from '../domain/streams';
import { PREPARED } from './prepared';
import type { Projection, ProjectionLog, ProjectionMemory } from './projection';
import type { ReadModels } from './schema';

type AnyEvent = { type: string; data: unknown };
type Owner<S extends StreamCategory | null> = S extends StreamCategory ? string : null;

/** A statement per event type, given the event's data and the id its stream belongs to. */
export type EventHandlers<E extends AnyEvent, S extends StreamCategory | null> = {
  readonly [T in E['type']]?: (trx: Transaction<ReadModels>, data: Extract<E, { type: T }>['data'], owner: Owner<S>) => Promise<unknown>;
};

/**
 * A projection that runs one idempotent statement per event (an insert that ignores a conflict, an
 * update that sets values): for events too rare to be worth folding. With a stream category, events
 * of other streams are skipped. The handled types are the handlers' names.
 */
export function eachEvent<E extends AnyEvent, S extends StreamCategory | null>(
  stream: S,
  on: EventHandlers<E, S>,
): Pick<Projection, 'handles' | 'applyBatch'> {
  const handlers = on as unknown as Record<string, (trx: Transaction<ReadModels>, data: unknown, owner: string | null) => Promise<unknown>>;
  return {
    handles: Object.keys(handlers),
    async applyBatch(trx, events) {
      for (const event of events) {
        const owner = stream === null ? null : streamOwner(event.streamId, stream);
        if (owner !== undefined) await handlers[event.type]?.(trx, event.data, owner);
      }
    },
  };
}

/** The tables whose rows carry the account revision they were folded up to. */
type Versioned = 'hands' | 'shoes' | 'player_stats';
type Column<T extends Versioned> = keyof ReadModels[T] & string;

/** Where folded rows are stored: read back by `key` when not remembered, written back when newer. */
export interface StoredRows<T extends Versioned, Row> {
  table: T;
  key: Column<T>;
  /** The columns a newer row replaces (besides `revision`). */
  columns: readonly Column<T>[];
  fromStored(stored: Selectable<ReadModels[T]>): Row;
  toStored(row: Row): Insertable<ReadModels[T]>;
}

interface FoldSpec<Row> {
  /** Events of other streams are skipped; `owner` is the id the event's stream belongs to. */
  stream: StreamCategory;
  /** The event data field naming the row an event changes (`handId`); by default the stream's owner. */
  rowPer?: string;
  /** The row after the event (`row` undefined: there is none yet); `row` itself when the event changes nothing. */
  fold(row: Row | undefined, event: RecordedEvent, owner: string): Row | undefined;
}

/**
 * Either the rows are stored rows (`stored`): folded on from what is stored, remembered between
 * batches and written back when newer; or each batch folds from nothing and `write` adds the result
 * to what is stored.
 */
export type RowFold<Row, T extends Versioned> = StoredFold<Row, T> | (FoldSpec<Row> & { write(trx: Transaction<ReadModels>, rows: Row[]): Promise<void> });

/** A `RowFold` of stored rows. */
export type StoredFold<Row, T extends Versioned> = FoldSpec<Row> & {
  stored: StoredRows<T, Row>;
  /** The event type that creates a row: a row whose first event in the batch is one needs no read. */
  createdBy?: string;
  /**
   * Whether a folded row is written now, given the batch's events that changed it (always, when not given),
   * and the event types folded. A row not written lives in the runner's memory only; when the memory has lost it (a restart, or the runner forgot),
   * `recallRows` folds it again from the stored row, or from its `createdBy` event, over the stream's events
   * already applied.
   */
  writtenWhen?: { test(row: Row, events: readonly RecordedEvent[]): boolean; handles: readonly string[] };
};

/** A batch's events grouped by the row they change, in log order, with the id their stream belongs to. */
function rowsTouched<Row>(spec: FoldSpec<Row>, events: readonly RecordedEvent[]): Map<string, { owner: string; events: RecordedEvent[] }> {
  const batch = new Map<string, { owner: string; events: RecordedEvent[] }>();
  for (const event of events) {
    const owner = streamOwner(event.streamId, spec.stream);
    if (owner === undefined) continue;
    const key = rowKey(spec, event, owner);
    const touched = batch.get(key);
    if (touched) touched.events.push(event);
    else batch.set(key, { owner, events: [event] });
  }
  return batch;
}

const rowKey = <Row>(spec: FoldSpec<Row>, event: RecordedEvent, owner: string) => (spec.rowPer ? String((event.data as Record<string, unknown>)[spec.rowPer]) : owner);

/** Stored rows by key (`stored.key`), read through `db` (a transaction or not). */
async function readStored<Row, T extends Versioned>(db: Kysely<ReadModels>, stored: StoredRows<T, Row>, keys: readonly string[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  if (keys.length === 0) return found;
  const rows = await untyped(db).selectFrom(stored.table as string).selectAll().where(stored.key as string, 'in', keys).execute();
  for (const r of rows) found.set(String(r[stored.key]), stored.fromStored(r as Selectable<ReadModels[T]>));
  return found;
}

/** The keys of the rows a batch touches that memory does not hold and that the batch does not create. */
function forgotten(batch: Map<string, { events: RecordedEvent[] }>, memory: ProjectionMemory, createdBy: string | undefined): string[] {
  if (memory.complete) return [];
  return [...batch].filter(([key, touched]) => memory.get(key) === undefined && touched.events[0]!.type !== createdBy).map(([key]) => key);
}

/**
 * Folds a batch into rows in memory and writes each touched row once. Stored rows come from what
 * earlier batches of this runner remembered, else from one read of all the others, so a batch costs
 * at most one read and one write. With `writtenWhen`, only the rows it picks are written (the others
 * live in memory, and `recallRows` puts them back when forgotten).
 */
export function foldRows<Row, T extends Versioned = never>(spec: RowFold<Row, T>): Projection['applyBatch'] {
  const stored = 'stored' in spec ? spec.stored : null;
  const createdBy = 'stored' in spec ? spec.createdBy : undefined;
  const writtenWhen = 'stored' in spec ? spec.writtenWhen : undefined;
  return async (trx, events, memory) => {
    const batch = rowsTouched(spec, events);
    if (batch.size === 0) return;

    const before = new Map<string, Row>();
    if (stored) {
      for (const key of batch.keys()) {
        const known = memory.get<Row>(key);
        if (known !== undefined) before.set(key, known);
      }
      for (const [key, row] of await readStored(trx, stored, forgotten(batch, memory, createdBy))) before.set(key, row);
    }

    const changed: Row[] = [];
    for (const [key, { owner, events: touching }] of batch) {
      const start = before.get(key);
      let row = start;
      for (const event of touching) row = spec.fold(row, event, owner);
      if (row === undefined) continue;
      if (stored) memory.set(key, row);
      if (row !== start && (!writtenWhen || writtenWhen.test(row, touching))) changed.push(row);
    }
    if (changed.length === 0) return;
    if (stored) await upsertNewer(trx, stored, changed.map(stored.toStored));
    else if ('write' in spec) await spec.write(trx, changed);
  };
}

/**
 * The `recall` of a `foldRows` projection with `writtenWhen`: each row the batch touches that memory lost is
 * folded again, from its stored row (or from its `createdBy` event) over the events of its stream already
 * applied, and put back into memory.
 */
export function recallRows<Row, T extends Versioned>(spec: StoredFold<Row, T> & Required<Pick<StoredFold<Row, T>, 'writtenWhen'>>): NonNullable<Projection['recall']> {
  const handled = new Set(spec.writtenWhen.handles);
  return async (db, events, memory, log) => {
    const batch = rowsTouched(spec, events);
    const keys = forgotten(batch, memory, spec.createdBy);
    if (keys.length === 0) return;
    const stored = await readStored(db, spec.stored, keys);
    for (const key of keys) {
      const { owner, events: touching } = batch.get(key)!;
      const mine = (e: RecordedEvent) => handled.has(e.type) && rowKey(spec, e, owner) === key;
      let row = stored.get(key);
      for (const event of await appliedSince(log, touching[0]!, row as { revision?: number } | undefined, mine, spec.createdBy)) row = spec.fold(row, event, owner);
      if (row !== undefined) memory.set(key, row);
    }
  };
}

/** How far back `appliedSince` looks at once for the event that created a row. */
const LOOK_BACK = 64;

/**
 * The events of `first`'s stream before it that `mine` picks out, oldest first: those after the stored row's
 * revision, or, with no stored row, from the `createdBy` event on (found looking back; none when the stream
 * has none). They were applied before the batch that holds `first`.
 */
async function appliedSince(
  log: ProjectionLog, first: RecordedEvent, stored: { revision?: number } | undefined, mine: (e: RecordedEvent) => boolean, createdBy: string | undefined,
): Promise<RecordedEvent[]> {
  if (stored?.revision !== undefined) return (await log.readStream(first.streamId, stored.revision + 1, first.revision - 1)).filter(mine);
  if (createdBy === undefined) return [];
  const found: RecordedEvent[] = [];
  for (let from = first.revision - 1; from >= 0; from -= LOOK_BACK) {
    const page = await log.readBackwards(first.streamId, from, LOOK_BACK);
    for (const e of page) {
      if (!mine(e)) continue;
      found.push(e);
      if (e.type === createdBy) return found.reverse();
    }
    if (page.length < LOOK_BACK) break;
  }
  return [];
}

/** How rows written by `writeRowsAsJson` meet the rows already stored under the same key. */
export interface RowsWrite<T extends keyof ReadModels & string> {
  table: T;
  /** The conflict target: the primary key or a unique key. */
  key: readonly (keyof ReadModels[T] & string)[];
  /** Columns a stored row takes from the row written (none: a stored row is kept as it is). */
  update?: readonly (keyof ReadModels[T] & string)[];
  /** The stored row is replaced only where one of these columns is lower than the row written's. */
  newerWhen?: readonly (keyof ReadModels[T] & string)[];
}

/** Statement texts by table, columns and conflict handling: each shape is written out once per process. */
const statements = new Map<string, string>();

/**
 * Inserts many rows in one statement whose only parameter is the rows as JSON
 * (`json_populate_recordset`); what a key already holds is kept, or updated as `write` says. The
 * statement's text depends only on the table, the columns and the conflict handling, so it is built once
 * and reused: nothing is compiled per row or per value. The columns are those any row gives; a value a
 * row leaves out is NULL (so only for tables whose columns left out have no other default). A jsonb
 * column's value is the document itself (`JsonDocument`), nested in the parameter as it is.
 */
export async function writeRowsAsJson<T extends keyof ReadModels & string>(
  trx: Transaction<ReadModels>,
  write: RowsWrite<T>,
  rows: readonly Insertable<ReadModels[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = new Set<string>();
  for (const row of rows) for (const column in row) columns.add(column);
  const names = [...columns];
  const shape = `${write.table}|${names}|${write.key}|${write.update ?? ''}|${write.newerWhen ?? ''}`;
  let text = statements.get(shape);
  if (text === undefined) {
    const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const list = names.map(id).join(', ');
    const table = id(write.table);
    const conflict = write.update?.length
      ? `do update set ${write.update.map((c) => `${id(c)} = excluded.${id(c)}`).join(', ')}` +
        (write.newerWhen?.length ? ` where ${write.newerWhen.map((c) => `${table}.${id(c)} < excluded.${id(c)}`).join(' or ')}` : '')
      : 'do nothing';
    text = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json) on conflict (${write.key.map(id).join(', ')}) ${conflict}`;
    statements.set(shape, text);
  }
  await writeAsJson(trx, text, rows);
}

/** The writes a transaction holds back while `withWritesTogether` runs, to send them as one statement. */
const heldWrites = new WeakMap<Kysely<ReadModels>, HeldWrite[]>();
const PARAMETER = '$1::json';

/**
 * Runs `text`, a write whose one parameter is `$1::json`, with `rows` as that parameter; inside
 * `withWritesTogether`, it is held back and sent with the transaction's other writes. A write held back
 * does not see the others (they run as one statement, on one snapshot), so a projection reads what it
 * needs before it writes, and writes each row once per batch.
 */
export async function writeAsJson(trx: Transaction<ReadModels>, text: string, rows: unknown): Promise<void> {
  const json = JSON.stringify(rows);
  const held = heldWrites.get(trx);
  if (held) held.push({ text, json });
  else await run(trx, text, [json]);
}

/**
 * Runs `apply` with the writes of `writeAsJson` held back, then sends them all as ONE statement (each a
 * data-modifying part of a `WITH`): a batch's writes cost one round trip whatever the number of tables.
 * The parts run on one snapshot, so no two of them may change the same row.
 */
export async function withWritesTogether<T>(trx: Transaction<ReadModels>, apply: () => Promise<T>): Promise<T> {
  const { result, held } = await holdWrites(trx, apply);
  await sendTogether(trx, held);
  return result;
}

/** A write `writeAsJson` held back: its text (one parameter, `$1::json`) and that parameter. */
export interface HeldWrite {
  text: string;
  json: string;
}

/** Runs `apply` with the writes of `writeAsJson` through `trx` held back, and returns them. */
export async function holdWrites<T>(trx: Transaction<ReadModels>, apply: () => Promise<T>): Promise<{ result: T; held: HeldWrite[] }> {
  const held: HeldWrite[] = [];
  heldWrites.set(trx, held);
  try {
    return { result: await apply(), held };
  } finally {
    heldWrites.delete(trx);
  }
}

/**
 * A part that must hold for the writes beside it to stand: a data-modifying statement (its one parameter `$1::json`,
 * `returning` a row per row it changed) that must change exactly `rows` rows, or the whole statement fails with
 * `GUARD_FAILED` and changes nothing.
 */
export interface WriteGuard extends HeldWrite {
  rows: number;
}

/** PostgreSQL's division by zero: how a statement whose guard did not hold fails (see `sendTogether`). */
export const GUARD_FAILED = '22012';

/**
 * Sends held writes as one statement; with a `guard`, the guard runs first and the statement divides by zero (and so
 * changes nothing) unless the guard changed exactly its `rows` rows. One statement is atomic on its own: sent outside
 * a transaction, it needs no `BEGIN` or `COMMIT`.
 */
export async function sendTogether(db: Kysely<ReadModels>, held: readonly HeldWrite[], guard?: WriteGuard): Promise<void> {
  const all = guard ? [guard, ...held] : held;
  if (all.length === 0) return;
  if (all.length === 1 && !guard) {
    await run(db, all[0]!.text, [all[0]!.json]);
    return;
  }
  const parts = all.map((w, i) => {
    if (w.text.split('$').length !== 2 || !w.text.includes(PARAMETER)) throw new Error(`A held write must have exactly one parameter, ${PARAMETER}: ${w.text}`);
    return `w${i} as (${w.text.replace(PARAMETER, () => `$${i + 1}::json`)})`;
  });
  // The guard's part is read first, so its rows are locked before any other part writes (the order a transaction
  // that moved the checkpoints first would lock them in).
  const last = guard ? `select 1 / (case when (select count(*) from w0) = ${Number(guard.rows)} then 1 else 0 end) as held` : 'select 1';
  // A live step sends the same few shapes of this statement over and over: each is planned once per connection.
  await run(db, `${PREPARED}with ${parts.join(', ')} ${last}`, all.map((w) => w.json));
}

/**
 * What a fold wrote, kept to be sent later as one script (`sendScript`): its own statements in the order it ran them,
 * and its held writes (`writeAsJson`).
 */
export interface KeptWrites {
  statements: CompiledQuery[];
  held: HeldWrite[];
}

/** A fold that runs ahead of a write not yet committed read the read models: it must wait for that write. */
export class ReadBeforeItsTime extends Error {}

/** Where `keepingWrites` keeps the statements of the fold under way, and whether that fold may read yet. */
export interface WritesKept {
  statements: CompiledQuery[];
  readsRefused: boolean;
}

/** Reads as a statement that returns rows and changes nothing. */
function isRead(query: CompiledQuery): boolean {
  const node = query.query;
  return node.kind === 'SelectQueryNode' || (node.kind === 'RawNode' && /^\s*select\b/i.test(node.sqlFragments[0] ?? ''));
}

/**
 * A database handle for folds whose writes are sent later: a read runs on `db` at once (or, with `readsRefused`,
 * fails with `ReadBeforeItsTime`); any other statement is compiled and kept in `kept.statements`, not sent, and
 * answers that it changed nothing. For projections that do not read what they write.
 */
export function keepingWrites(db: Kysely<ReadModels>, kept: WritesKept): Kysely<ReadModels> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (!isRead(query)) {
        kept.statements.push(query);
        return { rows: [], numAffectedRows: 0n };
      }
      if (kept.readsRefused) throw new ReadBeforeItsTime('A fold run ahead of the write before it read the read models');
      return db.executeQuery<R>(query);
    },
    streamQuery() {
      throw new Error('A fold whose writes are kept cannot stream a query');
    },
  };
  return new Kysely<ReadModels>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createDriver: () => ({
        init: async () => undefined,
        acquireConnection: async () => connection,
        beginTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
    },
  });
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): string | Buffer | null };

/** A string constant, whatever `standard_conforming_strings` says. */
function quoted(text: string): string {
  const doubled = text.replaceAll("'", "''");
  return text.includes('\\') ? `E'${doubled.replaceAll('\\', '\\\\')}'` : `'${doubled}'`;
}

/**
 * A parameter's value written into the statement: the text `pg` would send for it, as a constant of no type yet, which
 * PostgreSQL types from where it stands exactly as it types a parameter sent without a type.
 */
function constant(value: unknown): string {
  const text = prepareValue(value);
  if (text === null) return 'null';
  return quoted(Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text);
}

/** A statement with its parameters (`$1`…, outside quotes) written in as constants. */
export function withConstants(text: string, parameters: readonly unknown[]): string {
  if (parameters.length === 0) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      // Skip a quoted constant or name (a doubled quote stays inside it).
      for (i++; i < text.length && !(text[i] === c && text[i + 1] !== c); i += text[i] === c ? 2 : 1);
    } else if (c === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text[j]!)) j++;
      const n = Number(text.slice(i + 1, j));
      if (n < 1 || n > parameters.length) throw new Error(`Statement parameter $${n} has no value: ${text}`);
      out += text.slice(from, i) + constant(parameters[n - 1]);
      from = j;
      i = j - 1;
    }
  }
  return out + text.slice(from);
}

/**
 * Sends kept writes as ONE script (several statements in one message, which PostgreSQL runs as one transaction: all of
 * it or none): `guard` first (it fails the script unless it changed exactly its `rows` rows), then each fold's own
 * statements in order, then every held write as one statement. A batch of projections that write on their own then
 * costs one round trip, as a batch of held writes does with `sendTogether`.
 */
export async function sendScript(db: Kysely<ReadModels>, kept: readonly KeptWrites[], guard: WriteGuard): Promise<void> {
  const json = (w: HeldWrite) => w.text.replace(PARAMETER, () => `${quoted(w.json)}::json`);
  const script = [`with w0 as (${json(guard)}) select 1 / (case when (select count(*) from w0) = ${Number(guard.rows)} then 1 else 0 end) as held`];
  for (const k of kept) for (const s of k.statements) script.push(withConstants(s.sql, s.parameters));
  const held = kept.flatMap((k) => k.held);
  if (held.length) script.push(`with ${held.map((w, i) => `w${i} as (${json(w)})`).join(', ')} select 1`);
  await db.executeQuery(CompiledQuery.raw(script.join(';\n')));
}

function run(db: Kysely<ReadModels>, text: string, parameters: readonly string[]) {
  return db.executeQuery(CompiledQuery.raw(text, [...parameters]));
}

/** Table and column names come from the typed `StoredRows`; the statements themselves are built untyped. */
function untyped(db: Kysely<ReadModels>) {
  return db as unknown as Kysely<Record<string, Record<string, unknown>>>;
}

/** Inserts the rows, or replaces the stored row's columns when the row written is newer: one statement, and a replay changes nothing. */
function upsertNewer<T extends Versioned, Row>(trx: Transaction<ReadModels>, stored: StoredRows<T, Row>, rows: Insertable<ReadModels[T]>[]): Promise<void> {
  return writeRowsAsJson(trx, { table: stored.table, key: [stored.key], update: [...stored.columns, 'revision' as Column<T>], newerWhen: ['revision' as Column<T>] }, rows);
}
