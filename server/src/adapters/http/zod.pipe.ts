import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Validates a body, query or param against a contracts schema; a failure is a 400 naming each problem. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
    throw new BadRequestException({
      statusCode: 400,
      error: 'ValidationFailed',
      message: issues.map((i) => (i.path === '(body)' ? i.message : `${i.path}: ${i.message}`)).join('; '),
      issues,
    });
  }
}
