// The first admin: on an empty admins table, from ADMIN_EMAIL / ADMIN_PASSWORD, or a demo admin
// whose credentials main.ts prints.
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../client';
import { admins } from '../schema';
import { hashPassword } from '../../lib/passwords';

export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@specter.local', password: 'specter-demo' };

/** Returns the admin to print when one exists or was created for this start, else null. */
export async function ensureFirstAdmin(
  database: Database,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<{ email: string; password?: string } | null> {
  const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(admins).where(eq(admins.isDeleted, false));
  const wanted = config.ADMIN_EMAIL
    ? { name: 'Administrator', email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
    : DEMO_ADMIN;
  if (n > 0) {
    // Keep printing the demo credentials while the demo admin still exists.
    if (!config.ADMIN_EMAIL) {
      const [demo] = await database.db.select({ id: admins.id }).from(admins)
        .where(sql`lower(${admins.email}) = ${DEMO_ADMIN.email} and ${admins.isDeleted} = false`).limit(1);
      return demo ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null;
    }
    return null;
  }
  if (!wanted.password) throw new Error('ADMIN_EMAIL is set but ADMIN_PASSWORD is not: set both to create the first admin.');
  // Several instances starting at once on an empty database: the unique e-mail index lets one insert win.
  const created = await database.db.insert(admins).values({
    name: wanted.name,
    email: wanted.email.toLowerCase(),
    passwordHash: await hashPassword(wanted.password),
    role: 'admin',
  }).onConflictDoNothing().returning({ id: admins.id });
  if (!created.length) return config.ADMIN_EMAIL ? null : { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
  return { email: wanted.email, password: config.ADMIN_EMAIL ? undefined : wanted.password };
}
