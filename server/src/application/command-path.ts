import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../domain/decider';
import { DomainError, fold } from '../domain/decider';
import type { CommandObservation } from './ports/telemetry';
import { KeyedQueue } from './keyed-queue';
import { type AppendCondition, type Checkpoint, type EventData, type EventStore, type RecordedEvent, WrongExpectedRevisionError } from './ports/event-store';

export interface CommandContext {
  /** The HTTP request id or the process run that caused this command. */
  correlationId: string;
  /** The acting user: a player id, an admin id or `system:<process>`. */
  userId?: string;
  /** Id of the message that caused this command; defaults to a fresh command id. */
  causationId?: string;
}

export interface CommandOutcome<State, Event> {
  /** The state the command was decided on. */
  before: State;
  /** State after the new events. */
  state: State;
  /** Events this command appended (empty when the decider had nothing to record). */
  events: Event[];
  /** Revision of the stream's last event, or null when the stream is still empty. */
  revision: number | null;
  /** Global position of the last appended event, for read-your-writes waits. */
  checkpoint: Checkpoint | null;
}

/** A folded stream: its state and the revision of its last event (null when empty). */
export interface LoadedStream<State> {
  state: State;
  revision: number | null;
  /**
   * True when the state was taken from memory without reading the stream, so it may be behind it.
   * The append's expected revision catches that; a refusal or an empty decision on such a state is
   * decided again on a fresh read before it is answered.
   */
  remembered?: boolean;
}

/**
 * How a stream's events are kept at rest, when that differs from what its decider works with (a secret
 * sealed): `encode` before the append, `decode` after the read. Without one, events are stored as decided.
 */
export interface EventCodec<Event extends DomainEvent> {
  encode(event: Event): { type: string; data: unknown };
  decode(stored: { type: string; data: unknown }): Event;
}

/** What a decision depends on besides its own stream (e.g. the player's standing for an account command). */
export interface Dependency<Value> {
  value: Value;
  /** The other stream's revision `value` came from: the append is refused if that stream moved since. */
  condition?: AppendCondition;
  /** Taken from memory without reading: a refusal or an empty decision on it is decided again on a fresh read. */
  remembered?: boolean;
}

export interface HandleOptions<State, Event extends DomainEvent = DomainEvent, Needs = undefined> {
  /**
   * Folds the stream instead of reading it from the start (e.g. from a snapshot plus the events after it,
   * or a state remembered in memory unless `fresh` is asked for). The append still expects the revision
   * it returns, so a stale or wrong hook can cost a retry, never a write.
   */
  load?: (streamId: string, options: { fresh: boolean }) => Promise<LoadedStream<State>>;
  /**
   * Reads what the decision depends on besides the stream, before every attempt (`fresh` after a refusal on a
   * remembered state or a conflict): its value is the command function's second argument, and its condition
   * goes with the append.
   */
  depends?: (options: { fresh: boolean }) => Promise<Dependency<Needs>>;
  /**
   * Runs after a successful append, before the next command of this process on the stream starts (e.g. to
   * remember the new state, so the next one decides on it without reading).
   */
  afterAppend?: (outcome: CommandOutcome<State, DomainEvent>) => Promise<void>;
  /** How the stream's events are stored (the same codec must read them: pass it to `load` too). */
  codec?: EventCodec<Event>;
}

export interface CommandPathOptions {
  /**
   * Attempts of one command before a concurrency conflict is given up: each re-reads the stream and its
   * dependency (default 5).
   */
  maxAttempts?: number;
  /** Told after every successful append (wakes the projection runner in this process). */
  onAppended?: (checkpoint: Checkpoint) => void;
  /** Told what each command came to (metrics). */
  observe?: (observation: CommandObservation) => void;
}

/** What a command run learns for its observation: the concrete command's type and how long its append took. */
interface Seen {
  command: string;
  appendSeconds?: number;
}

/** A domain error's code, or null for anything else. */
function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * The one generic command path: read the stream (and what the decision depends on), fold it with `evolve`,
 * `decide`, append with the expected revision, and on a conflict start again from the read (bounded). It is
 * the only retry loop of a command.
 *
 * Commands on one stream in this process queue behind each other (`KeyedQueue`), so a burst of one
 * player's requests never conflicts with itself: each is decided on the state the one before left. The
 * expected revision and its bounded retries remain for writers in other processes.
 */
