import type { Database } from '../client';

/** TODO(issue 2): demo restaurants, branches, devices, app users and saved orders on an empty database. */
export async function loadDemoData(_database: Database, _opts: { foodicsToken?: string }): Promise<void> {}
