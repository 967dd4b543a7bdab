// GET /api/public-config: what the pages need from the server's configuration (docs/API.md, Extensions of our
// server). The defaults live here once: the server's configuration starts from them, and the pages show them
// until the answer arrives or when it never does. No zod in this file: the public pages import it.
export interface PublicConfig {
  contactEmail: string;
  contactPhone: string;
  appDownloads: number;
  publicUrl: string | null;
  /** Whether "Connect Foodics" is configured (FOODICS_CLIENT_ID and FOODICS_CLIENT_SECRET set). */
  foodicsConnect: boolean;
  /** The Privacy page's retention promise (docs/SECURITY.md, "Retention"): POS_RETENTION_DAYS, ACTIVITY_RETENTION_DAYS. */
  posRetentionDays: number;
  activityRetentionDays: number;
}

export const PUBLIC_CONFIG_DEFAULTS: PublicConfig = {
  contactEmail: 'support@specter.sa',
  contactPhone: '+966 11 000 0000',
  appDownloads: 16,
  publicUrl: null,
  foodicsConnect: false,
  posRetentionDays: 30,
  activityRetentionDays: 365,
};
