/**
 * A wire-level EventStoreDB stand-in for tests: a gRPC server speaking the EventStoreDB client protocol
 * from the service definitions `@eventstore/db-client` ships (generated/*_grpc_pb.js), over an
 * in-memory log (log.ts). It serves what the event-store adapter and its projections use:
 *
 * - `Streams.Append` (one stream, client streaming) and `Streams.BatchAppend` (the bidirectional
 *   stream the client prefers when the server lists it), with EventStoreDB's expected-revision and
 *   idempotency rules, its wrong-expected-version answers (in the response body for Append, as a
 *   google.rpc.Status with WrongExpectedVersion details for BatchAppend) and its maximum append size;
 * - `Streams.Read` of a stream forwards or backwards from a revision (a missing stream answers
 *   `stream_not_found`), of `$all` forwards from a position (inclusive) or backwards (exclusive), and
 *   catch-up subscriptions to `$all` from a position (exclusive), filtered by event type or stream
 *   name, with confirmation, caught-up and checkpoint messages; every call respects flow control;
 * - `ServerFeatures.GetSupportedMethods` and `Gossip.Read` (a single leader), as a one-node server.
 *
 * Never shipped: it lives under scripts/ and runs with tsx (`npm run esdb:standin`) or in-process in
 * tests. No TLS, no users, no clustering, no persistence beyond an optional JSON-lines file.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as ProtoEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import { GossipService } from '@eventstore/db-client/generated/gossip_grpc_pb';
import { ClusterInfo, EndPoint, MemberInfo } from '@eventstore/db-client/generated/gossip_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import * as shared from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { AppendReq, AppendResp, BatchAppendReq, BatchAppendResp, ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { ANY, EventLog, NO_STREAM, STREAM_EXISTS, type Expected, type ProposedEvent, type StoredEvent } from './log';

export interface StandinOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Keep the log in `<dataDir>/events.jsonl` across restarts; in memory only without it. */
  dataDir?: string;
  /** List BatchAppend among the server's features (default true, as EventStoreDB 21.10 and newer). */
  batchAppend?: boolean;
  /** Write a `$statsCollected` system event this often (EventStoreDB: every 30 s); 0 turns it off. */
  statsIntervalMs?: number;
  /** Largest total payload of one append in bytes (EventStoreDB's default: 1 MiB). */
  maxAppendSize?: number;
  /** The version the server reports. */
  serverVersion?: string;
}

export interface Standin {
  /** Connection string for `@eventstore/db-client`, e.g. `esdb://127.0.0.1:2113?tls=false`. */
  url: string;
  port: number;
  log: EventLog;
  /** Read calls and subscriptions still open (a client that stops reading early must cancel its call). */
  openReads(): number;
  /**
   * Calls served per RPC (`read` counts reads and subscriptions; `batchAppend` counts appends, not
   * streams), and `events`: events sent by reads and subscriptions.
   */
  served: Record<'read' | 'append' | 'batchAppend' | 'features' | 'gossip' | 'events', number>;
  /** Ends every live subscription with UNAVAILABLE, as a server does when it steps down or restarts. */
  dropSubscriptions(): void;
  close(): Promise<void>;
}

/** Events read from $all per page by a catch-up subscription before it looks for new ones. */
const SUBSCRIPTION_PAGE = 512;

