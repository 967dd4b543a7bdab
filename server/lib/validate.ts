// For the rare route that picks its schema from the body (POST /user): the same 400 "field: message" the
// schema compiler gives every other route.
import type { z } from 'zod';
import { badRequest } from './errors';
import { en } from '../i18n/en';
import { fieldMessageKey } from '../i18n';

export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path?.length ? issue.path.join('.') : 'body';
  throw badRequest(`${field}: ${issue?.message ?? 'is invalid'}`);
}

/** The same for a public page's input: a plain sentence naming what to fix, never the schema's wording
 * (the error handler answers it in the customer's language). */
export function parseCustomerInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path?.join('.') ?? '';
  throw badRequest(en[fieldMessageKey(field)]);
}
