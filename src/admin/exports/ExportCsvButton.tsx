// "Export CSV" on a list: asks for a one-minute download ticket, then lets the browser download the export's
// address itself (a link with `download`), so the server streams the file to disk and the page never holds
// the rows. While it downloads, the button shows how far the server has got (GET /export/progress/{id}): rows
// written, out of the list's total where the list knows it exactly (docs/ARCHITECTURE.md, "CSV exports").
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useContext, useEffect, useState } from 'react';
import { ListContext, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { SpecterDataProvider } from '../data';
import { useAllows } from '../access/useAllows';

/** How often the page asks how far the download has got. */
const POLL_MS = 1000;
/** Asks answered "not known" in a row before the page stops asking (the download went to another instance). */
const UNKNOWN_LIMIT = 5;
/** How long "Export finished" stays. */
const FINISHED_MS = 6000;

interface Shown {
  rows: number;
  state: 'running' | 'finished' | 'stopped';
}

export function ExportCsvButton({
  resource,
  path,
  filter,
}: {
  /** Whose export (src/permissions.ts): the button shows only for a role that may export it. */
  resource: string;
  path: string;
  filter?: Record<string, unknown>;
}) {
  const t = useTranslate();
  const allowed = useAllows(resource, 'export');
  const [locale] = useLocaleState();
  const dp = useDataProvider<SpecterDataProvider>();
  const notify = useNotify();
  // The list's total, when the button sits on a list that knows it (the funnel's card has none).
  const total = useContext(ListContext)?.total;
  const [busy, setBusy] = useState(false);
  const [progressId, setProgressId] = useState<string>();
  const [shown, setShown] = useState<Shown>();

  useEffect(() => {
    if (!progressId) return;
    let unknown = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const p = await dp.exportProgress(progressId).catch(() => null);
      if (stopped) return;
      if (!p) {
        if (++unknown >= UNKNOWN_LIMIT) return setProgressId(undefined);
      } else {
        unknown = 0;
        setShown({ rows: p.rows, state: !p.done ? 'running' : p.complete ? 'finished' : 'stopped' });
        if (p.done) {
          timer = setTimeout(() => setShown(undefined), FINISHED_MS);
          return setProgressId(undefined);
        }
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS / 2);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [dp, progressId]);

  const download = async () => {
    setBusy(true);
    try {
      const { url, progress } = await dp.exportDownload(path, filter);
      const link = document.createElement('a');
      link.href = url;
      link.download = '';
      link.click();
      setShown(undefined);
      setProgressId(progress);
    } catch {
      notify(t('specter.exports.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (!allowed) return null;
  const count = (n: number) => n.toLocaleString(locale === 'ar' ? 'ar-SA' : 'en-US');
  const ofTotal = shown && total !== undefined && total >= shown.rows && total > 0;
  const label =
    shown &&
    (shown.state === 'finished'
      ? t('specter.exports.finished', { rows: count(shown.rows) })
      : shown.state === 'stopped'
        ? t('specter.exports.stopped', { rows: count(shown.rows) })
        : ofTotal
          ? t('specter.exports.progress', { rows: count(shown.rows), total: count(total) })
          : t('specter.exports.progressRows', { rows: count(shown.rows) }));
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={download}
        disabled={busy || !!progressId}
        data-testid={`export-${path}`}
      >
        {t('specter.exports.csv')}
      </Button>
      {shown && (
        <Box sx={{ minWidth: 160 }} role="status" aria-live="polite">
          {shown.state === 'running' && (
            <LinearProgress
              variant={ofTotal ? 'determinate' : 'indeterminate'}
              value={ofTotal ? (100 * shown.rows) / total! : undefined}
              aria-label={label}
            />
          )}
          <Typography variant="caption" color={shown.state === 'stopped' ? 'error' : 'text.secondary'}>
            {label}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
