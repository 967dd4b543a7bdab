// The empty-state text of a list, as docs/PRODUCT.md writes it.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function EmptyText({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" role="status">
      {t(text)}
    </Typography>
  );
}
