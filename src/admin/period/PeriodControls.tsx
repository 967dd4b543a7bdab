// The period picker of the dashboard's Sales card and of the guestbook's Insights (issue 49): a restaurant (all of
// the caller's, or one; a manager or staff has theirs preselected), today / 7 / 30 / 90 days or dates, and the
// money of a period written per currency, labelled, two decimals (src/lib/money.ts) - never one sum of riyals and
// pounds.
import { Box, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetIdentity, useGetList, usePermissions } from 'react-admin';
import type { Permissions } from '../../permissions';
import type { CurrencySum } from '../../contract/guests';
import { money } from '../lists/format';
import { dayIn, daysBefore } from '../../contract/dates';

export type Preset = 'today' | 'days7' | 'days30' | 'days90' | 'dates';
export const PRESETS: readonly Preset[] = ['today', 'days7', 'days30', 'days90', 'dates'];
const LENGTH: Record<Exclude<Preset, 'dates'>, number> = { today: 1, days7: 7, days30: 30, days90: 90 };

/** Today and the days before it in the business day's calendar (the server's FUNNEL_TIME_ZONE, told by
 * POST /user/isVerify): the day every count is dated in, whatever the browser's zone - a manager abroad, or anyone
 * after 21:00 UTC in Riyadh's evening, asks for the restaurants' today. An older server's answer: the browser's. */
const lastDays = (timeZone: string | undefined, n: number) => {
  const to = dayIn(timeZone);
  return { from: daysBefore(to, n - 1), to };
};

export interface PeriodChoice {
  /** '' = all the caller's restaurants; undefined = not chosen yet (a manager's restaurants still loading). */
  restaurantId: string | undefined;
  from: string;
  to: string;
}

/** The picker's state: the restaurants the caller sees, the restaurant chosen (a manager's or staff's first one
 * preselected), the preset and the dates; `period` is what to ask the server for, `ready` once it may be asked. */
export function usePeriod(initial: Preset = 'days7') {
  const { permissions } = usePermissions<Permissions>();
  const { data: restaurants } = useGetList('restaurants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [restaurantId, setRestaurantId] = useState<string | undefined>(undefined);
  const [preset, setPreset] = useState<Preset>(initial);
  const { identity, isPending: identityPending } = useGetIdentity();
  const timeZone = typeof identity?.timeZone === 'string' ? identity.timeZone : undefined;
  // The chosen dates; until the person picks some, the last 7 business days.
  const [picked, setDates] = useState<{ from: string; to: string } | null>(null);
  const dates = picked ?? lastDays(timeZone, 7);
  // An admin starts on every restaurant; a manager or staff on their (first) restaurant, once the list is known.
  useEffect(() => {
    if (restaurantId !== undefined || !permissions) return;
    if (permissions.role === 'admin') setRestaurantId('');
    else if (restaurants) setRestaurantId(restaurants[0] ? String(restaurants[0].id) : '');
  }, [permissions, restaurants, restaurantId]);
  const period = preset === 'dates' ? dates : lastDays(timeZone, LENGTH[preset]);
  // Not asked before the identity is known: a first question with the browser's today would be asked twice.
  const ready =
    !identityPending && restaurantId !== undefined && !!period.from && !!period.to && period.from <= period.to;
  return {
    restaurants: restaurants ?? [],
    restaurantId,
    setRestaurantId,
    preset,
    setPreset,
    dates,
    setDates,
    period,
    ready,
  };
}

export type PeriodState = ReturnType<typeof usePeriod>;

/** The picker's fields; `label(key)` names them (period, today, days7, ..., from, to, restaurant, allRestaurants). */
export function PeriodControls({
  state,
  label,
  id,
}: {
  state: PeriodState;
  label: (key: string) => string;
  id: string;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id={`${id}-restaurant`} shrink>
          {label('restaurant')}
        </InputLabel>
        <Select
          displayEmpty
          notched
          labelId={`${id}-restaurant`}
          label={label('restaurant')}
          value={state.restaurantId ?? ''}
          onChange={(e) => state.setRestaurantId(String(e.target.value))}
        >
          <MenuItem value="">{label('allRestaurants')}</MenuItem>
          {state.restaurants.map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {r.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id={`${id}-period`}>{label('period')}</InputLabel>
        <Select
          labelId={`${id}-period`}
          label={label('period')}
          value={state.preset}
          onChange={(e) => state.setPreset(e.target.value as Preset)}
        >
          {PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {label(p)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {state.preset === 'dates' && (
        <>
          <TextField
            size="small"
            type="date"
            label={label('from')}
            value={state.dates.from}
            onChange={(e) => state.setDates({ ...state.dates, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={label('to')}
            value={state.dates.to}
            onChange={(e) => state.setDates({ ...state.dates, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
    </Box>
  );
}

/** Money of a period, one line per currency ("SAR 456.55"), '-' when there is none. */
export function Amounts({
  sums,
  locale,
  pick = 'spend',
}: {
  sums: readonly CurrencySum[];
  locale: string;
  pick?: 'spend' | 'average_ticket';
}) {
  if (!sums.length) return <>-</>;
  return (
    <>
      {sums.map((s) => (
        <Box component="span" key={s.currency} sx={{ display: 'block', whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
          {money(s[pick], s.currency, locale)}
        </Box>
      ))}
    </>
  );
}
