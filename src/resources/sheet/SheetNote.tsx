// What customers scan (issue 49): the printable QR sheet's code is the plain invoice link a phone's camera opens;
// Print QR's images carry the Specter app's code (the spec's JSON), which a phone camera shows as text. Said on the
// restaurants and branches pages, beside the two buttons.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAllows } from '../../admin/access/useAllows';

export function SheetNote() {
  const t = useTranslate();
  if (!useAllows('sheet', 'print')) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%', order: 1 }} data-testid="sheet-note">
      {t('specter.sheet.whatCustomersScan')}
    </Typography>
  );
}
