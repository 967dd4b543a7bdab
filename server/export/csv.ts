// CSV exports streamed from the database: rows are read in keyset batches (never all in memory) and written
// through csv-stringify with a UTF-8 byte-order mark, so Excel shows Arabic names right.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

// A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). A phone
// such as +966... stays as it is: a sign followed only by digits is a number, not a formula.
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s]*$)/;
const cell = (v: unknown) => (typeof v === 'string' && FORMULA.test(v) ? `'${v}` : (v ?? ''));

/**
 * Reads a table page after page: fetchPage gets the last row of the previous batch (undefined at first) and
 * answers the next batch in a stable order; the walk stops at a short batch.
 */
export async function* keysetRows<T>(
  batchSize: number,
  fetchPage: (after: T | undefined, limit: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let after: T | undefined;
  for (;;) {
    const batch = await fetchPage(after, batchSize);
    for (const row of batch) yield row;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1];
  }
}

/**
 * Sends rows as a CSV download named fileName; the body streams as the rows are read. onEnd hears how many rows
 * were written once the last one was read, or the download stopped (complete false): the audit trail's record.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => unknown[],
  onEnd?: (rows: number, complete: boolean) => void,
) {
  async function* cells() {
    let written = 0;
    let complete = false;
    try {
      for await (const row of rows) {
        yield toCells(row).map(cell);
        written++;
      }
      complete = true;
    } finally {
      onEnd?.(written, complete);
    }
  }
  const out = stringify({ bom: true, header: true, columns: header });
  const source = Readable.from(cells());
  source.on('error', (err) => out.destroy(err));
  source.pipe(out);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
  return reply.send(out);
}
