import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.join(__dirname, '..');

function simulate(...args: string[]) {
  const out = execFileSync(path.join(REPO, 'node_modules/.bin/tsx'), ['--tsconfig', 'tsconfig.test.json', 'scripts/simulate.ts', ...args, '--json'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  const lines = out.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as Record<string, unknown> & { totals: Record<string, unknown>; workers: number };
}

/** What a run found, without how long it took. */
function findings(r: Record<string, unknown>) {
  const { handsPerSecond: _a, handsPerCpuSecond: _b, elapsedSeconds: _c, startupSeconds: _d, workers: _e, ...rest } = r;
  return rest;
}

describe('npm run simulate', () => {
  it('on worker threads reports exactly what one thread reports for the same hands and seed', () => {
    const one = simulate('--hands', '30001', '--workers', '1', '--seed', 'spec');
    const two = simulate('--hands', '30001', '--workers', '2', '--seed', 'spec');
    expect(one.workers).toBe(1);
    expect(two.workers).toBe(2);
    expect(findings(two)).toEqual(findings(one));
    expect(one.hands).toBe(30001);
  });

  it('keeps the provable shuffle and its first shoe, and pairs levels on worker threads as on one', () => {
    const one = simulate('--hands', '20000', '--workers', '1', '--shuffle', 'provable', '--versus', '1');
    const two = simulate('--hands', '20000', '--workers', '2', '--shuffle', 'provable', '--versus', '1');
    expect(findings(two)).toEqual(findings(one));
    expect(one.shuffle).toBe('provable');
    expect(one.firstShoe).toEqual({ playerSeed: expect.stringMatching(/=$/), houseSeed: expect.stringMatching(/=$/) });
  });
});
