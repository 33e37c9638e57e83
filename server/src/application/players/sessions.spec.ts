import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { SessionReadModel } from '../ports/read-models';
import { SESSION_RECHECK_MS, SessionDirectory } from './sessions';

class Sessions extends SessionReadModel {
  reads = 0;
  rows = new Map<string, { playerId: string; open: boolean }>();
  async find(sessionId: string) {
    this.reads++;
    await Promise.resolve();
    return this.rows.get(sessionId) ?? null;
  }
}

describe('the session directory', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('reads a session once for a burst of requests, and again after a second: an ended session is refused by then', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const sessions = new Sessions();
    sessions.rows.set('s1', { playerId: 'p1', open: true });
    const directory = new SessionDirectory(sessions);

    expect(await Promise.all(Array.from({ length: 20 }, () => directory.isOpen('s1', 'p1')))).toEqual(Array.from({ length: 20 }, () => true));
    expect(sessions.reads).toBe(1);

    sessions.rows.set('s1', { playerId: 'p1', open: false });
    now += SESSION_RECHECK_MS - 1;
    expect(await directory.isOpen('s1', 'p1')).toBe(true);
    now += 1;
    expect(await directory.isOpen('s1', 'p1')).toBe(false);
    expect(sessions.reads).toBe(2);
  });

  it('refuses a session it does not know or that belongs to another player, and forgets at once what this process ended', async () => {
    const sessions = new Sessions();
    sessions.rows.set('s1', { playerId: 'p1', open: true });
    sessions.rows.set('s2', { playerId: 'p1', open: true });
    const directory = new SessionDirectory(sessions);
    expect(await directory.isOpen('nope', 'p1')).toBe(false);
    expect(await directory.isOpen('s1', 'p2')).toBe(false);
    expect(await directory.isOpen('s1', 'p1')).toBe(true);
    expect(await directory.isOpen('s2', 'p1')).toBe(true);

    sessions.rows.set('s1', { playerId: 'p1', open: false });
    directory.forget('s1');
    expect(await directory.isOpen('s1', 'p1')).toBe(false);
    sessions.rows.set('s2', { playerId: 'p1', open: false });
    directory.forgetPlayer('p1');
    expect(await directory.isOpen('s2', 'p1')).toBe(false);
  });
});
