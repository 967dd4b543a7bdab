// The confirmation dialog of docs/PRODUCT.md, Messages and dialogs. Texts written for a right-to-left dialog ("? Are
// you sure") are shown with dir="rtl", so a reader sees the punctuation at the end (docs/DECISIONS.md).
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  rtl?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const dir = p.rtl ? 'rtl' : undefined;
  return (
    <Dialog open={p.open} onClose={p.onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title" dir={dir}>
        {p.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text" dir={dir}>
          {p.text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* Cancel takes the first focus: Enter on a freshly opened dialog must never delete. */}
        <Button onClick={p.onClose} disabled={p.busy} autoFocus>
          {p.cancelLabel}
        </Button>
        <Button onClick={p.onConfirm} color="error" variant="contained" disabled={p.busy} dir={dir}>
          {p.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
