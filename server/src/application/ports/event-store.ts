/**
 * The event-store port. Two adapters implement it: PostgreSQL (the same code on PGlite and on a
 * real server) and EventStoreDB. Every adapter must pass `event-store.contract.ts`.
 */

/** Metadata every stored event carries (see docs/ARCHITECTURE.md, "Event envelope"). */
export interface EventMetadata {
  /** The request or process that caused this chain of events. */
  correlationId: string;
  /** The command or event that directly caused this one. */
  causationId?: string;
  /** The acting user (player id, admin id, or `system:<process>`). */
  userId?: string;
  [key: string]: unknown;
}

/** An event ready to append. `id` (a UUID) makes appends idempotent. */
export interface EventData<Data = unknown> {
  id: string;
  type: string;
  data: Data;
  metadata: EventMetadata;
}

/**
 * Opaque, totally ordered position in the global log, as a string the adapter alone interprets
 * (PostgreSQL: `<transaction id>:<position>`; EventStoreDB: `<commit>:<prepare>`). Projections store it
 * as their checkpoint. `null` means "before the first event".
 */
export type Checkpoint = string;

export interface RecordedEvent<Data = unknown> extends EventData<Data> {
  streamId: string;
  /** 0-based revision of this event inside its stream. */
  revision: number;
  /** Position in the global log; pass it back as `after` to continue after this event. */
  checkpoint: Checkpoint;
  /** When the event store recorded it (ISO 8601, UTC). */
  createdAt: string;
}

/**
 * `'no_stream'`: the stream must not exist. `'stream_exists'`: it must exist. `'any'`: no check.
 * A number: the revision of the stream's last event must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

/**
 * Another stream that must still be where the caller last saw it for the append to go ahead: its last
 * revision (or `'no_stream'`). A command decided on state from two streams (e.g. an account and its
 * player's standing) passes the one it does not write, so a change there in between refuses the append.
 */
export interface AppendCondition {
  streamId: string;
  revision: number | 'no_stream';
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  /** Append only while this other stream is still at this revision (WrongExpectedRevisionError naming it otherwise). */
  condition?: AppendCondition;
}

export interface AppendResult {
  /** Revision of the last event now in the stream; pass it as the next expected revision. */
  nextExpectedRevision: number;
  checkpoint: Checkpoint;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision (forwards: lowest, backwards: highest). Default: the stream's start / end. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events after this position; null/undefined from the beginning. */
  after?: Checkpoint | null;
  maxCount?: number;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Where to continue from: the last event's checkpoint, or `after` when there was nothing new. */
  checkpoint: Checkpoint | null;
}

export interface SubscribeOptions {
  after?: Checkpoint | null;
  /** Called once per event, in commit order, never twice for the same event; the next waits for it. */
  onEvent: (event: RecordedEvent) => Promise<void> | void;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivering; resolves when the current delivery has finished. */
  stop(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface EventStore {
  /** `postgres`, `pglite` or `eventstoredb`. */
  readonly kind: string;
  /** Creates what the adapter needs (tables, functions). Idempotent. */
  init(): Promise<void>;
  /**
   * Appends all events or none. Throws WrongExpectedRevisionError on a mismatch. Appending events whose
   * ids are already in the stream (a retried request) succeeds without writing them again. With a
   * `condition`, throws WrongExpectedRevisionError whose `streamId` is the condition's stream when that
   * stream moved (PostgreSQL checks it in the append's own statement; EventStoreDB just before it).
   */
  appendToStream(streamId: string, events: EventData[], options?: AppendOptions): Promise<AppendResult>;
  /** Events of one stream; an unknown stream reads as []. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream in commit order; never returns an event whose predecessors could still appear. */
  readAll(options?: ReadAllOptions): Promise<ReadAllResult>;
  /** Catch-up subscription to the global log from a checkpoint, then live. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * Position of the newest event visible to readAll, for lag reporting; with `committed`, of the newest event stored,
   * which readAll may give only a moment later (on PostgreSQL, once every transaction older than it has ended): what a
   * reader who must see every event stored now waits for.
   */
  headCheckpoint(options?: { committed?: boolean }): Promise<Checkpoint | null>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Checkpoints of every adapter are `"<a>:<b>"` pairs of non-negative integers, ordered as tuples
 * (PostgreSQL: transaction id, position; EventStoreDB: commit, prepare). null sorts first.
 */
export function compareCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const ai = a.indexOf(':');
  const bi = b.indexOf(':');
  // Parts of up to 15 digits are exact as numbers (below 2^53): the common case, without BigInt.
  if (ai <= 15 && bi <= 15 && a.length - ai <= 16 && b.length - bi <= 16) {
    const a1 = Number(a.slice(0, ai));
    const b1 = Number(b.slice(0, bi));
    if (a1 !== b1) return a1 < b1 ? -1 : 1;
    const a2 = Number(a.slice(ai + 1));
    const b2 = Number(b.slice(bi + 1));
    return a2 === b2 ? 0 : a2 < b2 ? -1 : 1;
  }
  const [a1, a2] = a.split(':').map(BigInt) as [bigint, bigint];
  const [b1, b2] = b.split(':').map(BigInt) as [bigint, bigint];
  if (a1 !== b1) return a1 < b1 ? -1 : 1;
  if (a2 !== b2) return a2 < b2 ? -1 : 1;
  return 0;
}
