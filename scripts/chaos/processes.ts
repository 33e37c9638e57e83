/**
 * The processes of the load-and-fault run: API instances and the projections process, each restartable on
 * the same port with the same settings after a `kill -9`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** A process that can be started, killed with SIGKILL and started again with the same settings. */
export class Managed {
  private child: ChildProcess | null = null;
  private readonly log: WriteStream;
  kills = 0;

  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    this.log.write(`\n--- ${new Date().toISOString()} start ${this.name}\n`);
    const child = spawn(process.execPath, [join(ROOT, this.script)], { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
  }

  /** `kill -9`: nothing is flushed, nothing is closed. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.log.write(`\n--- ${new Date().toISOString()} kill -9 ${this.name}\n`);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.kills++;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }

  close(): void {
    this.log.end();
  }
}

/** An API instance: a managed server on a fixed port, with keep-alive HTTP calls that carry a request id. */
export class ApiInstance extends Managed {
  private agent = new Agent({ keepAlive: true, maxSockets: 256 });

  constructor(
    name: string,
    readonly port: number,
    env: NodeJS.ProcessEnv,
    logFile: string,
  ) {
    super(name, 'server/dist/main.js', { ...env, PORT: String(port), HOST: '127.0.0.1' }, logFile);
  }

  override async kill9(): Promise<void> {
    await super.kill9();
    // Sockets to the dead process are gone; new calls open new ones once it is back.
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: 256 });
  }

  async waitHealthy(timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited before it was healthy`);
      try {
        if ((await this.call('GET', '/api/health/ready')).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} was not healthy within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** One HTTP call; rejects on a network failure (the instance is down), resolves with any status otherwise. */
  call(
    method: string,
    path: string,
    options: { jwt?: string; body?: unknown; headers?: Record<string, string>; requestId?: string; timeoutMs?: number } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, read loosely by the driver
  ): Promise<{ status: number; body: any }> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          agent: this.agent, host: '127.0.0.1', port: this.port, path, method,
          headers: {
            ...(options.jwt ? { authorization: `Bearer ${options.jwt}` } : {}),
            ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...options.headers,
          },
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // not JSON (a proxy page, a half answer): kept as text
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  }
}