export async function startStandin(options: StandinOptions = {}): Promise<Standin> {
  const host = options.host ?? '127.0.0.1';
  const log = new EventLog({ dataDir: options.dataDir });
  const batchAppend = options.batchAppend ?? true;
  const maxAppendSize = options.maxAppendSize ?? 1024 * 1024;
  const reads = new Set<OpenRead>();
  const served = { read: 0, append: 0, batchAppend: 0, features: 0, gossip: 0, events: 0 };
  const server = new grpc.Server();

  server.addService(StreamsService, {
    read: (call: grpc.ServerWritableStream<ReadReq, ReadResp>) => {
      served.read++;
      const read = new OpenRead(call, reads, () => served.events++);
      serveRead(log, read).catch((error: unknown) => read.fail(grpc.status.INTERNAL, String(error)));
    },
    append: (call: grpc.ServerReadableStream<AppendReq, AppendResp>, callback: grpc.sendUnaryData<AppendResp>) => {
      served.append++;
      serveAppend(log, maxAppendSize, call, callback);
    },
    batchAppend: (call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>) => {
      if (!batchAppend) {
        call.emit('error', { code: grpc.status.UNIMPLEMENTED, details: 'BatchAppend is not supported by this server' });
        return;
      }
      serveBatchAppend(log, maxAppendSize, call, () => served.batchAppend++);
    },
    delete: unimplemented,
    tombstone: unimplemented,
  });

  server.addService(ServerFeaturesService, {
    getSupportedMethods: (_call: grpc.ServerUnaryCall<shared.Empty, SupportedMethods>, callback: grpc.sendUnaryData<SupportedMethods>) => {
      served.features++;
      const answer = new SupportedMethods();
      answer.setEventStoreServerVersion(options.serverVersion ?? '23.10.0');
      const methods: Array<[string, string, string[]]> = [
        ['event_store.client.streams.Streams', 'read', ['position', 'events']],
        ['event_store.client.streams.Streams', 'append', []],
        ...(batchAppend ? [['event_store.client.streams.Streams', 'batchappend', []] as [string, string, string[]]] : []),
        ['event_store.client.server_features.ServerFeatures', 'getsupportedmethods', []],
        ['event_store.client.gossip.Gossip', 'read', []],
      ];
      answer.setMethodsList(
        methods.map(([service, method, features]) => {
          const m = new SupportedMethod();
          m.setServiceName(service);
          m.setMethodName(method);
          m.setFeaturesList(features);
          return m;
        }),
      );
      callback(null, answer);
    },
  });

  const instanceId = randomUUID();
  let port = 0;
  server.addService(GossipService, {
    read: (_call: grpc.ServerUnaryCall<shared.Empty, ClusterInfo>, callback: grpc.sendUnaryData<ClusterInfo>) => {
      served.gossip++;
      const member = new MemberInfo();
      member.setInstanceId(toUuid(instanceId, false));
      member.setTimeStamp(String(BigInt(Date.now()) * 10_000n));
      member.setState(MemberInfo.VNodeState.LEADER);
      member.setIsAlive(true);
      const endpoint = new EndPoint();
      endpoint.setAddress(host);
      endpoint.setPort(port);
      member.setHttpEndPoint(endpoint);
      const info = new ClusterInfo();
      info.setMembersList([member]);
      callback(null, info);
    },
  });

  port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${options.port ?? 0}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  // Like EventStoreDB (Kestrel), answer without Nagle's delay: grpc-js leaves it on for servers, and a
  // long read would then stall ~40 ms on every flow-control window against the client's delayed ACKs.
  const http2Servers = (server as unknown as { http2Servers?: Map<import('node:net').Server, unknown> }).http2Servers;
  for (const http2Server of http2Servers?.keys() ?? []) http2Server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));

  const statsStream = `$stats-${host}:${port}`;
  const stats = options.statsIntervalMs
    ? setInterval(() => log.writeSystem(statsStream, '$statsCollected', { 'proc-startTime': new Date().toISOString(), 'es-queue-count': reads.size }), options.statsIntervalMs)
    : undefined;
  stats?.unref();

  const dropSubscriptions = () => {
    for (const read of [...reads]) if (read.subscription) read.fail(grpc.status.UNAVAILABLE, 'Server is shutting down.');
  };

  return {
    url: `esdb://${host}:${port}?tls=false`,
    port,
    log,
    openReads: () => reads.size,
    served,
    dropSubscriptions,
    close: async () => {
      if (stats) clearInterval(stats);
      dropSubscriptions();
      for (const read of [...reads]) read.fail(grpc.status.UNAVAILABLE, 'Server is shutting down.');
      // Clients keep their append streams open: give calls in flight a moment, then cut the rest.
      await new Promise<void>((resolve) => {
        const cut = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 500);
        server.tryShutdown(() => {
          clearTimeout(cut);
          resolve();
        });
      });
    },
  };
}

function unimplemented(_call: unknown, callback: grpc.sendUnaryData<never>): void {
  callback({ code: grpc.status.UNIMPLEMENTED, details: 'Not supported by the EventStoreDB stand-in' }, null);
}

/** A server-streaming Read call: writes with flow control until the client cancels or it ends. */
class OpenRead {
  subscription = false;
  #done = false;
  #wake: (() => void) | undefined;

