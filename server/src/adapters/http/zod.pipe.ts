import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { FieldErrorCodes } from '@bahati/contracts';

/**
 * Validates a body, query or param against a contracts schema; a failure is a 400 naming each problem. Its code is
 * `ValidationFailed`, or the spec's own code when every problem is about fields that `codes` gives one code (spec §5:
 * a server rule arrives as a code of §8, e.g. an amount that is not a whole number of satoshis is `InvalidAmount`).
 */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly codes: FieldErrorCodes = {},
  ) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
    const coded = new Set(result.error.issues.map((i) => this.codes[String(i.path[0] ?? '')]));
    const [code] = coded;
    throw new BadRequestException({
      statusCode: 400,
      error: coded.size === 1 && code ? code : 'ValidationFailed',
      message: issues.map((i) => (i.path === '(body)' ? i.message : `${i.path}: ${i.message}`)).join('; '),
      issues,
    });
  }
}
