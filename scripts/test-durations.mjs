// Reads a jest log on stdin ("PASS e2e e2e/fit.e2e.spec.ts (371.2 s)") and prints each file's duration in
// milliseconds as JSON, for scripts/jest-sequencer.cjs.
import { readFileSync } from 'node:fs';

const durations = {};
for (const [, path, seconds] of readFileSync(0, 'utf8').matchAll(/^(?:PASS|FAIL) \S+ (\S+) \(([\d.]+) s\)$/gm)) {
  durations[path] = Math.max(durations[path] ?? 0, Math.round(Number(seconds) * 1000));
}
process.stdout.write(`${JSON.stringify(Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`);
