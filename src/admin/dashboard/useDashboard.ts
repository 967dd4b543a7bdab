// The dashboard's data, fetched fresh on every visit (SPEC.md: "Data is refetched on every visit").
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SpecterDataProvider } from '../../dataProvider';

const fresh = { staleTime: 0, refetchOnMount: 'always' as const, retry: 1 };

export function useStatistics() {
  const dp = useDataProvider<SpecterDataProvider>();
  return useQuery({ queryKey: ['specter', 'statistics'], queryFn: () => dp.getStatistics(), ...fresh });
}

export function useLatestOrders() {
  const dp = useDataProvider<SpecterDataProvider>();
  return useQuery({ queryKey: ['specter', 'latest-orders'], queryFn: () => dp.getLatestOrders(), ...fresh });
}

export function useAppDownloads() {
  const dp = useDataProvider<SpecterDataProvider>();
  const q = useQuery({ queryKey: ['specter', 'public-config'], queryFn: () => dp.getPublicConfig(), staleTime: 300_000 });
  return q.data?.appDownloads ?? 16;
}
