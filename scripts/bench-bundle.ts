/**
 * npm run bench:bundle — the JavaScript a first visit downloads, against its budget.
 *
 * Builds nothing: run `npm run build` first. Starts the built server (`server/dist/main.js`, which serves
 * `client/dist`) on a fresh embedded database, opens `/` in Chromium with an empty cache and adds up
 * every JavaScript response the page fetched until it went quiet: the entry, its modulepreloads, the
 * welcome route's lazy chunk, the English catalog and anything those load. Each file is gzipped here
 * (zlib's default level, as a server compressing on the fly sends it; 1 KB = 1,000 bytes), because the
 * server itself sends the files uncompressed.
 *
 * `/game` is measured the same way for a signed-in player as the baseline a regression shows against.
 * Exits 1 when `/` is over the budget.
 *   npm run bench:bundle [-- --json] [-- --verbose]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { REPO_ROOT, startServer, type StartedServer } from '../e2e/support/server';

/** The first load of `/` may ship at most this much gzipped JavaScript. */
const BUDGET_BYTES = 150_000;
const QUIET_MS = 1_500;
const VIEWPORT = { width: 1280, height: 800 };

interface ScriptFile {
  path: string;
  bytes: number;
  gzip: number;
}

interface Load {
  route: string;
  files: ScriptFile[];
  bytes: number;
  gzip: number;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Resolves once no script response has arrived for QUIET_MS (an open event stream never lets the network idle). */
async function settle(page: Page, lastScriptAt: () => number) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (Date.now() - lastScriptAt() >= QUIET_MS) return;
    await page.waitForTimeout(200);
  }
}

async function measure(browser: Browser, server: StartedServer, route: string, jwt?: string): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: server.baseUrl });
  if (jwt) await context.addInitScript((token) => window.localStorage.setItem('jwt', token), jwt);
  const page = await context.newPage();
  const pending: Promise<ScriptFile | null>[] = [];
  let lastScriptAt = Date.now();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (url.origin !== server.baseUrl || !(/\.m?js$/.test(url.pathname) || type.includes('javascript'))) return;
    lastScriptAt = Date.now();
    pending.push(
      response
        .body()
        .then((body) => ({ path: url.pathname, bytes: body.length, gzip: gzipSync(body).length }))
        .catch(() => null),
    );
  });
  await page.goto(route, { waitUntil: 'load' });
  await settle(page, () => lastScriptAt);
  const seen = new Map<string, ScriptFile>();
  for (const file of await Promise.all(pending)) if (file) seen.set(file.path, file);
  await context.close();
  const files = [...seen.values()].sort((a, b) => b.gzip - a.gzip);
  return {
    route,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** A player through the development identity provider, as the browser tests sign in. */
async function signIn(server: StartedServer): Promise<string> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { idToken } = await post<{ idToken: string }>('dev/id-token', { email: 'bench@bahati.test', name: 'Bench' });
  const { jwt } = await post<{ jwt: string }>('players/login', { idToken });
  return jwt;
}

function print(load: Load, verbose: boolean, budget?: number) {
  const verdict = budget === undefined ? '(baseline)' : load.gzip <= budget ? `within the ${kb(budget)} budget` : `OVER the ${kb(budget)} budget by ${kb(load.gzip - budget)}`;
  console.log(`${load.route.padEnd(6)} ${String(load.files.length).padStart(3)} files  ${kb(load.bytes).padStart(9)} raw  ${kb(load.gzip).padStart(9)} gzip  ${verdict}`);
  if (verbose) for (const f of load.files) console.log(`         ${kb(f.gzip).padStart(9)}  ${f.path}`);
}

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const verbose = args.includes('--verbose');
  for (const built of [join(REPO_ROOT, 'client', 'dist', 'index.html'), join(REPO_ROOT, 'server', 'dist', 'main.js')]) {
    if (!existsSync(built)) {
      console.error(`${built} does not exist: run \`npm run build\` first.`);
      process.exit(2);
    }
  }

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const home = await measure(browser, server, '/');
    const game = await measure(browser, server, '/game', await signIn(server));
    if (json) {
      console.log(JSON.stringify({ budgetBytes: BUDGET_BYTES, home, game }, null, 2));
    } else {
      console.log('First load, gzipped JavaScript (empty cache):');
      print(home, verbose, BUDGET_BYTES);
      print(game, verbose);
    }
    process.exitCode = home.gzip > BUDGET_BYTES ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
