// /activity: the back-office's audit trail, newest first, paged on the server, filtered by admin and by kind.
import { FunctionField, ReferenceInput, SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { ACTIVITY_KINDS, type Activity } from '../../contract/activity';
import { auditOf } from '../../contract/resource';
import { DECLARATIONS } from '../../contract/resources';
import { dash, localDateTime } from '../../admin/lists/format';
import { SpecterList } from '../../admin/lists/SpecterList';

/** The kinds a write can record: the generic `record.*` ones only once a declared resource writes them. */
const KINDS = ACTIVITY_KINDS.filter(
  (k) =>
    !k.startsWith('record.') ||
    DECLARATIONS.some((d) =>
      (['created', 'edited', 'deleted'] as const).some(
        (w) => auditOf(d)[w] === k && d.actions[w === 'created' ? 'create' : w === 'edited' ? 'edit' : 'delete'],
      ),
    ),
);

export function ActivityList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`resources.activity.fields.${k}`);
  const kindText = (kind: string) => t(`specter.activity.kinds.${kind}`, { _: kind });
  const filters = [
    <ReferenceInput key="adminId" source="adminId" reference="admins" alwaysOn>
      <SelectInput label={t('specter.activity.filters.admin')} optionText="email" />
    </ReferenceInput>,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      label={t('specter.activity.filters.kind')}
      choices={KINDS.map((k) => ({ id: k, name: kindText(k) }))}
    />,
  ];
  return (
    <SpecterList
      resource="activity"
      title={t('specter.activity.title')}
      empty="resources.activity.empty"
      rowNumberLabel={false}
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      remember={false}
    >
      <FunctionField label={c('at')} sortable={false} render={(a: Activity) => localDateTime(a.at, locale)} />
      <FunctionField label={c('admin')} sortable={false} render={(a: Activity) => dash(a.adminEmail)} />
      <FunctionField label={c('kind')} sortable={false} render={(a: Activity) => kindText(a.kind)} />
      <FunctionField
        label={c('record')}
        sortable={false}
        render={(a: Activity) => (
          <bdi>{[a.targetLabel, a.targetId ? `#${a.targetId}` : null].filter(Boolean).join(' ') || '-'}</bdi>
        )}
      />
      <FunctionField label={c('ip')} sortable={false} render={(a: Activity) => <bdi dir="ltr">{dash(a.ip)}</bdi>} />
    </SpecterList>
  );
}
