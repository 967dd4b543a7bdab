// /restaurants: #, Logo, Name, System Type; Branches link, Print QR's (every device), edit, delete; 'Add New'.
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import { Datagrid, FunctionField, List, SearchInput, TextField, useTranslate } from 'react-admin';
import type { RestaurantWithBranches } from '../../contract/restaurants';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { EmptyText } from '../../admin/lists/EmptyText';
import { RowNumber } from '../../admin/lists/RowNumber';
import { AddNewActions } from '../../admin/lists/AddNewActions';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';
import { LogoImage } from './LogoImage';

function RowActions({ r }: { r: RestaurantWithBranches }) {
  const t = useTranslate();
  const devices = (r.Branchs ?? []).flatMap((b) => b.Devices ?? []);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" component={Link} to={`/restaurants/branches/${r.id}`}>{t('specter.restaurants.branches')}</Button>
      <PrintQrButton label={t('specter.restaurants.printQr')} level="restaurant" restaurant={r} devices={devices} />
      <Tooltip title={t('specter.restaurants.edit')}>
        <IconButton component={Link} to={`/restaurants/edit/${r.id}`} aria-label={`${t('specter.restaurants.edit')} ${r.name}`}><EditIcon /></IconButton>
      </Tooltip>
      <DeleteWithDialogs resource="restaurants" />
    </Box>
  );
}

export function RestaurantList() {
  const t = useTranslate();
  const c = (k: string) => t(`specter.restaurants.columns.${k}`);
  return (
    <List
      title={t('specter.restaurants.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('specter.common.search')} />]}
      actions={<AddNewActions to="/restaurants/add" label="specter.restaurants.add" />}
      empty={<><AddNewActions to="/restaurants/add" label="specter.restaurants.add" /><EmptyText text="specter.restaurants.empty" /></>}
      exporter={false}
      storeKey={false}
      disableSyncWithLocation
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyText text="specter.restaurants.empty" />}>
        <FunctionField label={c('no')} render={() => <RowNumber />} sortable={false} />
        <FunctionField label={c('logo')} render={(r: RestaurantWithBranches) => <LogoImage src={r.logo} alt={r.name} />} sortable={false} />
        <TextField label={c('name')} source="name" />
        <TextField label={c('systemType')} source="system_type" />
        <FunctionField label={c('actions')} render={(r: RestaurantWithBranches) => <RowActions r={r} />} sortable={false} />
      </Datagrid>
    </List>
  );
}
