// "Reprint" on a till's row: a new link key for the till (POST /restaurant/device/{id}/link-key), so the links and
// QR codes printed before stop opening its receipt once the server requires the key (docs/SECURITY.md, "Till
// links"). Asks first; then the list refetches, and Print QR prints the new link.
import { Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useState } from 'react';
import type { SpecterDataProvider } from '../../admin/data';
import { useAllows } from '../../admin/access/useAllows';

export function ReprintButton({ deviceId }: { deviceId: number }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const allowed = useAllows('devices', 'reprint');

  const rotate = async () => {
    setBusy(true);
    try {
      await dataProvider.rotateTillKey(deviceId);
      notify('specter.devices.reprinted', { type: 'success' });
      refresh();
    } catch {
      notify('specter.devices.reprintFailed', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  if (!allowed) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} disabled={busy}>
        {t('specter.devices.reprint')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="specter.devices.reprintTitle"
        content="specter.devices.reprintText"
        onConfirm={rotate}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
