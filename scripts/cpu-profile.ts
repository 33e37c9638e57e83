/**
 * Sums the self time of a V8 .cpuprofile (node --cpu-prof) per function and per module, so a
 * profile can be read as "where each microsecond goes".
 *   npm run -s cpu-profile -- FILE.cpuprofile [--top N] [--by function|module|both] [--per N --unit action] [--json]
 * --per N divides every figure by N (e.g. the hand actions served while profiling) and prints µs
 * per unit. A module is the file a function lives in, shortened to its package (node_modules/<pkg>)
 * or its path in the repository; V8's own entries ((garbage collector), (program), (idle)) stay as they are.
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

/** Self time per node id in microseconds, from the samples and their time deltas. */
export function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  return self;
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
  return { totalUs: total, byFunction: sorted(byFunction), byModule: sorted(byModule) };
}

if (require.main === module) {
  const file = process.argv[2];
  if (file === undefined || file.startsWith('--')) {
    process.stderr.write('usage: npm run -s cpu-profile -- FILE.cpuprofile [--top N] [--by function|module|both] [--per N --unit action] [--json]\n');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const top = Number(arg('top') ?? 40);
  const by = arg('by') ?? 'both';
  const per = Number(arg('per') ?? 0);
  const unit = arg('unit') ?? 'unit';
  const s = summarise(profile);
  const idle = s.byModule.find(([m]) => m === '(idle)')?.[1] ?? 0;
  const busy = s.totalUs - idle;
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ totalUs: s.totalUs, busyUs: busy, byModule: s.byModule, byFunction: s.byFunction.slice(0, top) })}\n`);
  } else {
    const line = (name: string, us: number) => {
      const share = `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
      const perUnit = per > 0 ? `${(us / per).toFixed(per > 1000 ? 3 : 1).padStart(8)} µs/${unit}` : '';
      return `${share} ${(us / 1000).toFixed(0).padStart(8)} ms ${perUnit}  ${name}`;
    };
    process.stdout.write(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(2)} s (idle excluded from the shares)\n`);
    if (by !== 'function') {
      process.stdout.write('\nby module\n');
      for (const [m, us] of s.byModule.slice(0, top)) if (m !== '(idle)') process.stdout.write(`${line(m, us)}\n`);
    }
    if (by !== 'module') {
      process.stdout.write('\nby function\n');
      for (const [f, us] of s.byFunction.slice(0, top)) if (!f.startsWith('(idle)')) process.stdout.write(`${line(f, us)}\n`);
    }
  }
}
