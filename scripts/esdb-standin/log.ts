/**
 * The stand-in's storage: one append-only log of event records, as EventStoreDB keeps it, in memory
 * (optionally mirrored to a JSON-lines file so it survives a restart).
 *
 * What it reproduces of EventStoreDB (the storage side of the wire protocol, see server.ts):
 * - every record has a position in the log that only grows; EventStoreDB reports it as a
 *   commit/prepare pair, equal for an event written by a plain append, and positions are byte
 *   offsets, so they are neither consecutive nor small;
 * - appends are applied one at a time, all events of an append or none, and visible to every reader
 *   as soon as they are acknowledged, in log (commit) order;
 * - expected revisions `any`, `no_stream`, `stream_exists` and an exact revision, and idempotent
 *   re-appends, decided like EventStoreDB's commit check (see `append`);
 * - system records: an `$epoch-information` record at every start and, optionally, periodic
 *   `$statsCollected` records, which a client must skip like those of a real server.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ANY = 'any';
export const NO_STREAM = 'no_stream';
export const STREAM_EXISTS = 'stream_exists';
export type Expected = typeof ANY | typeof NO_STREAM | typeof STREAM_EXISTS | bigint;

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Buffer;
  metadata: Buffer;
}

export interface StoredEvent extends ProposedEvent {
  /** Position in the log (EventStoreDB's commit and prepare position of this record). */
  position: bigint;
  streamId: string;
  revision: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as EventStoreDB sends `created`. */
  created: bigint;
}

export type AppendOutcome =
  | { kind: 'written' | 'idempotent'; revision: bigint; position: bigint }
  | { kind: 'empty'; revision: bigint | null }
  | { kind: 'wrong_expected_version'; current: bigint | null };

/** Bytes a record takes in the log besides its payload (header, ids, flags, timestamps). */
const RECORD_OVERHEAD = 120n;

export interface EventLogOptions {
  /** Directory of `events.jsonl`; without it the log lives in memory only. */
  dataDir?: string;
}

export class EventLog {
  readonly #records: StoredEvent[] = [];
  readonly #streams = new Map<string, StoredEvent[]>();
  /** Event id → where it was last written (EventStoreDB's committed-events cache, unbounded here). */
  readonly #ids = new Map<string, { streamId: string; revision: bigint }>();
  readonly #listeners = new Set<() => void>();
  readonly #file: string | undefined;
  #end = 0n;

