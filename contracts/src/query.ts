import { z } from 'zod';

/** Most digits a whole number in a query string may have: every value up to this is an exact JavaScript number. */
export const QUERY_INT_MAX_DIGITS = 15;

/**
 * A whole number from a query string, written in digits only: `0x10`, `1e3`, `+1`, ` 5`, `5.0` and an empty value
 * are refused (they all mean a number to `Number()`), and so is a `-` unless `min` is negative. Leading zeros are
 * digits (`07` is 7). The issue names the field: "d must be a whole number written in digits". The client's
 * bundler takes a call of it as pure (`client/vite.config.ts`), so it must stay a plain schema builder.
 */
export function queryInt(name: string, { min, max }: { min: number; max: number }) {
  const notDigits = `${name} must be a whole number written in digits`;
  const digits = min < 0 ? /^-?\d+$/ : /^\d+$/;
  return z
    .string({ error: notDigits })
    .check((ctx) => {
      if (!digits.test(ctx.value)) ctx.issues.push({ code: 'custom', message: notDigits, input: ctx.value, abort: true });
      else if (ctx.value.replace('-', '').length > QUERY_INT_MAX_DIGITS) {
        ctx.issues.push({ code: 'custom', message: `${name} must be a whole number of at most ${QUERY_INT_MAX_DIGITS} digits`, input: ctx.value, abort: true });
      }
    })
    // `-0` is 0.
    .transform((value) => Number(value) || 0)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));
}
