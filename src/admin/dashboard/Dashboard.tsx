import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { LatestOrders } from './LatestOrders';
import { Tiles } from './Tiles';
import { FunnelCard } from '../funnel/FunnelCard';
import { SalesCard } from './SalesCard';

/** /home: the four tiles, the Sales card (the period's money per currency), the funnel and Latest Orders. */
export function Dashboard() {
  const t = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('specter.menu.home')} />
      <Tiles />
      <SalesCard />
      <FunnelCard />
      <LatestOrders />
    </Box>
  );
}
