// /ledger: every movement of points, newest first - when, restaurant, member, movement, points (signed), balance
// after, the receipt, the reward, the till's branch and cashier, who adjusted and why - filtered by restaurant,
// movement, dates (business days) and member (the Members list's Ledger link), paged by the server
// (GET /api/loyalty/ledger); Export CSV with the same filters. Read only: the ledger is append-only.
import {
  DateInput,
  FunctionField,
  NumberInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { LEDGER_KINDS, type LedgerEntry } from '../../contract/resources';
import { readSystemReason } from '../../contract/ledgerReasons';
import { ExportCsvButton } from '../../admin/exports/ExportCsvButton';
import { dash, localDateTime } from '../../admin/lists/format';
import { RestaurantFilter } from '../../admin/lists/restaurants';
import { SpecterList } from '../../admin/lists/SpecterList';

function Actions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <ExportCsvButton resource="ledger" path="/api/loyalty/ledger/export.csv" filter={filterValues} />
    </TopToolbar>
  );
}

export function LedgerList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const c = (k: string) => t(`resources.ledger.fields.${k}`);
  const kind = (k: string) => t(`resources.ledger.kinds.${k}`);
  /** A reason the system wrote, in the admin's language; one an account typed, as typed. */
  const reason = (text: string | null) => {
    const system = text ? readSystemReason(text) : null;
    if (!system) return dash(text);
    const { how, ...values } = system.values;
    return t(`resources.ledger.reasons.${system.id}`, {
      ...values,
      ...(how ? { how: t(`resources.ledger.orderEnds.${how}`, { _: how }) } : {}),
    });
  };
  return (
    <SpecterList
      title={t('resources.ledger.name')}
      empty="resources.ledger.empty"
      rowNumberLabel={false}
      filters={[
        <RestaurantFilter key="r" source="restaurantId" alwaysOn label={c('restaurant_id')} />,
        <SelectInput
          key="k"
          source="kind"
          alwaysOn
          label={c('kind')}
          choices={LEDGER_KINDS.map((k) => ({ id: k, name: kind(k) }))}
        />,
        <DateInput key="f" source="from" alwaysOn label={c('from')} />,
        <DateInput key="t" source="to" alwaysOn label={c('to')} />,
        <NumberInput key="m" source="memberId" label={c('memberId')} />,
      ]}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      emptyPage={false}
    >
      <FunctionField source="at" sortable={false} render={(e: LedgerEntry) => localDateTime(e.at, locale)} />
      <TextField source="restaurant" label={c('restaurant_id')} sortable={false} />
      <FunctionField
        source="name"
        sortable={false}
        render={(e: LedgerEntry) => (
          <>
            {e.name && <bdi>{e.name} </bdi>}
            <bdi dir="ltr">{e.phone}</bdi>
          </>
        )}
      />
      <FunctionField source="kind" sortable={false} render={(e: LedgerEntry) => kind(e.kind)} />
      <FunctionField
        source="points"
        sortable={false}
        render={(e: LedgerEntry) => <bdi dir="ltr">{e.points > 0 ? `+${e.points}` : e.points}</bdi>}
      />
      <TextField source="balance_after" sortable={false} />
      <FunctionField
        source="order_number"
        sortable={false}
        render={(e: LedgerEntry) => dash(e.order_number ?? e.pos_order_id)}
      />
      <FunctionField source="reward_code" sortable={false} render={(e: LedgerEntry) => dash(e.reward_code)} />
      <FunctionField source="branch_id" sortable={false} render={(e: LedgerEntry) => dash(e.branch_id)} />
      <FunctionField source="user_id" sortable={false} render={(e: LedgerEntry) => dash(e.user_id)} />
      <FunctionField source="admin" sortable={false} render={(e: LedgerEntry) => dash(e.admin)} />
      <FunctionField source="reason" sortable={false} render={(e: LedgerEntry) => reason(e.reason)} />
    </SpecterList>
  );
}
