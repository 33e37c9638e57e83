import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Draining } from '../application/draining';
import { PlayerEventsHub } from '../application/money/player-events';

/** How long the requests in flight may take to finish once a shutdown begins; their connections are then closed. */
export const SHUTDOWN_GRACE_MS = 25_000;
/**
 * How long the server still takes connections after the signal: those a client or a load balancer had already
 * opened wait in the system's queue until the event loop accepts them, and closing the listener would reset them.
 * Readiness answers 503 meanwhile, and every answer closes its connection.
 */
const KEEP_LISTENING_MS = 500;
/** How long a connection accepted before the listener closed may take to send its request. */
const FIRST_REQUEST_GRACE_MS = 2_000;

interface ShutdownLog {
  log(message: string): void;
  warn(message: string): void;
}

interface ConnectionState {
  /** Requests of this connection being answered now. */
  busy: number;
  /** Requests it has had answered. */
  served: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The HTTP server's connections and the requests being answered on them, and the first half of a graceful
 * shutdown (`drain`): stop listening, answer every request already sent — each answer then closes its
 * connection — and close the connections that have nothing to answer.
 */
export class HttpConnections {
  private readonly sockets = new Map<Socket, ConnectionState>();
  private readonly open = new Set<ServerResponse>();
  private draining = false;
  private answeredWhileDraining = 0;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, { busy: 0, served: 0 });
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const state = this.sockets.get(request.socket);
      if (state) state.busy++;
      this.open.add(response);
      if (this.draining) response.shouldKeepAlive = false;
      response.once('close', () => {
        this.open.delete(response);
        if (this.draining && response.writableFinished) this.answeredWhileDraining++;
        if (!state) return;
        state.busy--;
        state.served++;
        // A keep-alive connection left with nothing to answer would hold the shutdown open.
        if (this.draining && state.busy === 0) request.socket.destroySoon();
      });
    });
  }

  /** Requests being answered now. */
  get inFlight(): number {
    return this.open.size;
  }

  /**
   * Stops taking connections (after `listenMs`) and waits until every connection has closed: requests in
   * flight are answered (with `Connection: close`), a connection accepted but not yet read gets
   * `firstRequestMs` to send its request, and idle keep-alive connections are closed at once. After `graceMs`
   * the rest are closed.
   */
  async drain(graceMs = SHUTDOWN_GRACE_MS, listenMs = KEEP_LISTENING_MS, firstRequestMs = FIRST_REQUEST_GRACE_MS): Promise<{ answered: number; forced: number }> {
    this.draining = true;
    for (const response of this.open) if (!response.headersSent) response.shouldKeepAlive = false;
    for (const [socket, state] of this.sockets) if (state.busy === 0 && state.served > 0) socket.destroySoon();
    await pause(Math.min(listenMs, graceMs));
    // net's close only stops listening; http's would also drop the connections whose request is not read yet.
    NetServer.prototype.close.call(this.server);

    const deadline = Date.now() + graceMs;
    const freshUntil = Date.now() + Math.min(firstRequestMs, graceMs);
    while (this.sockets.size > 0 && Date.now() < deadline) {
      if (Date.now() >= freshUntil) {
        for (const [socket, state] of this.sockets) if (state.busy === 0) socket.destroy();
      }
      await pause(25);
    }
    const forced = this.sockets.size;
    for (const socket of this.sockets.keys()) socket.destroy();
    return { answered: this.answeredWhileDraining, forced };
  }
}

/**
 * Wires the first step of every shutdown into the HTTP server: when it begins to close (Fastify's `preClose`),
 * long polls answer what they know now and the live-update streams end, so only real work is waited for.
 */
export function drainOnClose(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('preClose', (done) => {
    app.get(Draining).begin();
    app.get(PlayerEventsHub).endStreams();
    done();
  });
}

/**
 * A graceful shutdown on SIGTERM or SIGINT: the HTTP server stops taking connections and finishes the requests
 * in flight (within `graceMs`, then their connections are closed); only then do the application's own hooks
 * stop the workers and the projections and close the stores those requests used. A second signal while this
 * runs ends the process at once.
 */
export function shutDownGracefullyOnSignals(app: NestFastifyApplication, connections: HttpConnections, log: ShutdownLog, graceMs = SHUTDOWN_GRACE_MS): void {
  let started = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (started) {
      log.warn(`Bahati received ${signal} again while shutting down: stopping now`);
      process.exit(1);
    }
    started = true;
    log.log(`Bahati is shutting down (${signal}): finishing the requests in flight (${connections.inFlight} now), then closing`);
    try {
      // Long polls answer now and live-update streams end: nothing left in flight only waits.
      app.get(Draining).begin();
      app.get(PlayerEventsHub).endStreams();
      const { answered, forced } = await connections.drain(graceMs);
      if (forced > 0) log.warn(`${forced} connection(s) still open after ${Math.round(graceMs / 1000)} s were closed`);
      await app.close();
      log.log(`Bahati has shut down (${answered} request(s) answered after the signal)`);
      process.exit(0);
    } catch (err) {
      log.warn(`Bahati did not shut down cleanly: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void shutdown(s));
}
