/**
 * npm run test:eventstoredb [-- jest options]
 *
 * The event-store contract suite and the application suites (sign-in, deposits, hands, withdrawals,
 * the projection rebuild) through the EventStoreDB adapter, over EventStoreDB's gRPC protocol:
 * - with EVENTSTORE_URL set, against that server (a real EventStoreDB or KurrentDB);
 * - otherwise against the stand-in (scripts/esdb-standin), started here on a free port and stopped
 *   afterwards whatever the result.
 * Read models live on PGlite, or on the PostgreSQL server of DATABASE_URL when it is set. The suites
 * run one after another: they share one log, and the rebuild check needs no other writer meanwhile.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startStandin, type Standin } from './esdb-standin/server';

const root = join(__dirname, '..');

/** The contract suite, and each application suite that runs on the storage of app-storage.test-support. */
function suites(): string[] {
  const appDir = join(root, 'server/src/app');
  const app = readdirSync(appDir)
    .filter((f) => f.endsWith('.int.spec.ts'))
    .map((f) => join(appDir, f))
    .filter((file) => readFileSync(file, 'utf8').includes('app-storage.test-support'));
  return [join(root, 'server/src/adapters/event-store/eventstoredb-event-store.int.spec.ts'), ...app].map((f) => relative(root, f));
}

async function main(): Promise<number> {
  const started = Date.now();
  let standin: Standin | undefined;
  let url = process.env.EVENTSTORE_URL;
  if (url) {
    console.log(`EventStoreDB at ${url}`);
  } else {
    standin = await startStandin({ statsIntervalMs: 5_000 });
    url = standin.url;
    console.log(`EventStoreDB stand-in at ${url}`);
  }
  try {
    const files = suites();
    console.log(`Suites: ${files.join(', ')}; read models on ${process.env.DATABASE_URL ? 'the DATABASE_URL server' : 'PGlite'}`);
    const jest = require.resolve('jest/bin/jest');
    const args = [jest, '--selectProjects', 'db', '--runInBand', ...process.argv.slice(2), '--testPathPatterns', ...files.map(escape)];
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, EVENTSTORE_URL: url, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') },
      });
      const forward = (signal: NodeJS.Signals) => child.kill(signal);
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      child.on('exit', (exitCode, signal) => {
        process.off('SIGINT', forward);
        process.off('SIGTERM', forward);
        resolve(exitCode ?? (signal ? 1 : 0));
      });
    });
    if (standin) console.log(`The stand-in holds ${standin.log.size} records`);
    console.log(`test:eventstoredb ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return code;
  } finally {
    await standin?.close();
  }
}

function escape(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
