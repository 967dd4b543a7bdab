// "Export CSV" on a list: asks for a one-minute download ticket, then lets the browser download the export's
// address itself (a link with `download`), so the server streams the file to disk and the page never holds
// the rows.
import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SpecterDataProvider } from '../../dataProvider';
import { useAllows } from '../access/useAllows';

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
  const dp = useDataProvider<SpecterDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = document.createElement('a');
      link.href = await dp.exportUrl(path, filter);
      link.download = '';
      link.click();
    } catch {
      notify(t('specter.exports.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  if (!allowed) return null;
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={download} disabled={busy} data-testid={`export-${path}`}>
      {t('specter.exports.csv')}
    </Button>
  );
}
