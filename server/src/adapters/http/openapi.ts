import { z } from 'zod';
import type { ApiBodyOptions } from '@nestjs/swagger';

type SchemaObject = NonNullable<Extract<ApiBodyOptions, { schema?: unknown }>['schema']>;

/** OpenAPI schema of a contracts zod schema, for @ApiBody / @ApiOkResponse. */
export function openApi(schema: z.ZodType): SchemaObject {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return json as SchemaObject;
}
