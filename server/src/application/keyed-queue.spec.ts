import { describe, expect, it } from '@jest/globals';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a keyed queue', () => {
  it('runs the tasks of one key one after another in arrival order, and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run('a', task('a1')), queue.run('a', task('a2')), queue.run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('goes on after a failed task, and forgets every key once its tasks settled', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('refused')));
    const next = queue.run('a', () => Promise.resolve('ran'));
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    await Promise.all(Array.from({ length: 1000 }, (_, i) => queue.run(`k${i % 10}`, () => tick())));
    expect(queue.size).toBe(0);
  });
});
