// The four summary tiles, each a link (docs/PRODUCT.md, Screens).
import { Card, CardActionArea, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import StoreIcon from '@mui/icons-material/Storefront';
import ReceiptIcon from '@mui/icons-material/Receipt';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useAppDownloads, useStatistics } from './useDashboard';

function Tile({ to, label, value, icon }: { to: string; label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Card>
        {/* The link's name is what it shows, its label and its figure (no aria-label hiding the figure: axe's
            label-content-name-mismatch, issue 49). */}
        <CardActionArea component={Link} to={to}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            {icon}
            <div>
              <Typography color="text.secondary">{label}</Typography>
              <Typography variant="h5" component="p" data-testid={`tile-${to}-${label}`}>
                {value}
              </Typography>
            </div>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}

export function Tiles() {
  const t = useTranslate();
  const stats = useStatistics();
  const downloads = useAppDownloads();
  const figure = (n: number | undefined) =>
    stats.isPending ? <CircularProgress size={20} aria-label="Loading" /> : (n ?? '-');
  return (
    <Grid container spacing={2}>
      {/* The specification links App Downloads and Specter Orders to "/"; a tile should open its list: the app users
          (the people who downloaded the app and signed up) and the saved orders (the Orders screen). */}
      <Tile
        to="/users"
        label={t('specter.dashboard.appDownloads')}
        value={downloads}
        icon={<DownloadIcon color="primary" fontSize="large" />}
      />
      <Tile
        to="/users"
        label={t('specter.dashboard.users')}
        value={figure(stats.data?.users)}
        icon={<PeopleIcon color="primary" fontSize="large" />}
      />
      <Tile
        to="/restaurants"
        label={t('specter.dashboard.restaurants')}
        value={figure(stats.data?.restaurants)}
        icon={<StoreIcon color="primary" fontSize="large" />}
      />
      <Tile
        to="/orders"
        label={t('specter.dashboard.orders')}
        value={figure(stats.data?.orders)}
        icon={<ReceiptIcon color="primary" fontSize="large" />}
      />
    </Grid>
  );
}
