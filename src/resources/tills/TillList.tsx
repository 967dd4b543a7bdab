// /tills: every till of the live restaurants with its branch and POS id, searched (till, branch or restaurant
// name), sorted and paged by the server (GET /api/tills). Read-only. The columns' labels are react-admin's own
// resources.tills.fields.<source>.
import { TextField, useTranslate } from 'react-admin';
import { SpecterList } from '../../admin/lists/SpecterList';

export function TillList() {
  const t = useTranslate();
  return (
    <SpecterList
      title={t('resources.tills.name')}
      empty="resources.tills.empty"
      rowNumberLabel={t('resources.tills.fields.no')}
      search="resources.tills.search"
      sort={{ field: 'restaurant', order: 'ASC' }}
    >
      <TextField source="restaurant" />
      <TextField source="branch" />
      <TextField source="name" />
      <TextField source="posId" sortable={false} />
    </SpecterList>
  );
}
