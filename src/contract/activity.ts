import { z } from 'zod';
import { listQuery } from './common';

/** What the audit trail records (docs/RELIABILITY.md "Audit trail"); the Activity screen filters by these. */
export const ACTIVITY_KINDS = [
  'admin.created',
  'admin.removed',
  'appUser.deleted',
  'restaurant.created',
  'restaurant.edited',
  'restaurant.deleted',
  'restaurant.synced',
  'restaurant.pushKeyRotated',
  'restaurant.connected',
  'phone.unlocked',
  'customer.dataDeleted',
  'export.downloaded',
  'admin.signedIn',
  'admin.signInFailed',
  'device.linkKeyRotated',
  'admin.passwordChanged',
  // Issue 49: an admin set another account's password (it was forgotten).
  'admin.passwordReset',
  'admin.totpEnabled',
  'admin.totpDisabled',
  // Issue 48: an admin reset another account's two-step sign-in; an account's second step locked after wrong codes.
  'admin.totpReset',
  'admin.totpLocked',
  'foodics.webhookSecretRotated',
  // Issue 26: an account's role changed, its restaurants granted or withdrawn.
  'admin.roleChanged',
  'admin.restaurantsChanged',
  // Issue 47: a restaurant's loyalty program changed; a reward created, changed or deleted.
  'loyalty.programChanged',
  'loyalty.rewardCreated',
  'loyalty.rewardChanged',
  'loyalty.rewardDeleted',
  // Issue 46: the writes of a declared resource (server/routes/resourceRoutes.ts), its type in targetType.
  'record.created',
  'record.edited',
  'record.deleted',
  // Issue 48, item 9: a till's or a restaurant's hourly cap of one-time codes reached (no admin: the service).
  'otp.sendCapReached',
  // A member's balance adjusted by hand, with a reason (the ledger's `adjust` entry beside it).
  'loyalty.balanceAdjusted',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /admin/activity: always paged (newest first), filtered by admin and by kind. */
export const activityQuery = listQuery.pick({ page: true, perPage: true }).extend({
  adminId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: z.enum(ACTIVITY_KINDS).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activitySchema = z.object({
  id: z.number(),
  at: z.string(),
  adminId: z.number().nullable(),
  adminEmail: z.string().nullable(),
  kind: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;