  constructor(
    readonly call: grpc.ServerWritableStream<ReadReq, ReadResp>,
    private readonly open: Set<OpenRead>,
    private readonly countEvent: () => void,
  ) {
    open.add(this);
    call.on('cancelled', () => this.#finish());
    call.on('error', () => this.#finish());
  }

  get done(): boolean {
    return this.#done;
  }

  /** Writes one message; resolves once the transport can take more (false: the call is over). */
  async send(message: ReadResp): Promise<boolean> {
    if (this.#done) return false;
    if (message.hasEvent()) this.countEvent();
    if (!this.call.write(message)) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        this.call.once('drain', () => resolve());
      });
      this.#wake = undefined;
    }
    return !this.#done;
  }

  /** Resolves when `subscribe`'s callback is called or the call ends. */
  until(subscribe: (wake: () => void) => () => void): Promise<void> {
    if (this.#done) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const unsubscribe = subscribe(() => {
        unsubscribe();
        resolve();
      });
      this.#wake = () => {
        unsubscribe();
        resolve();
      };
    });
  }

  end(): void {
    if (this.#done) return;
    this.#finish();
    this.call.end();
  }

  fail(code: grpc.status, details: string, metadata?: Record<string, string>): void {
    if (this.#done) return;
    this.#finish();
    const trailers = new grpc.Metadata();
    for (const [key, value] of Object.entries(metadata ?? {})) trailers.set(key, value);
    this.call.emit('error', { code, details, metadata: trailers });
  }

  #finish(): void {
    this.#done = true;
    this.open.delete(this);
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

async function serveRead(log: EventLog, read: OpenRead): Promise<void> {
  const options = read.call.request.getOptions();
  if (!options) return read.fail(grpc.status.INVALID_ARGUMENT, 'Read options are required');
  const structured = options.getUuidOption()?.hasStructured() ?? false;
  const forwards = options.getReadDirection() === ReadReq.Options.ReadDirection.FORWARDS;
  const count = options.hasCount() ? clampCount(options.getCount()) : Number.MAX_SAFE_INTEGER;
  const filter = options.hasFilter() ? compileFilter(options.getFilter()!) : null;

  if (options.hasStream()) {
    if (options.hasSubscription()) return read.fail(grpc.status.UNIMPLEMENTED, 'Stream subscriptions are not supported by the EventStoreDB stand-in');
    const streamOptions = options.getStream()!;
    const streamId = streamName(streamOptions.getStreamIdentifier());
    const events = log.stream(streamId);
    if (!events) {
      const notFound = new ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
      const answer = new ReadResp();
      answer.setStreamNotFound(notFound);
      await read.send(answer);
      return read.end();
    }
    const last = events.length - 1;
    let from: number;
    if (streamOptions.hasStart()) from = forwards ? 0 : -1;
    else if (streamOptions.hasEnd()) from = forwards ? events.length : last;
    else from = Math.min(Number(BigInt(streamOptions.getRevision())), forwards ? events.length : last);
    let sent = 0;
    for (let i = from; sent < count && i >= 0 && i <= last; i += forwards ? 1 : -1) {
      if (!(await read.send(readEvent(events[i]!, structured, false)))) return;
      sent++;
    }
    return read.end();
  }

  const all = options.getAll();
  if (!all) return read.fail(grpc.status.INVALID_ARGUMENT, 'Read a stream or $all');

  if (options.hasSubscription()) return subscribeToAll(log, read, all, structured, filter, options.getFilter());

  const records = log.records;
  let index: number;
  if (all.hasStart()) index = forwards ? 0 : -1;
  else if (all.hasEnd()) index = forwards ? records.length : records.length - 1;
  else {
    // Forwards from a position includes the event at it; backwards reads what lies before it.
    const position = BigInt(all.getPosition()!.getCommitPosition());
    index = forwards ? log.indexAtOrAfter(position) : log.indexAtOrAfter(position) - 1;
  }
  let sent = 0;
  for (let i = index; sent < count && i >= 0 && i < records.length; i += forwards ? 1 : -1) {
    const record = records[i]!;
    if (filter && !filter(record)) continue;
    if (!(await read.send(readEvent(record, structured, true)))) return;
    sent++;
  }
  read.end();
}

async function subscribeToAll(
  log: EventLog,
  read: OpenRead,
  all: ReadReq.Options.AllOptions,
  structured: boolean,
  filter: ((record: StoredEvent) => boolean) | null,
  filterOptions: ReadReq.Options.FilterOptions | undefined,
): Promise<void> {
  read.subscription = true;
  const confirmation = new ReadResp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  const confirmed = new ReadResp();
  confirmed.setConfirmation(confirmation);
  if (!(await read.send(confirmed))) return;

  const records = log.records;
  // From a position: the events after it (the subscriber has seen the one at it).
  let next = all.hasStart() ? 0 : all.hasEnd() ? records.length : log.indexAtOrAfter(BigInt(all.getPosition()!.getCommitPosition()) + 1n);
  const checkpointEvery = filterOptions
    ? (filterOptions.hasMax() ? filterOptions.getMax() : 32) * Math.max(1, filterOptions.getCheckpointintervalmultiplier())
    : 0;
  let scanned = 0;
  let caughtUp = false;
  while (!read.done) {
    const stop = Math.min(records.length, next + SUBSCRIPTION_PAGE);
    for (; next < stop && !read.done; next++) {
      const record = records[next]!;
      if (!filter || filter(record)) {
        if (!(await read.send(readEvent(record, structured, true)))) return;
      } else if (checkpointEvery && ++scanned >= checkpointEvery) {
        scanned = 0;
        if (!(await read.send(checkpoint(record.position)))) return;
      }
    }
    if (next < records.length) continue;
    if (!caughtUp) {
      caughtUp = true;
      const message = new ReadResp();
      message.setCaughtUp(new ReadResp.CaughtUp());
      if (!(await read.send(message))) return;
    }
    if (next < records.length) continue;
    await read.until((wake) => log.onWrite(wake));
  }
}

function checkpoint(position: bigint): ReadResp {
  const point = new ReadResp.Checkpoint();
  point.setCommitPosition(String(position));
  point.setPreparePosition(String(position));
  const message = new ReadResp();
  message.setCheckpoint(point);
  return message;
}

function readEvent(record: StoredEvent, structured: boolean, withPosition: boolean): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(toUuid(record.id, structured));
  const identifier = new shared.StreamIdentifier();
  identifier.setStreamName(Buffer.from(record.streamId, 'utf8'));
  recorded.setStreamIdentifier(identifier);
  recorded.setStreamRevision(String(record.revision));
  recorded.setPreparePosition(String(record.position));
  recorded.setCommitPosition(String(record.position));
  const metadata = recorded.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', String(record.created));
  recorded.setCustomMetadata(record.metadata);
  recorded.setData(record.data);
  const event = new ReadResp.ReadEvent();
  event.setEvent(recorded);
  if (withPosition) event.setCommitPosition(String(record.position));
  else event.setNoPosition(new shared.Empty());
  const message = new ReadResp();
  message.setEvent(event);
  return message;
}

function compileFilter(options: ReadReq.Options.FilterOptions): (record: StoredEvent) => boolean {
  const onType = options.hasEventType();
  const expression = onType ? options.getEventType() : options.getStreamIdentifier();
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression?.getPrefixList() ?? [];
  return (record) => {
    const value = onType ? record.type : record.streamId;
    if (regex && !regex.test(value)) return false;
    if (prefixes.length && !prefixes.some((prefix) => value.startsWith(prefix))) return false;
    return true;
  };
}

interface PendingAppend {
  streamId: string;
  expected: Expected;
  events: ProposedEvent[];
  size: number;
  deadline: number | null;
  options: BatchAppendReq.Options;
}

function serveAppend(
  log: EventLog,
  maxAppendSize: number,
  call: grpc.ServerReadableStream<AppendReq, AppendResp>,
  callback: grpc.sendUnaryData<AppendResp>,
): void {
  let streamId: string | undefined;
  let expected: Expected = ANY;
  const events: ProposedEvent[] = [];
  let size = 0;
  let failed = false;
  const fail = (error: Partial<grpc.StatusObject>) => {
    if (failed) return;
    failed = true;
    callback(error, null);
  };
  call.on('data', (request: AppendReq) => {
    if (failed) return;
    if (streamId === undefined) {
      const options = request.getOptions();
      if (!options) return fail({ code: grpc.status.INVALID_ARGUMENT, details: 'The first message of an append carries its options' });
      streamId = streamName(options.getStreamIdentifier());
      expected = options.hasRevision() ? BigInt(options.getRevision()) : options.hasNoStream() ? NO_STREAM : options.hasStreamExists() ? STREAM_EXISTS : ANY;
      return;
    }
    const proposed = request.getProposedMessage();
    if (!proposed) return fail({ code: grpc.status.INVALID_ARGUMENT, details: 'Expected a proposed message' });
    const event = toProposed(proposed);
    if (typeof event === 'string') return fail(missingMetadata(event));
    size += event.data.length + event.metadata.length;
    if (size > maxAppendSize) return fail(tooLarge(maxAppendSize));
    events.push(event);
  });
  call.on('end', () => {
    if (failed) return;
    if (streamId === undefined) return fail({ code: grpc.status.INVALID_ARGUMENT, details: 'No append options were sent' });
    const outcome = log.append(streamId, expected, events);
    const answer = new AppendResp();
    if (outcome.kind === 'wrong_expected_version') {
      const wrong = new AppendResp.WrongExpectedVersion();
      if (outcome.current === null) wrong.setCurrentNoStream(new shared.Empty());
      else wrong.setCurrentRevision(String(outcome.current));
      if (typeof expected === 'bigint') wrong.setExpectedRevision(String(expected));
      else if (expected === NO_STREAM) wrong.setExpectedNoStream(new shared.Empty());
      else if (expected === STREAM_EXISTS) wrong.setExpectedStreamExists(new shared.Empty());
      else wrong.setExpectedAny(new shared.Empty());
      answer.setWrongExpectedVersion(wrong);
    } else {
      const success = new AppendResp.Success();
      const revision = outcome.revision;
      if (revision === null) success.setNoStream(new shared.Empty());
      else success.setCurrentRevision(String(revision));
      if (outcome.kind === 'empty') success.setNoPosition(new shared.Empty());
      else {
        const position = new AppendResp.Position();
        position.setCommitPosition(String(outcome.position));
        position.setPreparePosition(String(outcome.position));
        success.setPosition(position);
      }
      answer.setSuccess(success);
    }
    callback(null, answer);
  });
  call.on('error', () => {
    failed = true;
  });
}

function serveBatchAppend(log: EventLog, maxAppendSize: number, call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>, count: () => void): void {
  const pending = new Map<string, PendingAppend>();
  call.on('data', (request: BatchAppendReq) => {
    const correlation = request.getCorrelationId();
    const key = correlation ? fromUuid(correlation) : '';
    let append = pending.get(key);
    if (!append) {
      const options = request.getOptions();
      if (!options) return;
      const deadline = options.getDeadline();
      append = {
        streamId: streamName(options.getStreamIdentifier()),
        expected: options.hasStreamPosition() ? BigInt(options.getStreamPosition()) : options.hasNoStream() ? NO_STREAM : options.hasStreamExists() ? STREAM_EXISTS : ANY,
        events: [],
        size: 0,
        deadline: deadline ? deadline.toDate().getTime() : null,
        options,
      };
      pending.set(key, append);
    }
    for (const proposed of request.getProposedMessagesList()) {
      const event = toProposed(proposed);
      if (typeof event === 'string') {
        append.size = Number.NaN;
        break;
      }
      append.size += event.data.length + event.metadata.length;
      append.events.push(event);
    }
    if (!request.getIsFinal()) return;
    pending.delete(key);
    count();

    const answer = new BatchAppendResp();
    if (correlation) answer.setCorrelationId(correlation);
    answer.setStreamIdentifier(append.options.getStreamIdentifier());
    if (append.options.hasStreamPosition()) answer.setStreamPosition(append.options.getStreamPosition());
    else if (append.options.hasNoStream()) answer.setNoStream(new ProtoEmpty());
    else if (append.options.hasStreamExists()) answer.setStreamExists(new ProtoEmpty());
    else answer.setAny(new ProtoEmpty());

    if (Number.isNaN(append.size)) answer.setError(status(Code.INVALID_ARGUMENT, 'Required metadata properties are missing: type, content-type'));
    else if (append.size > maxAppendSize) {
      const details = new shared.MaximumAppendSizeExceeded();
      details.setMaxappendsize(maxAppendSize);
      answer.setError(status(Code.INVALID_ARGUMENT, `Maximum Append Size of ${maxAppendSize} Exceeded.`, details, 'event_store.client.MaximumAppendSizeExceeded'));
    } else if (append.deadline !== null && Date.now() > append.deadline) {
      answer.setError(status(Code.DEADLINE_EXCEEDED, 'Timeout', new shared.Timeout(), 'event_store.client.Timeout'));
    } else {
      const outcome = log.append(append.streamId, append.expected, append.events);
      if (outcome.kind === 'wrong_expected_version') {
        const details = new shared.WrongExpectedVersion();
        if (outcome.current === null) details.setCurrentNoStream(new ProtoEmpty());
        else details.setCurrentStreamRevision(String(outcome.current));
        const expected = append.expected;
        if (typeof expected === 'bigint') details.setExpectedStreamPosition(String(expected));
        else if (expected === NO_STREAM) details.setExpectedNoStream(new ProtoEmpty());
        else if (expected === STREAM_EXISTS) details.setExpectedStreamExists(new ProtoEmpty());
        else details.setExpectedAny(new ProtoEmpty());
        answer.setError(status(Code.FAILED_PRECONDITION, 'WrongExpectedVersion', details, 'event_store.client.WrongExpectedVersion'));
      } else {
        const success = new BatchAppendResp.Success();
        const revision = outcome.revision;
        if (revision === null) success.setNoStream(new ProtoEmpty());
        else success.setCurrentRevision(String(revision));
        if (outcome.kind === 'empty') success.setNoPosition(new ProtoEmpty());
        else {
          const position = new shared.AllStreamPosition();
          position.setCommitPosition(String(outcome.position));
          position.setPreparePosition(String(outcome.position));
          success.setPosition(position);
        }
        answer.setSuccess(success);
      }
    }
    call.write(answer);
  });
  call.on('end', () => call.end());
  call.on('error', () => pending.clear());
}

function status(code: Code, message: string, details?: { serializeBinary(): Uint8Array }, typeName?: string): Status {
  const answer = new Status();
  answer.setCode(code);
  answer.setMessage(message);
  if (details && typeName) {
    const any = new Any();
    any.pack(details.serializeBinary(), typeName);
    answer.setDetails(any);
  }
  return answer;
}

function missingMetadata(property: string): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'missing-required-metadata-property');
  metadata.set('required-metadata-properties', property);
  return { code: grpc.status.INVALID_ARGUMENT, details: `Required metadata property missing: ${property}`, metadata };
}

