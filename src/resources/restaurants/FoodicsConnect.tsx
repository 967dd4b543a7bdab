// "Connect Foodics" (docs/POS.md, "Foodics: connecting a restaurant"): the button on the restaurants list (adds a
// restaurant) and on a restaurant's edit page (connects or reconnects it); without a client id on the server, one
// line saying what to set. Coming back from Foodics (?foodics=<outcome>), the outcome is said in the admin's
// language and the address is cleaned.
import { useEffect, useState } from 'react';
import { Button, Chip, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SpecterDataProvider } from '../../admin/data';
import type { Restaurant } from '../../contract/restaurants';
import { usePublicConfig } from '../../lib/usePublicConfig';
import { useAllows } from '../../admin/access/useAllows';

const k = (key: string) => `resources.restaurants.foodics.${key}`;

export function ConnectFoodicsButton({ restaurantId, reconnect }: { restaurantId?: Identifier; reconnect?: boolean }) {
  const t = useTranslate();
  const notify = useNotify();
  const { foodicsConnect } = usePublicConfig();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const [busy, setBusy] = useState(false);
  // Adding a restaurant is an admin's; connecting one's own restaurant a manager's too (src/permissions.ts).
  const allowed = useAllows('restaurants', restaurantId === undefined ? 'create' : 'connect');
  if (!allowed) return null;
  if (!foodicsConnect) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="foodics-not-configured">
        {t(k('notConfigured'))}
      </Typography>
    );
  }
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await dataProvider.foodicsConnect(restaurantId);
      window.location.assign(url);
    } catch (err) {
      notify(t(k('startFailed'), { error: (err as Error).message }), { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Button
      variant={reconnect ? 'contained' : 'outlined'}
      color={reconnect ? 'error' : 'primary'}
      startIcon={<LinkIcon />}
      onClick={start}
      disabled={busy}
      data-testid="connect-foodics"
    >
      {t(k(reconnect ? 'reconnect' : 'connect'))}
    </Button>
  );
}

/** Says how the round trip ended (?foodics=...), once, then drops the parameter from the address. */
export function useFoodicsOutcome() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const t = useTranslate();
  const outcome = new URLSearchParams(search).get('foodics');
  useEffect(() => {
    if (!outcome || !/^[a-z_]{1,40}$/.test(outcome)) return;
    const key = k(`outcome.${outcome}`);
    const text = t(key, { _: t(k('outcome.state_unknown')) });
    notify(text, { type: outcome === 'connected' ? 'success' : 'error', autoHideDuration: 20000 });
    navigate(pathname, { replace: true });
  }, [outcome, pathname, navigate, notify, t]);
}

const COLORS = { ok: 'success', refused: 'error', quiet: 'warning', unknown: 'default' } as const;

/** The list's badge: green, red "Reconnect Foodics", amber "No orders read in 24 h", grey. */
export function ConnectionBadge({ r }: { r: Restaurant }) {
  const t = useTranslate();
  if (r.system_type !== 'Foodics') return null;
  const status = r.connection_status ?? 'unknown';
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      label={t(k(`health.status.${status}`))}
      data-testid={`connection-${r.id}`}
      data-status={status}
    />
  );
}
