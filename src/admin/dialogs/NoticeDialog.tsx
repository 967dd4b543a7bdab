// The success dialogs ("Deleted" ...) live above the lists, not in the row that was just deleted: the row
// disappears when the list refetches, and the dialog must stay until the admin closes it.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { InfoDialog } from './InfoDialog';

type Notice = { title: string; text: string } | null;
const NoticeContext = createContext<(title: string, text: string) => void>(() => {});

export function NoticeDialogProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice>(null);
  const show = useCallback((title: string, text: string) => setNotice({ title, text }), []);
  return (
    <NoticeContext.Provider value={show}>
      {children}
      <InfoDialog
        open={!!notice}
        title={notice?.title ?? ''}
        text={notice?.text ?? ''}
        onClose={() => setNotice(null)}
      />
    </NoticeContext.Provider>
  );
}

export const useNoticeDialog = () => useContext(NoticeContext);
