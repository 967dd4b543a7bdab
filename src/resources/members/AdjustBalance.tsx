// A member's balance adjusted by hand (issue 47): points to add or take and a reason, for the roles the declaration
// lets adjust (admins, managers). The server keeps the balance at zero or more and writes the ledger's entry and the
// activity trail; its refusal ("points: the balance cannot go below zero") is said under the field, in the admin's
// language. The list shows the new balance at once.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Member } from '../../contract/resources';
import type { SpecterDataProvider } from '../../admin/data';
import { useAllows } from '../../admin/access/useAllows';
import { serverReason, useServerMessage } from '../../admin/feedback/serverTexts';

export function AdjustBalance() {
  const member = useRecordContext<Member>();
  const t = useTranslate();
  const a = (k: string, o?: object) => t(`resources.members.adjust.${k}`, o);
  const dp = useDataProvider<SpecterDataProvider>();
  const allowed = useAllows('members', 'adjust');
  const notify = useNotify();
  const refresh = useRefresh();
  const say = useServerMessage();
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ field: 'points' | 'reason' | null; text: string } | null>(null);
  if (!member || !allowed) return null;
  const who = member.name ?? member.phone;

  const close = () => {
    setOpen(false);
    setPoints('');
    setReason('');
    setFailed(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(points);
    if (!points.trim() || !Number.isInteger(n) || n === 0)
      return setFailed({ field: 'points', text: t('resources.loyalty.errors.notZero') });
    if (!reason.trim()) return setFailed({ field: 'reason', text: t('resources.loyalty.errors.required') });
    setBusy(true);
    try {
      const after = await dp.adjustMember(member.id, { points: n, reason: reason.trim() });
      close();
      notify(a('done', { balance: after.balance }), { type: 'success' });
      refresh();
    } catch (err) {
      const field = /^(points|reason): /.exec(serverReason(err) ?? '')?.[1] as 'points' | 'reason' | undefined;
      setFailed({ field: field ?? null, text: say(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={a('label', { name: who })}
      >
        {a('button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="adjust-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="adjust-title">{a('title')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: { sm: 420 } }}>
            <Typography>
              <bdi>{who}</bdi> · {a('now', { balance: member.balance })}
            </Typography>
            <TextField
              label={a('points')}
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              error={failed?.field === 'points'}
              helperText={failed?.field === 'points' ? failed.text : a('pointsHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              autoFocus
            />
            <TextField
              label={a('reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={failed?.field === 'reason'}
              helperText={failed?.field === 'reason' ? failed.text : a('reasonHelp')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {failed && !failed.field && (
              <Typography role="alert" color="error">
                {failed.text}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{a('cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {a('save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
