// Where "Connect Foodics" lands (/restaurants/branches/{id}?foodics=connected): the outcome said once, and a short
// setup checklist above the branches and tills (docs/POS.md, "After connecting: the setup checklist") - tills found,
// the restaurant's logo, its VAT number and ZATCA phase, the QR sheet printed, a test scan that shows the receipt.
// Every step's done flag comes from the server (GET /api/restaurants/{id}/setup), asked again every few seconds
// while a step is open, so steps done elsewhere (the sheet printed, a phone scanning a till) tick themselves. Shown
// to those who connect restaurants (admins, its managers), for a restaurant connected through Connect Foodics.
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { SpecterDataProvider } from '../../admin/data';
import type { RestaurantWithBranches, Setup, SetupStepKey } from '../../contract/restaurants';
import { useAllows } from '../../admin/access/useAllows';
import { invoiceLink } from '../../admin/qr/qrContent';
import { usePublicUrl } from '../../admin/qr/usePublicUrl';
import { useFoodicsOutcome } from './FoodicsConnect';

const k = (key: string) => `resources.restaurants.foodics.setup.${key}`;
/** How often an open checklist asks again (a phone's scan or a print elsewhere ticks a step). */
const POLL_MS = 4000;

export function SetupChecklist({ restId }: { restId: string }) {
  useFoodicsOutcome();
  const allowed = useAllows('restaurants', 'connect');
  return allowed ? <Checklist restId={restId} /> : null;
}

function Checklist({ restId }: { restId: string }) {
  const t = useTranslate();
  const dp = useDataProvider<SpecterDataProvider>();
  const publicUrl = usePublicUrl();
  // The same read as the branches page's (one request for both).
  const restaurant = useGetOne('restaurants', { id: restId }).data as RestaurantWithBranches | undefined;
  const { data: setup } = useQuery({
    queryKey: ['specter', 'setup', restId],
    queryFn: () => dp.restaurantSetup(restId),
    refetchInterval: (q) => (q.state.data?.complete ? false : POLL_MS),
    refetchOnWindowFocus: true,
  });
  // "Setup complete" is said to whoever watched the last step tick, not every time the page opens.
  const sawOpen = useRef(false);
  if (!setup?.connected) return null;
  const name = restaurant?.name ?? '';
  if (setup.complete) {
    return sawOpen.current ? (
      <Alert severity="success" sx={{ mt: 1 }} role="status" data-testid="setup-complete">
        {t(k('complete'), { name })}
      </Alert>
    ) : null;
  }
  sawOpen.current = true;
  const done = setup.steps.filter((s) => s.done).length;
  const till = (restaurant?.Branchs ?? []).flatMap((b) => b.Devices ?? [])[0];
  return (
    <Card variant="outlined" sx={{ mt: 1 }} data-testid="setup-checklist">
      <CardContent>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, justifyContent: 'space-between' }}
        >
          <Typography variant="h6" component="h2">
            {t(k('title'), { name })}
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status">
            {t(k('progress'), { done, total: setup.steps.length })}
          </Typography>
        </Box>
        <List dense>
          {setup.steps.map((step) => (
            <ListItem key={step.key} data-testid={`setup-${step.key}`} data-done={step.done ? 'true' : 'false'}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {step.done ? (
                  <CheckCircleIcon color="success" titleAccess={t('ra.boolean.true')} />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess={t('ra.boolean.false')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t(k(`steps.${step.key}.label`))}
                secondary={
                  <>
                    {describe(t, step.key, step.done, setup)}{' '}
                    <StepAction
                      step={step.key}
                      done={step.done}
                      restId={restId}
                      link={till && invoiceLink(publicUrl, Number(restId), till.device_id, till.link_key)}
                    />
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

function describe(t: (key: string, o?: Record<string, unknown>) => string, key: SetupStepKey, done: boolean, s: Setup) {
  const values = { count: s.tills, vat: s.vat_number ?? '', phase: s.zatca_phase };
  return t(k(`steps.${key}.${done ? 'done' : 'todo'}`), values);
}

/** What to open for a step not done yet (the form, the sheet, a till's receipt page). */
function StepAction({
  step,
  done,
  restId,
  link,
}: {
  step: SetupStepKey;
  done: boolean;
  restId: string;
  link?: string;
}) {
  const t = useTranslate();
  if (done) return null;
  if (step === 'logo' || step === 'vat')
    return (
      <Link component={RouterLink} to={`/restaurants/edit/${restId}`}>
        {t(k('edit'))}
      </Link>
    );
  if (step === 'qr_sheet')
    return (
      <Link component={RouterLink} to={`/restaurants/sheet/${restId}`}>
        {t(k('steps.qr_sheet.action'))}
      </Link>
    );
  if (step === 'test_scan' && link)
    return (
      <Link href={link} target="_blank" rel="noopener">
        {t(k('steps.test_scan.action'))}
      </Link>
    );
  return null;
}
