/**
 * CPU time of processes read from /proc (Linux), for the benchmarks that report the CPU an operation costs
 * each side: this process, a server it started, PostgreSQL's backends. Elsewhere every figure reads 0.
 */
import { readFileSync } from 'node:fs';

/** The PostgreSQL server's shared writers: what the commits of every backend cost besides the backend itself. */
export const SHARED_WRITERS: readonly string[] = ['walwriter', 'checkpointer', 'background writer'];

/** CPU seconds (user + system) used so far by a process; 0 when it cannot be read. */
export function procCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** The CPU seconds used so far by each of `pids`. */
export function cpuOf(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, procCpu(pid)]));
}

/** CPU seconds used between two samples: a process gone meanwhile is not in `after`; one that started is counted from zero. */
export function cpuSince(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}
