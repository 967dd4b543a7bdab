// A list's search in SQL (docs/ARCHITECTURE.md, The database): words ILIKE'd over plain columns, which the pg_trgm
// GIN indexes serve, and a word within a copy kept in lower case for searching.
import { and, ilike, like, or, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Search: every word of the term must appear (ILIKE '%word%') in one of the columns, so "Sara Saleh" finds
 * first name Sara and last name Saleh. Each word is an OR over plain columns, which the pg_trgm GIN indexes
 * serve (no expression over several columns, which no index could).
 */
export function searchWhere(term: string | undefined, columns: AnyColumn[]): SQL | undefined {
  const words = wordsOf(term);
  if (!words.length) return undefined;
  return and(...words.map((w) => or(...columns.map((c) => ilike(c, containing(w))))));
}

/** A term's words: at most five, split on spaces. */
const wordsOf = (term: string | undefined) => (term ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);

/** Search on a copy kept in lower case with its fields separated by spaces (e.g. app_users.search, "phone first
 * last"): every word of the term within it, which - a word holding no space - is within one of its fields. */
export function wordsWithin(term: string | undefined, copy: AnyColumn | SQL): SQL | undefined {
  const words = wordsOf(term);
  return words.length ? and(...words.map((w) => lowerContains(copy, w))) : undefined;
}

/** `%word%` for LIKE, the word's own % _ and \ taken literally. */
const containing = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A word within a column kept in lower case (a copy made for searching, e.g. loyalty_members.search): LIKE on the
 * word in lower case, which the trigram index serves as ILIKE would, at a third of ILIKE's cost per row checked. */
export const lowerContains = (column: AnyColumn | SQL, word: string): SQL =>
  like(column, containing(word.toLowerCase()));
