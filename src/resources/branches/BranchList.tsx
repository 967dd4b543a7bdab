// /restaurants/branches/{restId}: Back to /restaurants, '{restaurant name} Branches', #, Name, Devices link, Print QR's.
import { Alert, Box, Button, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link, useParams } from 'react-router-dom';
import { Datagrid, FunctionField, List, TextField, useDataProvider, useGetOne, useRefresh, useTranslate } from 'react-admin';
import type { SpecterDataProvider } from '../../dataProvider';
import type { Branch } from '../../contract/restaurants';
import { EmptyText } from '../../admin/lists/EmptyText';
import { RowNumber } from '../../admin/lists/RowNumber';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';

export function BranchList() {
  const t = useTranslate();
  const { restId } = useParams();
  const { data: restaurant } = useGetOne('restaurants', { id: restId! });
  const dp = useDataProvider<SpecterDataProvider>();
  const refresh = useRefresh();
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    try {
      await dp.syncRestaurant(restId!);
    } catch (err) {
      console.error(err);
    } finally {
      setSyncing(false);
      refresh();
    }
  };
  const c = (k: string) => t(`specter.branches.columns.${k}`);
  const rest = { id: Number(restId), name: restaurant?.name ?? '', logo: restaurant?.logo };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button component={Link} to="/restaurants" startIcon={<ArrowBackIcon />}>{t('specter.common.back')}</Button>
        <Typography variant="h5" component="h1">{t('specter.branches.title', { name: restaurant?.name ?? '' })}</Typography>
        <Button onClick={sync} disabled={syncing} startIcon={<SyncIcon />} sx={{ marginInlineStart: 'auto' }}>{t('specter.branches.sync')}</Button>
      </Box>
      {restaurant?.sync_error && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="sync-error">{t('specter.branches.syncError', { error: restaurant.sync_error })}</Alert>
      )}
      <List
        resource="branches"
        filter={{ restId }}
        title={t('specter.branches.title', { name: restaurant?.name ?? '' })}
        actions={false}
        exporter={false}
        storeKey={false}
        disableSyncWithLocation
        empty={<EmptyText text="specter.branches.empty" />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyText text="specter.branches.empty" />}>
          <FunctionField label={c('no')} render={() => <RowNumber />} sortable={false} />
          <TextField label={c('name')} source="name" />
          <FunctionField
            label={c('actions')}
            render={(b: Branch) => (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button size="small" component={Link} to={`/restaurants/devices/${restId}/${b.id}`}>{t('specter.branches.devices')}</Button>
                <PrintQrButton label={t('specter.restaurants.printQr')} level="branch" restaurant={rest} devices={b.Devices ?? []} />
              </Box>
            )}
          />
        </Datagrid>
      </List>
    </Box>
  );
}
