import { z } from 'zod';

// Spec 2.1 / 7: every response is this envelope. `request_id` exists under /v0.1 only.

export const ErrorBodySchema = z.object({ code: z.number().int(), details: z.string() });

export const PaginationSchema = z.object({
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export function successEnvelope<T extends z.ZodType>(data: T, version: 'v0' | 'v0.1') {
  const base = z.object({
    status: z.literal('success'),
    data,
    message: z.string(),
    pagination: PaginationSchema.optional(),
  });
  return version === 'v0.1' ? base.extend({ request_id: z.string() }) : base.strict();
}

export function errorEnvelope(version: 'v0' | 'v0.1') {
  const base = z.object({
    status: z.literal('error'),
    data: z.object({}).strict(),
    message: z.string(),
    error: ErrorBodySchema,
  });
  return version === 'v0.1' ? base.extend({ request_id: z.string() }) : base.strict();
}

export type Envelope<T> = {
  status: 'success' | 'error';
  data: T;
  message: string;
  error?: { code: number; details: string };
  request_id?: string;
  pagination?: Pagination;
  file?: { file: string };
};
