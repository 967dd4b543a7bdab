// How far a CSV download has got, for the back-office to show while the browser saves it (a plain link's download
// shows the page nothing; docs/ARCHITECTURE.md, "CSV exports"). Kept per instance, by the download ticket's id:
// the instance that streams the file is the one that knows; behind several instances a poll that reaches another
// one hears "not known" and the page falls back to the browser's own download bar.
export interface ExportProgress {
  /** The account that asked for the ticket: only it may read the progress. */
  adminId: number;
  rows: number;
  done: boolean;
  /** Written completely (false: the download stopped early). */
  complete: boolean;
  at: number;
}

/** How long a finished or abandoned download's progress is kept. */
const KEEP_MS = 10 * 60_000;

export function createExportProgressBoard(now = () => Date.now()) {
  const board = new Map<string, ExportProgress>();
  const sweep = () => {
    for (const [id, p] of board) if (now() - p.at > KEEP_MS) board.delete(id);
  };
  return {
    report(id: string, adminId: number, rows: number, done = false, complete = false) {
      if (!board.has(id)) sweep();
      board.set(id, { adminId, rows, done, complete, at: now() });
    },
    /** The progress of that account's download, or undefined (not this instance's, another account's, or old). */
    read(id: string, adminId: number): ExportProgress | undefined {
      const p = board.get(id);
      return p && p.adminId === adminId && now() - p.at <= KEEP_MS ? p : undefined;
    },
  };
}

export type ExportProgressBoard = ReturnType<typeof createExportProgressBoard>;
