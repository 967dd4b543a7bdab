// /rewards: a restaurant's rewards - code, name (in the admin's language), restaurant, cost, what the member gets,
// on offer - cheapest first, searched by name or code, filtered by restaurant and on offer (GET /api/rewards, paged
// by the server). Add reward, Edit and Delete for the roles the declaration lets write (admins, managers); staff
// read.
import { IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import { FunctionField, NullableBooleanInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import type { Reward } from '../../contract/loyalty';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { RestaurantFilter, useRestaurantNames } from '../../admin/lists/restaurants';
import { SpecterList } from '../../admin/lists/SpecterList';
import { useAllows } from '../../admin/access/useAllows';
import { useRewardText } from './rewardText';

export function RewardList() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const names = useRestaurantNames();
  const what = useRewardText();
  const mayEdit = useAllows('rewards', 'edit');
  const c = (k: string) => t(`resources.rewards.fields.${k}`);
  const nameOf = (r: Reward) => (locale === 'ar' ? r.name_ar : r.name_en);
  return (
    <SpecterList
      title={t('resources.rewards.name')}
      empty="resources.rewards.empty"
      rowNumberLabel={c('no')}
      search="resources.rewards.search"
      filters={[
        <RestaurantFilter key="r" source="restaurantId" alwaysOn label={c('restaurant_id')} />,
        <NullableBooleanInput key="a" source="active" label={c('active')} alwaysOn />,
      ]}
      add={{ to: '/rewards/add', label: 'resources.rewards.add' }}
      sort={{ field: 'cost', order: 'ASC' }}
      perPage={25}
      emptyPage={false}
    >
      <TextField source="code" />
      <FunctionField source="name_en" label={c('name')} render={(r: Reward) => <bdi>{nameOf(r)}</bdi>} />
      <FunctionField
        source="restaurant_id"
        sortable={false}
        render={(r: Reward) => names.get(r.restaurant_id) ?? r.restaurant_id}
      />
      <TextField source="cost" />
      <FunctionField source="what" sortable={false} render={(r: Reward) => what(r)} />
      <FunctionField
        source="active"
        sortable={false}
        render={(r: Reward) => t(`resources.rewards.${r.active ? 'yes' : 'no'}`)}
      />
      <FunctionField
        label=""
        render={(r: Reward) => (
          <>
            {mayEdit && (
              <Tooltip title={t('resources.rewards.edit')}>
                <IconButton
                  component={Link}
                  to={`/rewards/edit/${r.id}`}
                  aria-label={`${t('resources.rewards.edit')} ${nameOf(r)}`}
                >
                  <EditIcon />
                </IconButton>
              </Tooltip>
            )}
            <DeleteWithDialogs resource="rewards" />
          </>
        )}
      />
    </SpecterList>
  );
}
