/**
 * How column values come back to JavaScript, the same on `pg` and on PGlite:
 * - int8 (bigint, OID 20) and int8[] → number; a value beyond Number.MAX_SAFE_INTEGER throws rather
 *   than silently losing precision (satoshi amounts stay far below 2^53).
 * - numeric → string (exact; convert deliberately where needed).
 * - date → 'YYYY-MM-DD' string, so a calendar day never shifts with the process time zone.
 * - timestamptz → Date; json/jsonb → parsed values (both drivers' defaults).
 */
import { types as pgTypes, type CustomTypesConfig } from 'pg';

export const OID = { int8: 20, int8Array: 1016, numeric: 1700, date: 1082 } as const;

export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`int8 value ${value} is outside JavaScript's safe integer range (±${Number.MAX_SAFE_INTEGER})`);
  }
  return n;
}

const identity = (value: string): string => value;

type NestedArray = Array<string | null | NestedArray>;

function mapNested(values: NestedArray, fn: (v: string) => number): unknown[] {
  return values.map((v) => (v === null ? null : Array.isArray(v) ? mapNested(v, fn) : fn(v)));
}

/** `types` for a pg Pool: per pool, so the process-wide pg-types registry stays untouched. */
export const pgTypeParsers: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pgTypes.getTypeParser(oid, 'binary');
    switch (oid) {
      case OID.int8:
        return parseInt8;
      case OID.int8Array: {
        const parseStrings = pgTypes.getTypeParser(OID.int8Array as number, 'text') as (v: string) => NestedArray;
        return (value: string) => mapNested(parseStrings(value), parseInt8);
      }
      case OID.numeric:
      case OID.date:
        return identity;
      default:
        return pgTypes.getTypeParser(oid, 'text');
    }
  }) as CustomTypesConfig['getTypeParser'],
};

/** `parsers` for PGlite (keyed by OID; its array parsers reuse the element parser). */
export const pgliteParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: parseInt8,
  [OID.numeric]: identity,
  [OID.date]: identity,
};