function tooLarge(maxAppendSize: number): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'maximum-append-size-exceeded');
  metadata.set('maximum-append-size', String(maxAppendSize));
  return { code: grpc.status.INVALID_ARGUMENT, details: `Maximum Append Size of ${maxAppendSize} Exceeded.`, metadata };
}

/** The proposed event, or the name of a required metadata property it lacks. */
function toProposed(proposed: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage): ProposedEvent | string {
  const metadata = proposed.getMetadataMap();
  const type = metadata.get('type');
  if (!type) return 'type';
  const contentType = metadata.get('content-type');
  if (!contentType) return 'content-type';
  const id = proposed.getId();
  return {
    id: id ? fromUuid(id) : randomUUID(),
    type,
    contentType,
    data: Buffer.from(proposed.getData_asU8()),
    metadata: Buffer.from(proposed.getCustomMetadata_asU8()),
  };
}

function streamName(identifier: shared.StreamIdentifier | undefined): string {
  return identifier ? Buffer.from(identifier.getStreamName_asU8()).toString('utf8') : '';
}

function clampCount(count: string): number {
  const value = BigInt(count);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** EventStoreDB's two UUID encodings: a string, or two signed 64-bit halves of the big-endian bytes. */
function toUuid(id: string, structured: boolean): shared.UUID {
  const uuid = new shared.UUID();
  if (!structured) {
    uuid.setString(id);
    return uuid;
  }
  const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
  const halves = new shared.UUID.Structured();
  halves.setMostSignificantBits(String(bytes.readBigInt64BE(0)));
  halves.setLeastSignificantBits(String(bytes.readBigInt64BE(8)));
  uuid.setStructured(halves);
  return uuid;
}

function fromUuid(uuid: shared.UUID): string {
  if (!uuid.hasStructured()) return uuid.getString().toLowerCase();
  const halves = uuid.getStructured()!;
  const bytes = Buffer.alloc(16);
  bytes.writeBigInt64BE(BigInt(halves.getMostSignificantBits()), 0);
  bytes.writeBigInt64BE(BigInt(halves.getLeastSignificantBits()), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
