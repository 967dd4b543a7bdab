// Optional paging of the admin lists (DECISIONS.md): no paging parameters -> the bare array of SPEC.md;
// any of page/perPage/sort/order/q -> paged, sorted and searched in the database, total in X-Total-Count.
import { and, asc, desc, ilike, or, type SQL, type AnyColumn } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { TOTAL_HEADER, type ListQuery } from '../../src/contract';
import { badRequest } from './errors';

export const DEFAULT_PER_PAGE = 25;

export function wantsPaging(q: ListQuery): boolean {
  return q.page !== undefined || q.perPage !== undefined || q.sort !== undefined || q.order !== undefined || q.q !== undefined;
}

/** The ORDER BY for a requested sort field, from a whitelist; an unknown field is a 400, not a silent default. */
export function orderBy(
  q: ListQuery,
  sortable: Record<string, AnyColumn>,
  fallback: { field: string; order: 'ASC' | 'DESC' },
  tieBreaker: AnyColumn,
): SQL[] {
  const field = q.sort ?? fallback.field;
  const column = sortable[field];
  if (!column) {
    throw badRequest(`sort: must be one of ${Object.keys(sortable).join(', ')}`);
  }
  const dir = (q.order ?? (q.sort ? 'ASC' : fallback.order)).toUpperCase() === 'DESC' ? desc : asc;
  return [dir(column), dir(tieBreaker)];
}

/**
 * Search: every word of the term must appear (ILIKE '%word%') in one of the columns, so "Sara Saleh" finds
 * first name Sara and last name Saleh. Each word is an OR over plain columns, which the pg_trgm GIN indexes
 * serve (no expression over several columns, which no index could).
 */
export function searchWhere(term: string | undefined, columns: AnyColumn[]): SQL | undefined {
  const words = (term ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return undefined;
  const escape = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(...words.map((w) => or(...columns.map((c) => ilike(c, escape(w))))));
}

export function pageWindow(q: ListQuery): { limit: number; offset: number } {
  const limit = q.perPage ?? DEFAULT_PER_PAGE;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
}

export function setTotal(reply: FastifyReply, total: number) {
  reply.header(TOTAL_HEADER, String(total));
}
