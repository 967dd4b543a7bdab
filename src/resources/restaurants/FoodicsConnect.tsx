// "Connect Foodics" (docs/POS.md, "Foodics: connecting a restaurant"): the button on the restaurants list (adds a
// restaurant; on the empty list too) and on a restaurant's edit page (connects or reconnects it); without a client
// id on the server, one line saying what to set. Coming back from Foodics (?foodics=<outcome>), the outcome is said
// in the admin's language and the address is cleaned; ?foodics=ask&pending=<id> asks the admin first (the business
// is another restaurant's: reconnect that one? / a reconnect would change the restaurant's business).
import { useEffect, useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SpecterDataProvider } from '../../admin/data';
import type { FoodicsPending, Restaurant } from '../../contract/restaurants';
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
    // A question is <FoodicsQuestion />'s.
    if (!outcome || outcome === 'ask' || !/^[a-z_]{1,40}$/.test(outcome)) return;
    const key = k(`outcome.${outcome}`);
    const text = t(key, { _: t(k('outcome.state_unknown')) });
    notify(text, { type: outcome === 'connected' ? 'success' : 'error', autoHideDuration: 20000 });
    navigate(pathname, { replace: true });
  }, [outcome, pathname, navigate, notify, t]);
}

/** A business connected to one restaurant only (docs/POS.md, "One business, one restaurant"): when Foodics' approval
 * names the business of another restaurant, or would change the business of the one being reconnected, the server
 * keeps it waiting and sends the browser here with ?foodics=ask&pending=<id>; the admin answers yes (that restaurant
 * is connected, then its branches and tills with the setup checklist) or no (nothing changes). */
export function FoodicsQuestion() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const t = useTranslate();
  const dataProvider = useDataProvider<SpecterDataProvider>();
  const params = new URLSearchParams(search);
  const id = params.get('foodics') === 'ask' ? params.get('pending') : null;
  const [question, setQuestion] = useState<FoodicsPending | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!id || !/^[A-Za-z0-9_-]{32}$/.test(id)) return;
    let live = true;
    dataProvider.foodicsPending(id).then(
      (q) => live && setQuestion(q),
      () => {
        if (!live) return;
        notify(t(k('outcome.pending_gone')), { type: 'error', autoHideDuration: 20000 });
        navigate(pathname, { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [id, dataProvider, notify, t, navigate, pathname]);
  if (!id || !question) return null;
  const named = (b: { name: string | null; reference: string | null }) =>
    `${b.name ?? '-'}${b.reference ? ` (${b.reference})` : ''}`;
  const values = {
    business: named(question.business),
    current: named(question.restaurant.business),
    restaurant: question.restaurant.name,
  };
  const answer = async (yes: boolean) => {
    setBusy(true);
    try {
      const done = await dataProvider.answerFoodicsPending(id, yes);
      setQuestion(null);
      if (yes && done.restaurant_id) navigate(`/restaurants/branches/${done.restaurant_id}?foodics=connected`);
      else {
        notify(t(k('outcome.kept')), { type: 'info' });
        navigate(pathname, { replace: true });
      }
    } catch (err) {
      const status = (err as { status?: number }).status;
      const outcome =
        status === 403 ? 'not_allowed' : status === 409 ? 'business_elsewhere' : status === 404 ? 'pending_gone' : null;
      notify(outcome ? t(k(`outcome.${outcome}`)) : t(k('ask.failed'), { error: (err as Error).message }), {
        type: 'error',
        autoHideDuration: 20000,
      });
      setQuestion(null);
      navigate(pathname, { replace: true });
    } finally {
      setBusy(false);
    }
  };
  const a = (key: string) => t(k(`ask.${question.kind}.${key}`), values);
  return (
    <Dialog open onClose={() => !busy && answer(false)} aria-labelledby="foodics-question-title">
      <DialogTitle id="foodics-question-title">{a('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="foodics-question">{a('text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)} disabled={busy}>
          {t(k('ask.no'))}
        </Button>
        <Button onClick={() => answer(true)} disabled={busy} variant="contained" autoFocus>
          {a('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
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
