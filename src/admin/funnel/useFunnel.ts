// The funnel's data for the dashboard, the branches page and the devices page (fresh on every visit).
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SpecterDataProvider } from '../data';

const fresh = { staleTime: 0, refetchOnMount: 'always' as const, retry: 1 };

export function useFunnelSummary() {
  const dp = useDataProvider<SpecterDataProvider>();
  return useQuery({ queryKey: ['specter', 'funnel'], queryFn: () => dp.getFunnel(30), ...fresh });
}

export function useFunnelByBranch(restId: string | undefined) {
  const dp = useDataProvider<SpecterDataProvider>();
  return useQuery({
    queryKey: ['specter', 'funnel', 'branches', restId],
    queryFn: () => dp.getFunnelByBranch(restId!),
    enabled: !!restId,
    ...fresh,
  });
}

export function useFunnelByDevice(branchId: string | undefined) {
  const dp = useDataProvider<SpecterDataProvider>();
  return useQuery({
    queryKey: ['specter', 'funnel', 'devices', branchId],
    queryFn: () => dp.getFunnelByDevice(branchId!),
    enabled: !!branchId,
    ...fresh,
  });
}

/** Saved per receipt opened, as a percentage with one decimal; '-' before any receipt was opened. */
export function conversion(saves: number, views: number, locale: string): string {
  if (!views) return '-';
  return new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 1 }).format(
    saves / views,
  );
}
