// /loyalty: a restaurant's loyalty program and the program's figures (issue 47). One restaurant picker (all of the
// caller's, or one: a manager's or staff's own preselected) and a period: the program of the restaurant chosen
// (ProgramCard) and the figures of the period beside the one before (LoyaltyInsights). Rewards, Members and the
// Ledger are resources of their own in the menu.
import { Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { PeriodControls, usePeriod } from '../../admin/period/PeriodControls';
import { LoyaltyInsights } from './LoyaltyInsights';
import { ProgramCard } from './ProgramCard';

export function LoyaltyPage() {
  const t = useTranslate();
  const state = usePeriod('days30');
  return (
    <>
      <Title title={t('resources.loyalty.name')} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {t('resources.loyalty.name')}
      </Typography>
      <PeriodControls id="loyalty" state={state} label={(k) => t(`resources.loyalty.fields.${k}`)} />
      <ProgramCard restaurantId={state.restaurantId || undefined} />
      <LoyaltyInsights state={state} />
    </>
  );
}
