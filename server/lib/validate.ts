// For the rare route that picks its schema from the body (POST /user): the same 400 "field: message" the
// schema compiler gives every other route.
import type { z } from 'zod';
import { badRequest } from './errors';

export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path?.length ? issue.path.join('.') : 'body';
  throw badRequest(`${field}: ${issue?.message ?? 'is invalid'}`);
}
