// The funnel's figures as table cells beside a branch or a till (matched by id): opened, codes, saved and
// the conversion, so staff can see which till's QR is badly placed; beside a till, the opens of shared links to
// its receipts (docs/CUSTOMER.md, Sharing a receipt).
import { useLocaleState } from 'react-admin';
import type { FunnelRow } from '../../contract/savedOrders';
import { conversion } from './useFunnel';

export function FunnelFigure({
  rows,
  id,
  step,
}: {
  rows: FunnelRow[] | undefined;
  id: number;
  step: 'views' | 'codes' | 'saves' | 'conversion' | 'shared_opens';
}) {
  const [locale] = useLocaleState();
  const row = rows?.find((r) => r.id === id);
  if (!row) return <span>-</span>;
  return (
    <span data-testid={`funnel-${step}-${id}`}>
      {step === 'conversion' ? conversion(row.saves, row.views, locale) : (row[step] ?? 0)}
    </span>
  );
}
