// A dialog with a title, a text and one button: the "Deleted" success dialogs of docs/PRODUCT.md, Messages and dialogs.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

export function InfoDialog({
  open,
  title,
  text,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  onClose(): void;
}) {
  const t = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="info-title" aria-describedby="info-text">
      <DialogTitle id="info-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="info-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('specter.common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
