import { z } from 'zod';
import { LedgerQuery } from './game';
import { PlayerHandsQuery, PlayersQuery, SuspectRecordsQuery } from './admin';
import { QUERY_INT_MAX_DIGITS, queryInt } from './query';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('a whole number from a query string', () => {
  const day = queryInt('d', { min: 1, max: 31 });
  const offset = queryInt('o', { min: -840, max: 840 });

  it('reads digits, leading zeros included', () => {
    expect(['1', '07', '31', '0031'].map((v) => day.parse(v))).toEqual([1, 7, 31, 31]);
  });

  it('refuses every other way of writing a number, naming the field once', () => {
    for (const bad of ['0x10', '1e1', '+1', ' 5', '5 ', '5.0', '', '1_0', '١٢', 'Infinity', 'NaN', '0b1', '0o7', '--1', '1-', '\t5']) {
      expect(messages(day, bad)).toEqual(['d must be a whole number written in digits']);
    }
  });

  it('refuses what is not a single string: a repeated field, a number, nothing', () => {
    for (const bad of [['1', '2'], 5, null, undefined, {}]) expect(messages(day, bad)).toEqual(['d must be a whole number written in digits']);
  });

  it('takes a minus only where the field may be negative', () => {
    expect(offset.parse('-180')).toBe(-180);
    expect(offset.parse('-0')).toBe(0);
    expect(Object.is(offset.parse('-0'), 0)).toBe(true);
    expect(messages(day, '-1')).toEqual(['d must be a whole number written in digits']);
    expect(messages(day, '-0')).toEqual(['d must be a whole number written in digits']);
  });

  it('keeps the range', () => {
    expect(messages(day, '0')).toEqual(['d must be at least 1']);
    expect(messages(day, '32')).toEqual(['d must be at most 31']);
    expect(messages(offset, '-841')).toEqual(['o must be at least -840']);
  });

  it('refuses a digit string too long to be an exact number before reading it', () => {
    const wide = queryInt('n', { min: 0, max: Number.MAX_SAFE_INTEGER });
    expect(wide.parse('9'.repeat(QUERY_INT_MAX_DIGITS))).toBe(999_999_999_999_999);
    for (const long of ['9'.repeat(QUERY_INT_MAX_DIGITS + 1), '0'.repeat(QUERY_INT_MAX_DIGITS) + '1', '9'.repeat(100_000)]) {
      expect(messages(wide, long)).toEqual([`n must be a whole number of at most ${QUERY_INT_MAX_DIGITS} digits`]);
    }
    expect(messages(offset, '-' + '1'.repeat(QUERY_INT_MAX_DIGITS + 1))).toEqual([`o must be a whole number of at most ${QUERY_INT_MAX_DIGITS} digits`]);
  });
});

describe('the query strings that carry whole numbers', () => {
  it('ledger day: d, m, y and the offset o, which may be negative and defaults to 0', () => {
    expect(LedgerQuery.parse({ d: '07', m: '3', y: '2026' })).toEqual({ d: 7, m: 3, y: 2026, o: 0 });
    expect(LedgerQuery.parse({ d: '1', m: '12', y: '2026', o: '-180' })).toEqual({ d: 1, m: 12, y: 2026, o: -180 });
    expect(messages(LedgerQuery, { d: '0x10', m: '1e1', y: '2026', o: '+1' })).toEqual([
      'd must be a whole number written in digits',
      'm must be a whole number written in digits',
      'o must be a whole number written in digits',
    ]);
  });

  it('every page: offset and limit in digits, with their defaults and bounds', () => {
    for (const schema of [PlayersQuery, SuspectRecordsQuery, PlayerHandsQuery] as z.ZodType[]) {
      expect(schema.parse({ offset: '20', limit: '10' })).toMatchObject({ offset: 20, limit: 10 });
      expect(schema.parse({})).toMatchObject({ offset: 0, limit: 50 });
      expect(messages(schema, { offset: '1e3', limit: '0x10' })).toEqual(['offset must be a whole number written in digits', 'limit must be a whole number written in digits']);
      expect(messages(schema, { offset: '', limit: '' })).toEqual(['offset must be a whole number written in digits', 'limit must be a whole number written in digits']);
      expect(messages(schema, { offset: '-1', limit: '501' })).toEqual(['offset must be a whole number written in digits', 'limit must be at most 500']);
      expect(messages(schema, { offset: '1000000001', limit: '0' })).toEqual(['offset must be at most 1000000000', 'limit must be at least 1']);
    }
  });
});
