// /restaurants/branches/{restId}: Back to /restaurants, '{restaurant name} Branches', #, Name, Devices link, Print QR's.
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FunctionField, TextField, useDataProvider, useGetOne, useRefresh, useTranslate } from 'react-admin';
import type { SpecterDataProvider } from '../../admin/data';
import type { Branch, RestaurantWithBranches } from '../../contract/restaurants';
import { SpecterList } from '../../admin/lists/SpecterList';
import { PageHeader } from '../../admin/layout/PageHeader';
import { FunnelFigure } from '../../admin/funnel/FunnelColumns';
import { useFunnelByBranch } from '../../admin/funnel/useFunnel';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';
import { SheetLink, SheetNote } from '../sheet';
import { OwnRestaurant } from '../../admin/access/OwnRestaurant';
import { useAllows } from '../../admin/access/useAllows';
import { usePosReason } from '../../admin/feedback/serverTexts';

export function BranchList() {
  const { restId } = useParams();
  return (
    <OwnRestaurant id={restId}>
      <Branches restId={restId ?? ''} />
    </OwnRestaurant>
  );
}

function Branches({ restId }: { restId: string }) {
  const t = useTranslate();
  const posReason = usePosReason();
  const maySync = useAllows('restaurants', 'sync');
  const { data: restaurant } = useGetOne('restaurants', { id: restId });
  const dp = useDataProvider<SpecterDataProvider>();
  const refresh = useRefresh();
  const [syncing, setSyncing] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // Sync says that it runs and what it found (or why it failed), instead of refreshing silently.
  const sync = async () => {
    setSyncing(true);
    setOutcome(null);
    try {
      const r = (await dp.syncRestaurant(restId)) as unknown as RestaurantWithBranches;
      const branches = r.Branchs ?? [];
      const devices = branches.reduce((n, b) => n + (b.Devices?.length ?? 0), 0);
      setOutcome(
        r.sync_error
          ? { ok: false, text: t('specter.sync.failed', { error: posReason(r.sync_error) }) }
          : { ok: true, text: t('specter.sync.done', { branches: branches.length, devices }) },
      );
    } catch (err) {
      setOutcome({
        ok: false,
        text: t('specter.sync.failed', { error: err instanceof Error ? err.message : String(err) }),
      });
    } finally {
      setSyncing(false);
      refresh();
    }
  };
  const c = (k: string) => t(`resources.branches.fields.${k}`);
  const funnel = useFunnelByBranch(restId);
  const rest = { id: Number(restId), name: restaurant?.name ?? '', logo: restaurant?.logo };
  return (
    <Box>
      <PageHeader backTo="/restaurants" title={t('specter.branches.title', { name: restaurant?.name ?? '' })}>
        {maySync && (
          <Button onClick={sync} disabled={syncing} startIcon={<SyncIcon />}>
            {t('specter.branches.sync')}
          </Button>
        )}
      </PageHeader>
      <SheetNote />
      {syncing && (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography variant="body2">{t('specter.sync.running')}</Typography>
          <LinearProgress />
        </Box>
      )}
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1 }} role="status" data-testid="sync-outcome">
          {outcome.text}
        </Alert>
      )}
      {!outcome && restaurant?.sync_error && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="sync-error">
          {t('specter.branches.syncError', { error: posReason(restaurant.sync_error) })}
        </Alert>
      )}
      <SpecterList
        resource="branches"
        filter={{ restId }}
        title={t('specter.branches.title', { name: restaurant?.name ?? '' })}
        empty="resources.branches.empty"
        rowNumberLabel={c('no')}
      >
        <TextField label={c('name')} source="name" />
        <FunctionField
          label={c('actions')}
          render={(b: Branch) => (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button size="small" component={Link} to={`/restaurants/devices/${restId}/${b.id}`}>
                {t('specter.branches.devices')}
              </Button>
              <PrintQrButton
                label={t('specter.restaurants.printQr')}
                level="branch"
                restaurant={rest}
                devices={b.Devices ?? []}
              />
              <SheetLink restId={restId} branchId={b.id} disabled={!b.Devices?.length} />
            </Box>
          )}
        />
        {(['views', 'codes', 'saves', 'conversion'] as const).map((step) => (
          <FunctionField
            key={step}
            label={t(`specter.funnel.${step}`)}
            sortable={false}
            render={(r: { id: number }) => <FunnelFigure rows={funnel.data} id={r.id} step={step} />}
          />
        ))}
      </SpecterList>
    </Box>
  );
}
