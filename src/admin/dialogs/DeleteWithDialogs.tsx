// Delete a row: the confirm dialog, the (pessimistic) delete call, a refetch of the list, then the success
// dialog. Cancel does nothing. App users use the spec's right-to-left texts; admins and restaurants the plain ones.
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useDelete, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';
import { useNoticeDialog } from './NoticeDialog';
import { useAllows } from '../access/useAllows';

const KINDS = {
  users: { rtl: true, title: 'userConfirmTitle', text: 'userConfirmText', yes: 'userConfirmYes', done: 'userDeleted' },
  admins: { rtl: false, title: 'confirmTitle', text: 'confirmText', yes: 'confirmYes', done: 'adminDeleted' },
  restaurants: { rtl: false, title: 'confirmTitle', text: 'confirmText', yes: 'confirmYes', done: 'restaurantDeleted' },
} as const;

export function DeleteWithDialogs({ resource }: { resource: keyof typeof KINDS }) {
  const record = useRecordContext();
  const t = useTranslate();
  const refresh = useRefresh();
  const [deleteOne, { isPending }] = useDelete();
  const [confirming, setConfirming] = useState(false);
  const notice = useNoticeDialog();
  const allowed = useAllows(resource, 'delete');
  const k = KINDS[resource];
  const d = (key: string) => t(`specter.dialogs.${key}`);
  if (!record || !allowed) return null;

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notice(d('deleted'), d(k.done));
          refresh();
        },
        onError: (err) => {
          // The server refuses some deletions (the last admin): say why instead of closing silently.
          setConfirming(false);
          notice(
            t('specter.feedback.notDeleted'),
            err instanceof Error && err.message ? err.message : t('ra.notification.http_error'),
          );
        },
      },
    );

  return (
    <>
      <Tooltip title={t('specter.common.delete')}>
        <IconButton
          aria-label={`${t('specter.common.delete')} ${String(record.name ?? record.phone ?? record.id)}`}
          color="error"
          onClick={(e) => {
            e.stopPropagation();
            setConfirming(true);
          }}
        >
          <DeleteIcon />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        rtl={k.rtl}
        busy={isPending}
        title={d(k.title)}
        text={d(k.text)}
        confirmLabel={d(k.yes)}
        cancelLabel={d('cancel')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
