// The link to the printable sheet of a restaurant, a branch or a till (beside the spec's Print QR buttons).
import { Button } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useAllows } from '../../admin/access/useAllows';

export function sheetPath(restId: number | string, branchId?: number | string, deviceId?: number | string): string {
  const q = new URLSearchParams();
  if (branchId !== undefined) q.set('branchId', String(branchId));
  if (deviceId !== undefined) q.set('deviceId', String(deviceId));
  const s = q.toString();
  return `/restaurants/sheet/${restId}${s ? `?${s}` : ''}`;
}

export function SheetLink({
  restId,
  branchId,
  deviceId,
  disabled,
}: {
  restId: number | string;
  branchId?: number | string;
  deviceId?: number | string;
  disabled?: boolean;
}) {
  const t = useTranslate();
  if (!useAllows('sheet', 'print')) return null;
  return (
    <Button
      size="small"
      startIcon={<PrintIcon />}
      component={Link}
      to={sheetPath(restId, branchId, deviceId)}
      disabled={disabled}
      title={t('specter.sheet.openHelp')}
    >
      {t('specter.sheet.open')}
    </Button>
  );
}
