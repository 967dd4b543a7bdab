// The deployment's public address for QR links: PUBLIC_URL from the server's configuration, else this origin.
import { usePublicConfig } from '../../lib/usePublicConfig';

export function usePublicUrl(): string {
  return usePublicConfig().publicUrl || window.location.origin;
}
