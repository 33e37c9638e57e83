import { z } from 'zod';

export const ProjectionStatus = z.object({
  name: z.string(),
  version: z.number().int(),
  lagEvents: z.number().int(),
  lagMs: z.number().int().nullable(),
});
export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  info: z.record(z.string(), z.unknown()).optional(),
  error: z.record(z.string(), z.unknown()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
