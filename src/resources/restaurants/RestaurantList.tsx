// /restaurants: #, Logo, Name, System Type; Branches link, Print QR's (every device), edit, delete; 'Add New'.
// On a phone (narrower than MUI's `sm`, 600 px) a row's actions fold into one menu button, so the table keeps its
// columns readable and every action stays one tap away (docs/ARCHITECTURE.md, Phones).
import { useState } from 'react';
import { Box, Button, IconButton, Menu, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import type { RestaurantWithBranches } from '../../contract/restaurants';
import { DeleteWithDialogs } from '../../admin/dialogs/DeleteWithDialogs';
import { SpecterList } from '../../admin/lists/SpecterList';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';
import { LogoImage } from './LogoImage';
import { SheetLink, SheetNote } from '../sheet';
import { TopToolbar } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import { ConnectionBadge, ConnectFoodicsButton, useFoodicsOutcome } from './FoodicsConnect';
import { useAllows } from '../../admin/access/useAllows';
import { usePosReason } from '../../admin/feedback/serverTexts';

/** A row's actions: in a row on a wide screen, behind one "Actions" menu button on a phone. The menu's content
 * stays mounted while closed, so a dialog an action opened (delete's confirmation) outlives the menu. */
function RowActions({ r }: { r: RestaurantWithBranches }) {
  const t = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!narrow) return <RowActionList r={r} />;
  return (
    <>
      <IconButton
        aria-label={`${t('resources.restaurants.fields.actions')} ${r.name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} keepMounted>
        <Box sx={{ px: 1, py: 0.5, maxWidth: 260 }} onClick={() => setAnchor(null)}>
          <RowActionList r={r} vertical />
        </Box>
      </Menu>
    </>
  );
}

function RowActionList({ r, vertical = false }: { r: RestaurantWithBranches; vertical?: boolean }) {
  const t = useTranslate();
  const posReason = usePosReason();
  const mayEdit = useAllows('restaurants', 'edit');
  const devices = (r.Branchs ?? []).flatMap((b) => b.Devices ?? []);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: vertical ? 'flex-start' : 'center',
        flexDirection: vertical ? 'column' : 'row',
        gap: 1,
        flexWrap: 'wrap',
      }}
    >
      <Button size="small" component={Link} to={`/restaurants/branches/${r.id}`}>
        {t('specter.restaurants.branches')}
      </Button>
      <PrintQrButton label={t('specter.restaurants.printQr')} level="restaurant" restaurant={r} devices={devices} />
      <SheetLink restId={r.id} disabled={!devices.length} />
      {mayEdit && (
        <Tooltip title={t('specter.restaurants.edit')}>
          <IconButton
            component={Link}
            to={`/restaurants/edit/${r.id}`}
            aria-label={`${t('specter.restaurants.edit')} ${r.name}`}
          >
            <EditIcon />
          </IconButton>
        </Tooltip>
      )}
      <DeleteWithDialogs resource="restaurants" />
      {!devices.length && (
        // Print QR's is disabled without tills: say why, and what to do.
        <Typography
          variant="caption"
          color={r.sync_error ? 'error' : 'text.secondary'}
          sx={{ flexBasis: '100%' }}
          data-testid={`no-tills-${r.id}`}
        >
          {r.sync_error
            ? t('specter.feedback.tokenRefused', { error: posReason(r.sync_error) })
            : t('specter.feedback.noTills')}
        </Typography>
      )}
    </Box>
  );
}

export function RestaurantList() {
  const t = useTranslate();
  const mayAdd = useAllows('restaurants', 'create');
  const c = (k: string) => t(`resources.restaurants.fields.${k}`);
  useFoodicsOutcome();
  return (
    <SpecterList
      title={t('specter.restaurants.title')}
      empty="resources.restaurants.empty"
      rowNumberLabel={c('no')}
      search
      add={{ to: '/restaurants/add', label: 'specter.restaurants.add' }}
      actions={
        // "Connect Foodics" first: the way a restaurant is added without pasting a token (docs/POS.md).
        <TopToolbar sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <SheetNote />
          <ConnectFoodicsButton />
          {mayAdd && (
            <Button component={Link} to="/restaurants/add" variant="contained" startIcon={<AddIcon />}>
              {t('specter.restaurants.add')}
            </Button>
          )}
        </TopToolbar>
      }
    >
      <FunctionField
        label={c('logo')}
        render={(r: RestaurantWithBranches) => <LogoImage src={r.logo} alt={r.name} />}
        sortable={false}
      />
      <TextField label={c('name')} source="name" />
      <TextField label={c('system_type')} source="system_type" />
      <FunctionField
        label={c('actions')}
        render={(r: RestaurantWithBranches) => <RowActions r={r} />}
        sortable={false}
      />
      {/* After the spec's columns: the POS connection's badge (docs/POS.md). */}
      <FunctionField
        label={t('resources.restaurants.foodics.health.column')}
        render={(r: RestaurantWithBranches) => <ConnectionBadge r={r} />}
        sortable={false}
      />
    </SpecterList>
  );
}
