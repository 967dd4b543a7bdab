// Delete a row: the confirm dialog, the (pessimistic) delete call, a refetch of the list, then the success
// dialog. Cancel does nothing. App users use the spec's right-to-left texts; admins and restaurants the plain ones.
// An admin deleting their own account is warned by name that it is theirs and that they will be signed out; once
// deleted they are signed out, and the sign-in page says why (the server keeps the last admin: that refusal is
// said in the admin's language).
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useDelete, useGetIdentity, useLogout, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { SIGNED_OUT_KEY } from '../login/signedOutNotice';
import { ConfirmDialog } from './ConfirmDialog';
import { useNoticeDialog } from './NoticeDialog';
import { useAllows } from '../access/useAllows';
import { useServerMessage } from '../feedback/serverTexts';

/** The server's refusal to remove the last admin (server/routes/admins.ts), said in the admin's language. */
const LAST_ADMIN = 'The last admin cannot be removed';

const KINDS = {
  users: { rtl: true, title: 'userConfirmTitle', text: 'userConfirmText', yes: 'userConfirmYes', done: 'userDeleted' },
  admins: { rtl: false, title: 'confirmTitle', text: 'confirmText', yes: 'confirmYes', done: 'adminDeleted' },
  restaurants: { rtl: false, title: 'confirmTitle', text: 'confirmText', yes: 'confirmYes', done: 'restaurantDeleted' },
} as const;

/** A resource without texts of its own here says the plain ones, and its `resources.<name>.deleted` when done. */
const plain = (resource: string) =>
  ({
    rtl: false,
    title: 'confirmTitle',
    text: 'confirmText',
    yes: 'confirmYes',
    done: `resources.${resource}.deleted`,
  }) as const;

export function DeleteWithDialogs({ resource }: { resource: keyof typeof KINDS | (string & {}) }) {
  const record = useRecordContext();
  const t = useTranslate();
  const refresh = useRefresh();
  const [deleteOne, { isPending }] = useDelete();
  const reason = useServerMessage();
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const notice = useNoticeDialog();
  const allowed = useAllows(resource, 'delete');
  const k = resource in KINDS ? KINDS[resource as keyof typeof KINDS] : plain(resource);
  const d = (key: string) => t(key.startsWith('resources.') ? key : `specter.dialogs.${key}`);
  if (!record || !allowed) return null;
  // Their own account: the admin's own name and e-mail, isolated so that either reads right in Arabic text.
  const self = resource === 'admins' && identity?.id !== undefined && String(identity.id) === String(record.id);
  const isolate = (v: unknown) => `\u2068${String(v ?? '')}\u2069`;

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          if (self) {
            sessionStorage.setItem(SIGNED_OUT_KEY, 'selfDeleted');
            logout();
            return;
          }
          notice(d('deleted'), d(k.done));
          refresh();
        },
        onError: (err) => {
          // The server refuses some deletions (the last admin): say why instead of closing silently.
          setConfirming(false);
          const message = err instanceof Error ? err.message : '';
          notice(t('specter.feedback.notDeleted'), message === LAST_ADMIN ? d('lastAdmin') : reason(err));
        },
      },
    );

  return (
    <>
      <Tooltip title={t('specter.common.delete')}>
        <IconButton
          aria-label={`${t('specter.common.delete')} ${String(record.name ?? record.name_en ?? record.phone ?? record.id)}`}
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
        title={self ? d('selfConfirmTitle') : d(k.title)}
        text={
          self
            ? t('specter.dialogs.selfConfirmText', { name: isolate(record.name), email: isolate(record.email) })
            : d(k.text)
        }
        confirmLabel={self ? d('selfConfirmYes') : d(k.yes)}
        cancelLabel={d('cancel')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
