// /restaurants/devices/{restId}/{branchId}: Back to the branches page, 'Branch Devices', #, Name, Print QR.
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link, useParams } from 'react-router-dom';
import { Datagrid, FunctionField, List, TextField, useGetOne, useTranslate } from 'react-admin';
import type { Device } from '../../contract/restaurants';
import { EmptyText } from '../../admin/lists/EmptyText';
import { RowNumber } from '../../admin/lists/RowNumber';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';

export function DeviceList() {
  const t = useTranslate();
  const { restId, branchId } = useParams();
  const { data: restaurant } = useGetOne('restaurants', { id: restId! });
  const c = (k: string) => t(`specter.devices.columns.${k}`);
  const rest = { id: Number(restId), name: restaurant?.name ?? '', logo: restaurant?.logo };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button component={Link} to={`/restaurants/branches/${restId}`} startIcon={<ArrowBackIcon />}>{t('specter.common.back')}</Button>
        <Typography variant="h5" component="h1">{t('specter.devices.title')}</Typography>
      </Box>
      <List
        resource="devices"
        filter={{ branchId }}
        title={t('specter.devices.title')}
        actions={false}
        exporter={false}
        storeKey={false}
        disableSyncWithLocation
        empty={<EmptyText text="specter.devices.empty" />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyText text="specter.devices.empty" />}>
          <FunctionField label={c('no')} render={() => <RowNumber />} sortable={false} />
          <TextField label={c('name')} source="name" />
          <FunctionField label="" render={(d: Device) => <PrintQrButton label={t('specter.devices.printQr')} level="device" restaurant={rest} devices={[d]} />} />
        </Datagrid>
      </List>
    </Box>
  );
}
