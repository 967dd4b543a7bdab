// /restaurants/branches/{restId}: Back to /restaurants, '{restaurant name} Branches', #, Name, Devices link, Print QR's.
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link, useParams } from 'react-router-dom';
import { Datagrid, FunctionField, List, TextField, useGetOne, useTranslate } from 'react-admin';
import type { Branch } from '../../contract/restaurants';
import { EmptyText } from '../../admin/lists/EmptyText';
import { RowNumber } from '../../admin/lists/RowNumber';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';

export function BranchList() {
  const t = useTranslate();
  const { restId } = useParams();
  const { data: restaurant } = useGetOne('restaurants', { id: restId! });
  const c = (k: string) => t(`specter.branches.columns.${k}`);
  const rest = { id: Number(restId), name: restaurant?.name ?? '', logo: restaurant?.logo };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button component={Link} to="/restaurants" startIcon={<ArrowBackIcon />}>{t('specter.common.back')}</Button>
        <Typography variant="h5" component="h1">{t('specter.branches.title', { name: restaurant?.name ?? '' })}</Typography>
      </Box>
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