  constructor(options: EventLogOptions = {}) {
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      this.#file = join(options.dataDir, 'events.jsonl');
      if (existsSync(this.#file)) this.#load(this.#file);
    }
    // EventStoreDB writes an epoch record each time a node becomes leader.
    this.writeSystem('$epoch-information', '$epoch-information', { epochNumber: this.#countOf('$epoch-information'), startedAt: new Date().toISOString() });
  }

  get size(): number {
    return this.#records.length;
  }

  /** The position after the last record: where the next one will be written. */
  get end(): bigint {
    return this.#end;
  }

  get records(): readonly StoredEvent[] {
    return this.#records;
  }

  /** Events of a stream in revision order; undefined when the stream does not exist. */
  stream(streamId: string): readonly StoredEvent[] | undefined {
    return this.#streams.get(streamId);
  }

  /** Index of the first record at or after `position` (records.length when there is none). */
  indexAtOrAfter(position: bigint): number {
    let lo = 0;
    let hi = this.#records.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#records[mid]!.position < position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Calls `listener` after every write until the returned function is called. */
  onWrite(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Appends `events` to `streamId` if `expected` holds, following EventStoreDB's commit check:
   * - `stream_exists` on a stream that does not exist is a wrong expected version;
   * - `any` and `stream_exists`: when the first event id is already stored in this stream, the
   *   append is a retry: if every id is stored there it succeeds without writing (answering the
   *   revision and position of the last of them), otherwise it is refused; a first id not yet stored
   *   means a new append;
   * - `no_stream` (revision -1) or an exact revision below the current one: a retry if the events
   *   already stored after that revision carry the same ids in the same order; a refusal otherwise;
   * - an exact revision above the current one is refused; equal to it (or `no_stream` on a missing
   *   stream) the events are written.
   * A refusal answers the stream's current revision (null: no stream).
   */
  append(streamId: string, expected: Expected, events: readonly ProposedEvent[]): AppendOutcome {
    const stream = this.#streams.get(streamId);
    const current = stream && stream.length > 0 ? BigInt(stream.length - 1) : -1n;
    const refuse = (): AppendOutcome => ({ kind: 'wrong_expected_version', current: current < 0n ? null : current });

    if (expected === STREAM_EXISTS && current < 0n) return refuse();

    if (expected === ANY || expected === STREAM_EXISTS) {
      let last: { streamId: string; revision: bigint } | undefined;
      for (const [i, event] of events.entries()) {
        const stored = this.#ids.get(event.id);
        if (!stored || stored.streamId !== streamId) {
          if (i === 0) return this.#write(streamId, current, events);
          return refuse();
        }
        last = stored;
      }
      if (!last) return { kind: 'empty', revision: current < 0n ? null : current };
      return { kind: 'idempotent', revision: last.revision, position: stream![Number(last.revision)]!.position };
    }

    const expectedRevision = expected === NO_STREAM ? -1n : expected;
    if (expectedRevision < current) {
      for (const [i, event] of events.entries()) {
        const stored = stream![Number(expectedRevision) + 1 + i];
        if (stored?.id !== event.id) return refuse();
      }
      if (events.length === 0) return refuse();
      const last = stream![Number(expectedRevision) + events.length]!;
      return { kind: 'idempotent', revision: last.revision, position: last.position };
    }
    if (expectedRevision > current) return refuse();
    return this.#write(streamId, current, events);
  }

  /** Writes a record of EventStoreDB's own (stream and type starting with `$`). */
  writeSystem(streamId: string, type: string, data: unknown): void {
    const stream = this.#streams.get(streamId);
    const current = stream ? BigInt(stream.length - 1) : -1n;
    this.#write(streamId, current, [
      { id: randomUUID(), type, contentType: 'application/json', data: Buffer.from(JSON.stringify(data)), metadata: Buffer.alloc(0) },
    ]);
  }

  #countOf(streamId: string): number {
    return this.#streams.get(streamId)?.length ?? 0;
  }

  #write(streamId: string, current: bigint, events: readonly ProposedEvent[]): AppendOutcome {
    if (events.length === 0) return { kind: 'empty', revision: current < 0n ? null : current };
    const created = BigInt(Date.now()) * 10_000n;
    const written: StoredEvent[] = events.map((event, i) => {
      const position = this.#end;
      this.#end += RECORD_OVERHEAD + BigInt(Buffer.byteLength(streamId) + Buffer.byteLength(event.type) + event.data.length + event.metadata.length);
      this.#end += (8n - (this.#end % 8n)) % 8n;
      return { ...event, streamId, revision: current + 1n + BigInt(i), position, created };
    });
    // Mirrored to disk before it is visible: a restarted stand-in has every acknowledged event.
    if (this.#file) appendFileSync(this.#file, written.map((e) => JSON.stringify(toLine(e)) + '\n').join(''));
    this.#add(written);
    const last = written.at(-1)!;
    for (const listener of [...this.#listeners]) listener();
    return { kind: 'written', revision: last.revision, position: last.position };
  }

  #add(written: readonly StoredEvent[]): void {
    for (const event of written) {
      this.#records.push(event);
      let stream = this.#streams.get(event.streamId);
      if (!stream) this.#streams.set(event.streamId, (stream = []));
      stream.push(event);
      this.#ids.set(event.id, { streamId: event.streamId, revision: event.revision });
    }
  }

  #load(file: string): void {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      if (!line.trim()) continue;
      let event: StoredEvent;
      try {
        event = fromLine(JSON.parse(line) as Line);
      } catch (error) {
        // Only the last line can be cut short (a crash in the middle of a write): it was never acknowledged.
        if (i >= lines.length - 2) break;
        throw new Error(`${file}:${i + 1}: unreadable record (${String(error)})`);
      }
      if (event.position < this.#end) throw new Error(`${file}:${i + 1}: position ${event.position} is behind ${this.#end}`);
      this.#add([event]);
      this.#end = event.position + RECORD_OVERHEAD + BigInt(Buffer.byteLength(event.streamId) + Buffer.byteLength(event.type) + event.data.length + event.metadata.length);
      this.#end += (8n - (this.#end % 8n)) % 8n;
    }
  }
}

interface Line {
  p: string;
  s: string;
  r: string;
  id: string;
  t: string;
  ct: string;
  c: string;
  d: string;
  m: string;
}

function toLine(e: StoredEvent): Line {
  return { p: String(e.position), s: e.streamId, r: String(e.revision), id: e.id, t: e.type, ct: e.contentType, c: String(e.created), d: e.data.toString('base64'), m: e.metadata.toString('base64') };
}

function fromLine(l: Line): StoredEvent {
  return {
    position: BigInt(l.p),
    streamId: l.s,
    revision: BigInt(l.r),
    id: l.id,
    type: l.t,
    contentType: l.ct,
    created: BigInt(l.c),
    data: Buffer.from(l.d, 'base64'),
    metadata: Buffer.from(l.m, 'base64'),
  };
}
