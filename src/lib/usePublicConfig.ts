// The public configuration, read the same way by the back-office (dashboard tile, QR links) and the Privacy
// page (contact footer): plain fetch, no client library, so the light public bundle can use it. The server
// answers with a 5-minute Cache-Control, so several components asking cost one request.
import { useEffect, useState } from 'react';
import { API_URL } from '../api';
import { PUBLIC_CONFIG_DEFAULTS, type PublicConfig } from '../contract/publicConfig';

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
const days = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback);

export async function fetchPublicConfig(apiUrl = API_URL): Promise<PublicConfig> {
  const d = PUBLIC_CONFIG_DEFAULTS;
  try {
    const res = await fetch(`${apiUrl}/api/public-config`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return d;
    const c = (await res.json()) as Partial<Record<keyof PublicConfig, unknown>>;
    return {
      contactEmail: text(c.contactEmail, d.contactEmail),
      contactPhone: text(c.contactPhone, d.contactPhone),
      appDownloads: typeof c.appDownloads === 'number' ? c.appDownloads : d.appDownloads,
      publicUrl: text(c.publicUrl, '') || d.publicUrl,
      foodicsConnect: c.foodicsConnect === true,
      posRetentionDays: days(c.posRetentionDays, d.posRetentionDays),
      activityRetentionDays: days(c.activityRetentionDays, d.activityRetentionDays),
    };
  } catch {
    return d; // offline or a server without this call: the defaults rather than nothing
  }
}

/** The configuration: the defaults first, the server's values once they arrive. */
export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState(PUBLIC_CONFIG_DEFAULTS);
  useEffect(() => {
    let live = true;
    void fetchPublicConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
