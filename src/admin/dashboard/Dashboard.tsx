import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { LatestOrders } from './LatestOrders';
import { Tiles } from './Tiles';
import { FunnelCard } from '../funnel/FunnelCard';

/** /home: the four tiles and the Latest Orders table. */
export function Dashboard() {
  const t = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('specter.menu.home')} />
      <Tiles />
      <FunnelCard />
      <LatestOrders />
    </Box>
  );
}
