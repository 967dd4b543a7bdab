import { z } from 'zod';

/** A `{message}` answer: every failure (docs/DECISIONS.md) and the plain confirmations ("The User has been removed"). */
export const messageSchema = z.object({ message: z.string() });

/** Every failure answers this shape (docs/DECISIONS.md): the same `{message}`. */
export const errorSchema = messageSchema;

/** A 400 of a call that checks a one-time code: the one message for a wrong, expired, used or exhausted code, and
 * how many guesses the phone's live code still takes (0: none is live; the page asks for a new one). */
export const codeErrorSchema = messageSchema.extend({ triesLeft: z.number().int().min(0).optional() });

/** A numeric id in a path: `/user/{id}`. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Optional paging of lists. Without any of these the server answers the bare array of the contract (docs/API.md);
 * with `page` (or `perPage`) it pages, sorts and searches in the database and sets TOTAL_HEADER.
 */
/** The most rows one page of a list may ask for. */
export const PER_PAGE_MAX = 500;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).optional(),
  sort: z
    .string()
    .max(40)
    .regex(/^[A-Za-z_]+$/, 'must be a field name')
    .optional(),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Header carrying the total row count of a paged list (exposed through CORS). */
export const TOTAL_HEADER = 'X-Total-Count';
/** 'false' when TOTAL_HEADER is a lower bound: a search matched more rows than the server counts (the screens
 * then show partial paging, "more than ..."); absent when the total is exact. */
export const TOTAL_EXACT_HEADER = 'X-Total-Exact';

/** Currencies the dashboard totals row sums (docs/PRODUCT.md, Entities, plus SAR). */
export const CURRENCIES = ['EGY', 'USD', 'RMB', 'EUR', 'SAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const SYSTEM_TYPES = ['Foodics', 'Specter'] as const;

/**
 * The shortest word the big lists (App Users, Orders) search by name or order number: their trigram indexes need
 * three characters, and a shorter word would read every row to find a few (docs/PERFORMANCE.md, Short searches).
 * Digits (a phone or order-number part) are searched at any length: every phone and order number is made of them.
 */
export const SEARCH_MIN_CHARS = 3;

/** The 400 of a search `searchTooShort` refuses. */
export const SEARCH_TOO_SHORT = `q: type at least ${SEARCH_MIN_CHARS} characters (digits of a phone or order number: any)`;

/** A search no index can answer: not digits only, and no word of SEARCH_MIN_CHARS characters. */
export function searchTooShort(term: string | undefined): boolean {
  const t = (term ?? '').trim();
  if (!t || /^\+?[\d\s\-()]+$/.test(t)) return false;
  return !t.split(/\s+/).some((w) => [...w].length >= SEARCH_MIN_CHARS);
}
