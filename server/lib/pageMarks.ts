// Where the deep pages of a list began and ended, remembered per instance (docs/PERFORMANCE.md, keyset paging
// under the hood). Page 2,000 of a search matching 100,000 users costs a walk past 50,000 matches; once a page
// has been read, the next one (an admin pressing Next) and the same one again (a reload, another admin) seek
// past the remembered row instead: `(sort key, id) < (the mark's)` reads only what the page needs.
// A mark is kept for MARK_TTL_MS and dropped with the lists by every write through this instance
// (server/plugins/services.ts). A write on another instance at most shifts a deep page by the rows it added or
// removed before the mark, until the mark expires: the page then shows the rows that followed the ones the admin
// saw, which is what stepping through a changing list should show.

/** The row at `offset` (inclusive: the page starts with it) or the row just before `offset` (exclusive). */
export interface PageMark {
  offset: number;
  /** The sort column's value as PostgreSQL writes it (text: no precision lost), and the row's id. */
  key: string;
  id: number;
  inclusive: boolean;
}

/** The marks of one list (one address without its page). */
export interface ListMarks {
  /** The nearest mark at or before offset, or undefined. */
  near(offset: number): PageMark | undefined;
  note(...marks: PageMark[]): void;
}

/** Where a list's total headers go (server/db/paging.ts): the reply, or what a remembered answer keeps
 * (server/lib/rememberedList.ts), with the marks of the list's deep pages when the caller keeps them. Declared
 * here, below the database, so the remembered list in lib/ needs nothing of db/. */
export interface HeaderSink {
  header(name: string, value: string): unknown;
  marks?: ListMarks;
}

export interface PageMarks {
  of(list: string): ListMarks;
  forget(): void;
}

const MARK_TTL_MS = 5 * 60_000;
const MAX_LISTS = 1000;
const MAX_MARKS_PER_LIST = 200;

export function createPageMarks(): PageMarks {
  const lists = new Map<string, Map<number, PageMark & { at: number }>>();
  return {
    of(list) {
      return {
        near(offset) {
          let best: PageMark | undefined;
          const cutoff = Date.now() - MARK_TTL_MS;
          for (const mark of lists.get(list)?.values() ?? [])
            if (mark.at > cutoff && mark.offset <= offset && (!best || mark.offset > best.offset)) best = mark;
          return best;
        },
        note(...marks) {
          let kept = lists.get(list);
          if (!kept) {
            if (lists.size >= MAX_LISTS) lists.clear();
            kept = new Map();
            lists.set(list, kept);
          }
          if (kept.size + marks.length > MAX_MARKS_PER_LIST) kept.clear();
          for (const mark of marks) kept.set(mark.offset, { ...mark, at: Date.now() });
        },
      };
    },
    forget() {
      lists.clear();
    },
  };
}
