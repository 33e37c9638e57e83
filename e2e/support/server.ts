import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copyMigratedPglite } from '../../server/src/adapters/db/pglite-templates';

export const REPO_ROOT = resolve(__dirname, '..', '..');
const MAIN = join(REPO_ROOT, 'server', 'dist', 'main.js');

export interface StartServerOptions {
  /** Extra environment for the server (e.g. `{ ADMIN_EMAILS: 'admin@bahati.test' }`). */
  env?: Record<string, string>;
  /** How long to wait for `GET /api/health` to answer 200. */
  timeoutMs?: number;
  /** The script to run; the built server by default. */
  entry?: string;
  /** Also write everything the server prints (stdout and stderr, whole) to this file; complete once `stop()` resolves. */
  logFile?: string;
}

export interface StartedServer {
  /** e.g. `http://127.0.0.1:41234` */
  baseUrl: string;
  port: number;
  /** The fresh PGlite data folder; removed by `stop()`. */
  dataDir: string;
  /** The end of what the server printed so far (for failure messages; `logFile` keeps all of it). */
  output(): string;
  /** Sends the server process a signal (e.g. SIGTERM, to see it shut down) without waiting. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the server process has exited and its output has been read to the end. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/**
 * Starts the BUILT server (`node server/dist/main.js`; run `npm run build` first) on a free
 * port with a fresh `DATA_DIR` and `NODE_ENV=test`, and resolves once `/api/health` answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const entry = options.entry || process.env.E2E_SERVER_ENTRY || MAIN;
  if (!existsSync(entry)) throw new Error(`${entry} does not exist: run \`npm run build\` before the e2e tests.`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bahati-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;

  let log = '';
  const file = options.logFile ? createWriteStream(options.logFile) : null;
  const append = (chunk: Buffer) => {
    file?.write(chunk);
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  // With a REDIS_URL in the environment, each server counts its rate limits apart from earlier runs and other servers.
  // The analytic read models (suspects, activity, daily rows) step at most 50 ms apart, not a second: a journey opens
  // the back office right after the play it checks there.
  const env: NodeJS.ProcessEnv & { DATA_DIR: string } = {
    ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, REDIS_KEY_PREFIX: `bahati-e2e:${port}:${Date.now()}:`, PROJECTIONS_ANALYTIC_STEP_MS: '50',
    ...options.env,
  };
  // A new embedded database starts as a migrated copy (initdb and the migrations cost seconds at every start).
  const pgliteDir = join(env.DATA_DIR, 'pglite');
  if (!env.DATABASE_URL && !existsSync(pgliteDir)) await copyMigratedPglite(pgliteDir);
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // 'close' comes after the process has exited and its output has been read to the end.
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const exitedWith = closed.then(() => ({ code: child.exitCode, signal: child.signalCode }));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (file && !file.writableEnded) {
      await closed;
      await new Promise<void>((done) => file.end(() => done()));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return { baseUrl, port, dataDir, output: () => log, signal: (s) => void child.kill(s), exited: () => exitedWith, stop };
      }
      lastError = `health answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastError = String(error);
    }
    // Polled: the process announces nothing when it is ready, and its health is what readiness means.
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server was not healthy within the time limit (${lastError}):\n${log}`);
}
