// /restaurants/devices/{restId}/{branchId}: Back to the branches page, 'Branch Devices', #, Name, Print QR.
import { Box } from '@mui/material';
import { useParams } from 'react-router-dom';
import { FunctionField, TextField, useGetOne, useTranslate } from 'react-admin';
import type { Device } from '../../contract/restaurants';
import { SpecterList } from '../../admin/lists/SpecterList';
import { PageHeader } from '../../admin/layout/PageHeader';
import { FunnelFigure } from '../../admin/funnel/FunnelColumns';
import { useFunnelByDevice } from '../../admin/funnel/useFunnel';
import { PrintQrButton } from '../../admin/qr/PrintQrButton';
import { SheetLink } from '../sheet';
import { ReprintButton } from './ReprintButton';
import { OwnRestaurant } from '../../admin/access/OwnRestaurant';
import { FoldedActions } from '../../admin/lists/FoldedActions';

export function DeviceList() {
  const { restId, branchId } = useParams();
  return (
    <OwnRestaurant id={restId}>
      <Devices restId={restId ?? ''} branchId={branchId ?? ''} />
    </OwnRestaurant>
  );
}

function Devices({ restId, branchId }: { restId: string; branchId: string }) {
  const t = useTranslate();
  const { data: restaurant } = useGetOne('restaurants', { id: restId });
  const c = (k: string) => t(`resources.devices.fields.${k}`);
  const funnel = useFunnelByDevice(branchId);
  const rest = { id: Number(restId), name: restaurant?.name ?? '', logo: restaurant?.logo };
  return (
    <Box>
      <PageHeader backTo={`/restaurants/branches/${restId}`} title={t('specter.devices.title')} />
      <SpecterList
        resource="devices"
        filter={{ branchId }}
        title={t('specter.devices.title')}
        empty="resources.devices.empty"
        rowNumberLabel={c('no')}
      >
        <TextField label={c('name')} source="name" />
        <FunctionField
          label=""
          render={(d: Device) => (
            // On a phone the three fold into one "Actions" menu (issue 49).
            <FoldedActions label={`${t('specter.devices.actions')} ${d.name ?? d.device_id}`}>
              <PrintQrButton label={t('specter.devices.printQr')} level="device" restaurant={rest} devices={[d]} />
              <SheetLink restId={restId} branchId={branchId} deviceId={d.id} />
              <ReprintButton deviceId={d.id} />
            </FoldedActions>
          )}
        />
        {(['views', 'codes', 'saves', 'conversion', 'shared_opens'] as const).map((step) => (
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
