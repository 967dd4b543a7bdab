// CSV exports streamed from the database: rows are read in keyset batches (never all in memory) and written
// through csv-stringify with a UTF-8 byte-order mark, so Excel shows Arabic names right.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

// One convention for every CSV file (issue 49, docs/API.md "Exports"): readable headers (words, not field names),
// the restaurant's local date and time in columns of their own (localDateTime in ./isoTime.ts), and ids, order
// numbers, device ids and phones kept as text, so a spreadsheet keeps 02005 and +966...
//
// A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). A phone
// such as +966... stays as it is: a sign followed only by digits is a number, not a formula.
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s]*$)/;

/** A value a spreadsheet must keep as written (an id, an order number, a phone): see `text`. */
class TextCell {
  constructor(readonly value: string) {}
}

/** Keeps an id, order number or phone as text: one a spreadsheet would read as a number and change - a leading 0
 * or + dropped, more than 15 digits rounded - is written as the formula ="02005", which Excel, LibreOffice and
 * Google Sheets all show as 02005; any other as it is. */
export const text = (v: string | number | null | undefined) =>
  new TextCell(v === null || v === undefined ? '' : String(v));
const NUMBER_LIKE = /^(\+|0\d|\d{16,})[\d\s]*$/;

const cell = (v: unknown): unknown => {
  if (v instanceof TextCell) return NUMBER_LIKE.test(v.value) ? `="${v.value}"` : cell(v.value);
  return typeof v === 'string' && FORMULA.test(v) ? `'${v}` : (v ?? '');
};

/**
 * Reads a table batch after batch: fetchPage gets the last row of the previous batch (undefined at first) and
 * answers the next batch in a stable order; the walk stops at a short batch. The next batch is asked for as soon
 * as one arrives, so the database reads it while this one is turned into CSV and sent (the two overlap on two
 * cores; docs/PERFORMANCE.md, "The CSV export").
 */
export async function* keysetBatches<T>(
  batchSize: number,
  fetchPage: (after: T | undefined, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  // Promise.resolve: a query builder is a thenable that runs its query on every then; this runs it once.
  let next = Promise.resolve(fetchPage(undefined, batchSize));
  for (;;) {
    const batch = await next;
    const more = batch.length === batchSize;
    if (more) {
      next = Promise.resolve(fetchPage(batch[batch.length - 1], batchSize));
      // A download stopped before this read is awaited must not leave an unhandled rejection behind.
      next.catch(() => {});
    }
    if (batch.length) yield batch;
    if (!more) return;
  }
}

const CSV_OPTIONS = { eof: true } as const;

/**
 * Sends rows as a CSV download named fileName: a UTF-8 byte-order mark, the header, then each batch written as
 * one chunk (one string per batch, not a stream step per row: the row-by-row path cost most of the export's CPU).
 * onEnd hears how many rows were written once the last one was read, or the download stopped (complete false):
 * the audit trail's record.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => unknown[],
  onEnd?: (rows: number, complete: boolean) => void,
) {
  // A download opened by a ticket reports how far it has got after each batch (server/export/progress.ts).
  const { exportProgressId: progressId, admin } = reply.request;
  const report = (rows: number, done: boolean, complete: boolean) => {
    if (progressId && admin) reply.server.exportProgress.report(progressId, admin.id, rows, done, complete);
  };
  async function* chunks() {
    let written = 0;
    let complete = false;
    report(0, false, false);
    try {
      yield '\ufeff' + stringify([header], CSV_OPTIONS);
      for await (const batch of batches) {
        yield stringify(
          batch.map((row) => toCells(row).map(cell)),
          CSV_OPTIONS,
        );
        written += batch.length;
        report(written, false, false);
      }
      complete = true;
    } finally {
      report(written, true, complete);
      onEnd?.(written, complete);
    }
  }
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
  return reply.send(Readable.from(chunks(), { objectMode: false }));
}
