/**
 * Sums the self time of a V8 .cpuprofile (node --cpu-prof) per function, per module and per part of
 * the server, so a profile can be read as "where each microsecond goes".
 *   npm run -s cpu-profile -- FILE.cpuprofile [--top N] [--by function|module|part|all] [--per N --unit action] [--window FROM,TO] [--json]
 * --per N divides every figure by N (e.g. the hand actions served while profiling) and prints µs
 * per unit. --window keeps only the samples taken between two instants of the monotonic clock in µs
 * (`process.hrtime.bigint() / 1000n`, the clock V8 stamps its samples with: bench:api prints the window
 * of each measurement). A module is the file a function lives in, shortened to its package (node_modules/<pkg>)
 * or its path in the repository; V8's own entries ((garbage collector), (program), (idle)) stay as they are.
 *
 * A part (`PARTS`) charges each sample to the innermost frame of the server's own code or of the web
 * framework on its stack: a library such as pg, kysely or zod, and Node's own sockets and streams, count
 * toward the code that called them (the pg driver under the event store's append is the append's cost).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    return `node_modules/${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (path.startsWith('node:')) return path;
  const repo = path.search(/\/(server|contracts|scripts|client)\//);
  return repo >= 0 ? path.slice(repo + 1) : path;
}

/** Only the samples taken within [from, to] (µs of the monotonic clock). */
export function within(profile: Profile, from: number, to: number): Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  let last = from;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    samples.push(profile.samples[i]);
    timeDeltas.push(at - last);
    last = at;
  }
  // selfTimes charges each sample the time to the next one: close the window with the time left.
  timeDeltas.push(Math.max(0, to - last));
  return { ...profile, startTime: from, endTime: to, samples, timeDeltas };
}

/** Self time per node id in microseconds, from the samples and their time deltas. */
export function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  return self;
}

/**
 * Where a frame belongs: a part of the server, a framework of its own, or `null` for code that is
 * charged to whoever called it (libraries, Node internals).
 */
const PARTS: readonly [RegExp, string][] = [
  [/\/projections\//, 'projections (runner, folds and their SQL)'],
  [/\/adapters\/event-store\//, 'event store (append, reads: SQL, JSON, pg driver)'],
  [/\/adapters\/read-models\//, 'read-model queries'],
  [/\/adapters\/http\/auth\.|\/application\/players\/sessions\.|\/application\/admin\/staff\./, 'auth (token, session, roles)'],
  [/\/adapters\/http\/(zod\.pipe|text-guard)\./, 'input validation'],
  [/\/adapters\/http\/errors\.filter\./, 'error answers'],
  [/\/adapters\/http\//, 'controllers'],
  [/\/application\/(command-path|account-commands|snapshots|keyed-queue|standings|remember)\./, 'command path (queue, load, ids, fold after append, snapshots)'],
  [/\/application\/game\//, 'game handlers (seeds, answer)'],
  [/\/application\//, 'other application code'],
  [/\/domain\//, 'domain (decide, evolve)'],
  [/\/app\/request-log\./, 'request log'],
  [/\/app\//, 'app wiring (hooks)'],
  [/node_modules\/@nestjs\/cqrs\//, 'Nest CQRS bus'],
  [/node_modules\/@nestjs\//, 'Nest (router, guards, pipes, interceptors)'],
  [/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify)\//, 'Fastify (routing, hooks, reply serialisation)'],
  [/node_modules\/(pino|nestjs-pino|pino-http|pino-std-serializers|sonic-boom|thread-stream)\//, 'logging'],
  [/node_modules\/helmet\//, 'security headers'],
  [/node:_http_|node:http/, 'Node HTTP server'],
];

function partOf(url: string): string | null {
  for (const [pattern, part] of PARTS) if (pattern.test(url)) return part;
  return null;
}

/** Everything the projection runner calls is the projections' cost, the domain code of their folds included. */
const PROJECTIONS = PARTS[0]!;

/**
 * Self time per part: each sample goes to the projections when the runner is on its stack, else to the
 * innermost frame with a part, else to the innermost library on the stack (pg sending a queued query
 * from its own callback), else to its leaf (V8's entries, Node internals).
 */
export function byPart(profile: Profile): [string, number][] {
  const self = selfTimes(profile);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parts = new Map<string, number>();
  for (const [id, us] of self) {
    let part: string | null = null;
    let library: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = nodes.get(at)!.callFrame.url;
      if (PROJECTIONS[0].test(url)) {
        part = PROJECTIONS[1];
        break;
      }
      part ??= partOf(url);
      if (library === null && url.includes('/node_modules/')) library = moduleOf(url, '');
    }
    if (part === null) {
      const leaf = nodes.get(id)!.callFrame;
      const mod = library ?? moduleOf(leaf.url, leaf.functionName);
      part = mod.startsWith('(') ? mod : `other: ${mod.startsWith('node:') ? 'Node internals (sockets, streams, timers, async hooks)' : mod}`;
    }
    parts.set(part, (parts.get(part) ?? 0) + us);
  }
  return [...parts.entries()].sort((a, b) => b[1] - a[1]);
}

export function summarise(profile: Profile) {
  const self = selfTimes(profile);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const mod = moduleOf(url, functionName);
    const fn = `${functionName || '(anonymous)'} ${mod}${url === '' ? '' : `:${lineNumber + 1}`}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { totalUs: total, byFunction: sorted(byFunction), byModule: sorted(byModule), byPart: byPart(profile) };
}

if (require.main === module) {
  const file = process.argv[2];
  if (file === undefined || file.startsWith('--')) {
    process.stderr.write('usage: npm run -s cpu-profile -- FILE.cpuprofile [--top N] [--by function|module|part|all] [--per N --unit action] [--json]\n');
    process.exit(2);
  }
  const whole = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const window = arg('window')?.split(',').map(Number);
  const profile = window ? within(whole, window[0]!, window[1]!) : whole;
  const top = Number(arg('top') ?? 40);
  const by = arg('by') ?? 'all';
  const per = Number(arg('per') ?? 0);
  const unit = arg('unit') ?? 'unit';
  const s = summarise(profile);
  const idle = s.byModule.find(([m]) => m === '(idle)')?.[1] ?? 0;
  const busy = s.totalUs - idle;
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ totalUs: s.totalUs, busyUs: busy, byPart: s.byPart, byModule: s.byModule, byFunction: s.byFunction.slice(0, top) })}\n`);
  } else {
    const line = (name: string, us: number) => {
      const share = `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
      const perUnit = per > 0 ? `${(us / per).toFixed(per > 1000 ? 3 : 1).padStart(8)} µs/${unit}` : '';
      return `${share} ${(us / 1000).toFixed(0).padStart(8)} ms ${perUnit}  ${name}`;
    };
    process.stdout.write(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(2)} s (idle excluded from the shares)\n`);
    if (by === 'part' || by === 'all') {
      process.stdout.write('\nby part of the server\n');
      for (const [m, us] of s.byPart) if (m !== '(idle)') process.stdout.write(`${line(m, us)}\n`);
    }
    if (by === 'module' || by === 'all') {
      process.stdout.write('\nby module\n');
      for (const [m, us] of s.byModule.slice(0, top)) if (m !== '(idle)') process.stdout.write(`${line(m, us)}\n`);
    }
    if (by === 'function' || by === 'all') {
      process.stdout.write('\nby function\n');
      for (const [f, us] of s.byFunction.slice(0, top)) if (!f.startsWith('(idle)')) process.stdout.write(`${line(f, us)}\n`);
    }
  }
}
