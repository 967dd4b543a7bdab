// The deployment's public address for QR links: PUBLIC_URL from the server's configuration, else this origin.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { SpecterDataProvider } from '../../dataProvider';

export function usePublicUrl(): string {
  const dp = useDataProvider<SpecterDataProvider>();
  const { data } = useQuery({ queryKey: ['specter', 'public-config'], queryFn: () => dp.getPublicConfig(), staleTime: 300_000 });
  return data?.publicUrl || window.location.origin;
}
