// "#": row numbers from 1 in list order, continuing across pages (page 2 starts at perPage + 1).
import { useListContext, useRecordContext } from 'react-admin';

export function RowNumber() {
  const record = useRecordContext();
  const { data, page = 1, perPage = 0 } = useListContext();
  if (!record || !data) return null;
  return <span>{(page - 1) * perPage + data.findIndex((r) => r.id === record.id) + 1}</span>;
}
