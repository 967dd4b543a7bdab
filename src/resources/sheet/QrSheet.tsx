// A printable sheet of QR cards: one card per till of a restaurant, of one branch or of one till
// (/restaurants/sheet/{restId}[?branchId=..][&deviceId=..]). Each QR holds the plain invoice link, so a
// phone's camera opens the receipt page; the spec's JSON QR PNGs stay as they are beside it.
import { Box, Button, GlobalStyles, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useParams, useSearchParams } from 'react-router-dom';
import { Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useEffect } from 'react';
import type { SpecterDataProvider } from '../../admin/data';
import type { RestaurantWithBranches } from '../../contract/restaurants';
import { usePublicUrl } from '../../admin/qr/usePublicUrl';
import { invoiceLink } from '../../admin/qr/qrContent';
import { QrCard } from './QrCard';
import { PageHeader } from '../../admin/layout/PageHeader';
import { OwnRestaurant } from '../../admin/access/OwnRestaurant';
import { PermissionDenied } from '../../admin/PermissionDenied';

/** Only the sheet is printed: the app bar, the menu and the buttons stay on screen. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, .RaSidebar-fixed, .MuiDrawer-root, .RaSidebar-docked, .no-print, .skip-nav-button': {
          display: 'none !important',
        },
        'body, main, #main-content': { margin: '0 !important', padding: '0 !important', background: '#fff' },
      },
    }}
  />
);

export function QrSheet() {
  const { restId } = useParams();
  return (
    <OwnRestaurant id={restId}>
      <Sheet restId={restId!} />
    </OwnRestaurant>
  );
}

function Sheet({ restId }: { restId: string }) {
  const t = useTranslate();
  const [query] = useSearchParams();
  const branchId = query.get('branchId');
  const deviceId = query.get('deviceId');
  const publicUrl = usePublicUrl();
  const { data: restaurant, error } = useGetOne<RestaurantWithBranches>(
    'restaurants',
    { id: Number(restId) },
    { retry: (n, e) => (e as { status?: number }).status !== 404 && n < 3 },
  );
  const branches = (restaurant?.Branchs ?? []).filter((b) => !branchId || String(b.id) === branchId);
  const cards = branches.flatMap((b) =>
    (b.Devices ?? []).filter((d) => !deviceId || String(d.id) === deviceId).map((d) => ({ branch: b, device: d })),
  );
  const title = t('specter.sheet.title', { name: restaurant?.name ?? '' });
  // Printed (the button or the browser's own Print): the restaurant's setup checklist ticks its step (docs/POS.md).
  const dp = useDataProvider<SpecterDataProvider>();
  useEffect(() => {
    const printed = () => void dp.qrSheetPrinted(restId).catch(() => undefined);
    window.addEventListener('beforeprint', printed);
    return () => window.removeEventListener('beforeprint', printed);
  }, [dp, restId]);
  // Removed, or never there: the server does not say which (docs/SECURITY.md, Roles).
  if ((error as { status?: number } | null)?.status === 404) return <PermissionDenied />;
  return (
    <Box sx={{ py: 2 }}>
      {printStyles}
      <Title title={title} />
      <PageHeader className="no-print" sx={{ mt: 0, mb: 2 }} backTo="/restaurants" title={title}>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => {
            void dp.qrSheetPrinted(restId).catch(() => undefined);
            window.print();
          }}
          disabled={!cards.length}
        >
          {t('specter.sheet.print')}
        </Button>
      </PageHeader>
      {restaurant && !cards.length && <Typography>{t('specter.sheet.empty')}</Typography>}
      <Box
        component="ul"
        aria-label={title}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {restaurant &&
          cards.map(({ branch, device }) => (
            <QrCard
              key={device.id}
              link={invoiceLink(publicUrl, restaurant.id, device.device_id, device.link_key)}
              logo={restaurant.logo}
              restaurantName={restaurant.name}
              branchName={branch.name}
              tillName={device.name}
              labels={{
                branch: t('specter.sheet.branch'),
                till: t('specter.sheet.till'),
                en: t('specter.sheet.instructionEn'),
                ar: t('specter.sheet.instructionAr'),
              }}
            />
          ))}
      </Box>
    </Box>
  );
}