export class CommandPath {
  private readonly maxAttempts: number;
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly store: EventStore,
    private readonly options: CommandPathOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 5;
  }

  async handle<Command, State, Event extends DomainEvent, Needs = undefined>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command | ((state: State, needs: Needs) => Command),
    context: CommandContext,
    options: HandleOptions<State, Event, Needs> = {},
  ): Promise<CommandOutcome<State, Event>> {
    return this.queue.run(streamId, async () => {
      const seen: Seen = { command: 'unknown' };
      let outcome: CommandOutcome<State, Event>;
      try {
        outcome = await this.decideAndAppend(streamId, decider, command, context, options, seen);
      } catch (err) {
        const code = codeOf(err);
        const outcome = err instanceof WrongExpectedRevisionError ? 'conflict' : err instanceof DomainError ? 'refused' : 'failed';
        this.options.observe?.({ command: seen.command, outcome, ...(code && outcome === 'refused' ? { code } : {}), events: [] });
        throw err;
      }
      this.options.observe?.({
        command: seen.command,
        outcome: outcome.events.length ? 'appended' : 'unchanged',
        events: outcome.events.map((e) => e.type),
        ...(seen.appendSeconds === undefined ? {} : { appendSeconds: seen.appendSeconds }),
      });
      if (outcome.events.length && options.afterAppend) await options.afterAppend(outcome as CommandOutcome<State, DomainEvent>);
      return outcome;
    });
  }

  /** Streams with a command queued or running in this process (bounded by the commands in flight). */
  get busyStreams(): number {
    return this.queue.size;
  }

  private async decideAndAppend<Command, State, Event extends DomainEvent, Needs>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command | ((state: State, needs: Needs) => Command),
    context: CommandContext,
    options: HandleOptions<State, Event, Needs>,
    seen: Seen,
  ): Promise<CommandOutcome<State, Event>> {
    let fresh = false;
    for (let attempt = 1; ; attempt++) {
      const loaded = options.load ? await options.load(streamId, { fresh }) : await this.load(streamId, decider, undefined, options.codec);
      const needs = options.depends ? await options.depends({ fresh }) : { value: undefined as Needs };
      const { state, revision } = loaded;
      // Read from memory, either may be behind its stream: refuse (or do nothing) only on what the streams really hold.
      const maybeBehind = !fresh && (loaded.remembered === true || needs.remembered === true);
      let events: Event[];
      try {
        const decided = typeof command === 'function' ? (command as (s: State, n: Needs) => Command)(state, needs.value) : command;
        const type = (decided as { type?: unknown } | null)?.type;
        if (typeof type === 'string') seen.command = type;
        events = decider.decide(decided, state);
      } catch (err) {
        if (!maybeBehind) throw err;
        fresh = true;
        continue;
      }
      if (events.length === 0) {
        if (!maybeBehind) return { before: state, state, events, revision, checkpoint: null };
        fresh = true;
        continue;
      }

      const commandId = randomUUID();
      const toAppend: EventData[] = events.map((e) => ({
        id: randomUUID(),
        type: e.type,
        data: options.codec ? options.codec.encode(e).data : e.data,
        metadata: {
          correlationId: context.correlationId,
          causationId: context.causationId ?? commandId,
          ...(context.userId ? { userId: context.userId } : {}),
        },
      }));
      try {
        const appending = performance.now();
        const result = await this.store.appendToStream(streamId, toAppend, {
          expectedRevision: revision === null ? 'no_stream' : revision,
          ...(needs.condition ? { condition: needs.condition } : {}),
        });
        seen.appendSeconds = (performance.now() - appending) / 1000;
        this.options.onAppended?.(result.checkpoint);
        return {
          before: state,
          state: fold(decider.evolve, state, events),
          events,
          revision: result.nextExpectedRevision,
          checkpoint: result.checkpoint,
        };
      } catch (err) {
        // The stream or the dependency moved since they were read: decide again on both, read fresh.
        const conflict = err instanceof WrongExpectedRevisionError && (err.streamId === streamId || err.streamId === needs.condition?.streamId);
        if (!conflict || attempt >= this.maxAttempts) throw err;
        fresh = true;
      }
    }
  }

  /**
   * Folds a stream without deciding anything (for command handlers that need another aggregate's state).
   * With `from` (a state already folded up to `from.revision`) only the events after it are read.
   */
  async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
    from?: LoadedStream<State>,
    codec?: EventCodec<Event>,
  ): Promise<LoadedStream<State>> {
    const after = from?.revision ?? null;
    const history = await this.store.readStream(streamId, after === null ? {} : { fromRevision: after + 1 });
    const decode = codec ? (e: RecordedEvent) => codec.decode({ type: e.type, data: e.data }) : asDomainEvent<Event>;
    return {
      state: fold(decider.evolve, from && after !== null ? from.state : decider.initialState(), history.map(decode)),
      revision: history.length ? history[history.length - 1]!.revision : after,
    };
  }
}

function asDomainEvent<Event extends DomainEvent>(e: RecordedEvent): Event {
  return { type: e.type, data: e.data } as Event;
}
