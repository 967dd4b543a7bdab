// The first admin. The demo admin (admin@specter.local / specter-demo, printed at start) exists only in the
// newcomer's demo: the embedded database outside production with nothing real configured (no SMS provider but
// the console, no Foodics address but the stand-in). Anywhere else - NODE_ENV=production, a real database
// (DATABASE_URL), a real SMS provider or a real Foodics address, whatever NODE_ENV says - the first admin comes
// from ADMIN_EMAIL / ADMIN_PASSWORD,
// and without them the server refuses to start when no live admin exists (docs/DEPLOYMENT.md).
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../client';
import { admins } from '../schema';
import { hashPassword } from '../../lib/passwords';

export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@specter.local', password: 'specter-demo' };

export const NO_FIRST_ADMIN =
  'No admin exists and ADMIN_EMAIL / ADMIN_PASSWORD are not set: set ADMIN_EMAIL and ADMIN_PASSWORD (8 characters or more) to create the first admin. ' +
  'The demo admin is created only on the embedded database outside production, with no SMS provider but the console and no Foodics address but the stand-in.';

type DemoConfig = Partial<Pick<Config, 'NODE_ENV' | 'DATABASE_URL' | 'SMS_PROVIDER' | 'FOODICS_STAND_IN'>>;
type BootConfig = Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'> & DemoConfig;

/** The demo admin may exist: no real database, not production, and nothing real configured - no SMS provider
 * but the console, no Foodics address but the stand-in (loadConfig sets FOODICS_STAND_IN false once
 * FOODICS_BASE_URL is given). */
export const demoAdminAllowed = (config: DemoConfig) =>
  !config.DATABASE_URL &&
  config.NODE_ENV !== 'production' &&
  (config.SMS_PROVIDER === undefined || config.SMS_PROVIDER === 'console') &&
  config.FOODICS_STAND_IN !== false;

/** Returns the admin to print when one exists or was created for this start, else null. Throws NO_FIRST_ADMIN. */
export async function ensureFirstAdmin(
  database: Database,
  config: BootConfig,
): Promise<{ email: string; password?: string } | null> {
  const demoAllowed = demoAdminAllowed(config);
  const [{ n }] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(admins)
    .where(eq(admins.isDeleted, false));
  if (n > 0) {
    // Keep printing the demo credentials while the demo admin still exists (demo only).
    if (!config.ADMIN_EMAIL && demoAllowed) {
      const [demo] = await database.db
        .select({ id: admins.id })
        .from(admins)
        .where(sql`lower(${admins.email}) = ${DEMO_ADMIN.email} and ${admins.isDeleted} = false`)
        .limit(1);
      return demo ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null;
    }
    return null;
  }
  if (config.ADMIN_EMAIL && !config.ADMIN_PASSWORD) {
    throw new Error('ADMIN_EMAIL is set but ADMIN_PASSWORD is not: set both to create the first admin.');
  }
  if (!config.ADMIN_EMAIL && !demoAllowed) throw new Error(NO_FIRST_ADMIN);
  const wanted = config.ADMIN_EMAIL
    ? { name: 'Administrator', email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD! }
    : DEMO_ADMIN;
  // Several instances starting at once on an empty database: the unique e-mail index lets one insert win.
  const created = await database.db
    .insert(admins)
    .values({
      name: wanted.name,
      email: wanted.email.toLowerCase(),
      passwordHash: await hashPassword(wanted.password),
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (!created.length) return config.ADMIN_EMAIL ? null : { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
  return { email: wanted.email, password: config.ADMIN_EMAIL ? undefined : wanted.password };
}
