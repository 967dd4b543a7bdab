import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** GET /api/public-config: what the public pages and the back-office need from configuration. Public. */
export default async function publicConfigRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['public'],
        summary:
          'The settings the web pages read: contact e-mail and phone, app downloads, the retention the Privacy page promises, ... Public.',
        response: {
          200: z.object({
            contactEmail: z.string(),
            contactPhone: z.string(),
            appDownloads: z.number(),
            publicUrl: z.string().nullable(),
            foodicsConnect: z.boolean(),
            posRetentionDays: z.number(),
            activityRetentionDays: z.number(),
          }),
        },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return {
        contactEmail: config.CONTACT_EMAIL,
        contactPhone: config.CONTACT_PHONE,
        appDownloads: config.APP_DOWNLOADS,
        publicUrl: config.PUBLIC_URL ?? null,
        foodicsConnect: !!(config.FOODICS_CLIENT_ID && config.FOODICS_CLIENT_SECRET),
        posRetentionDays: config.POS_RETENTION_DAYS,
        activityRetentionDays: config.ACTIVITY_RETENTION_DAYS,
      };
    },
  );
}
