import { UPCASTERS, currentVersion, upcast } from './event-versions';

describe('events that change shape', () => {
  it('read a suspect level set before levels named the one they replaced with from: null, version 2 as it is', () => {
    const v1 = { playerId: 'p', level: 40, adminId: 'a', setAt: '2026-01-01T00:00:00.000Z' };
    expect(currentVersion('SuspectLevelSet')).toBe(2);
    expect(upcast('SuspectLevelSet', v1, 1)).toEqual({ ...v1, from: null });
    expect(upcast('SuspectLevelSet', { ...v1, from: 12 }, 1)).toEqual({ ...v1, from: 12 });
    expect(upcast('SuspectLevelSet', { ...v1, from: 12 }, 2)).toEqual({ ...v1, from: 12 });
  });

  it('leave every other type as it is, at version 1', () => {
    const data = { withdrawalId: 'w', reviewerId: 'a', decidedAt: 't' };
    expect(currentVersion('WithdrawalApproved')).toBe(1);
    expect(upcast('WithdrawalApproved', data, 1)).toBe(data);
  });

  it('refuse an event newer than this release reads', () => {
    expect(() => upcast('SuspectLevelSet', {}, 3)).toThrow(/newer than this release reads/);
  });

  it('go one step at a time, each from the version before', () => {
    const byType = new Map<string, number[]>();
    for (const u of UPCASTERS) byType.set(u.type, [...(byType.get(u.type) ?? []), u.from]);
    for (const froms of byType.values()) expect([...froms].sort((a, b) => a - b)).toEqual(froms.map((_, i) => i + 1));
  });
});
