import { describe, expect, it } from '@jest/globals';
import { AnalyticsQuery, isCalendarDate, LedgerDayQuery, offsetMinutes, PlayersQuery, SuspectLevelParam } from '@bahati/contracts';

describe('the admin requests the controller validates', () => {
  it('takes a suspect level that is a whole number from 0 to 100, and nothing else', () => {
    expect(['0', '7', '100'].map((v) => SuspectLevelParam.parse(v))).toEqual([0, 7, 100]);
    for (const bad of ['101', '-1', '1.5', 'abc', '', '1e2', '0x10', ' 5', '1000']) expect(SuspectLevelParam.safeParse(bad).success).toBe(false);
  });

  it('reads a day and an offset, a `+` that arrived as a space included', () => {
    expect(LedgerDayQuery.parse({ date: '2026-03-01', tz: '+03:00' })).toEqual({ date: '2026-03-01', tz: '+03:00' });
    expect(LedgerDayQuery.parse({ date: '2026-03-01', tz: ' 03:00' })).toEqual({ date: '2026-03-01', tz: '+03:00' });
    expect(LedgerDayQuery.parse({ date: '2026-03-01' })).toEqual({ date: '2026-03-01', tz: '+00:00' });
    expect(LedgerDayQuery.parse({ date: '2026-03-01', tz: '-05:30' }).tz).toBe('-05:30');
    for (const bad of [{ date: '2026-02-30' }, { date: '2026-3-1' }, { date: 'today' }, { date: '1999-12-31' }, { date: '2026-03-01', tz: '+15:00' }, { date: '2026-03-01', tz: '03:00' }, { date: '2026-03-01', tz: '+3' }, {}]) {
      expect(LedgerDayQuery.safeParse(bad).success).toBe(false);
    }
  });

  it('knows calendar dates and offsets', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect([offsetMinutes('+03:00'), offsetMinutes('-12:00'), offsetMinutes('+14:00'), offsetMinutes('Z'), offsetMinutes('-12:30'), offsetMinutes('+05:75')]).toEqual([180, -720, 840, 0, null, null]);
  });

  it('pages and searches players, within bounds', () => {
    expect(PlayersQuery.parse({})).toEqual({ q: '', offset: 0, limit: 50, sort: 'created', dir: 'desc' });
    expect(PlayersQuery.parse({ q: ' Ana@X ', offset: '20', limit: '10' })).toEqual({ q: 'Ana@X', offset: 20, limit: 10, sort: 'created', dir: 'desc' });
    for (const bad of [{ limit: '0' }, { limit: '501' }, { offset: '-1' }, { offset: 'x' }]) expect(PlayersQuery.safeParse(bad).success).toBe(false);
  });

  it('takes an analytics range of at most 366 days, from before to', () => {
    expect(AnalyticsQuery.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(true);
    expect(AnalyticsQuery.safeParse({ from: '2026-01-31', to: '2026-01-01' }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ from: '2026-01-01' }).success).toBe(false);
  });
});
