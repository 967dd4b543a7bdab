// The dashboard's data, fetched fresh on every visit (docs/PRODUCT.md, Dashboard).
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SpecterDataProvider } from '../data';
import { usePublicConfig } from '../../lib/usePublicConfig';

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
  return usePublicConfig().appDownloads;
}
