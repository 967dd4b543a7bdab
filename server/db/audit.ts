// The audit trail of the back-office: recordActivity writes one row in the caller's transaction, so a change
// and its record commit or roll back together. Secrets never reach it: detail keys that name a secret are
// dropped here, whatever a caller passes (docs/RELIABILITY.md "Audit trail").
import type { FastifyRequest } from 'fastify';
import type { ActivityKind } from '../../src/contract';
import type { Db } from './client';
import { activity } from './schema';

/** A Drizzle transaction (or the database itself, for a change that is one statement). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface ActivityInput {
  /** Who: the signed-in admin, or null for a change no admin made (a customer deleting their data). */
  admin: { id: number; email: string } | null;
  kind: ActivityKind;
  target: { type: string; id?: string | number | null; label?: string | null };
  /** Non-secret details, e.g. { fields: ['name', 'logo'] } for an edit. */
  detail?: Record<string, unknown>;
  /** The client address (req.ip). */
  ip?: string | null;
}

const SECRET_KEY = /token|password|secret|key|hash|otp|code/i;

function withoutSecrets(detail: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!detail) return null;
  const kept = Object.entries(detail).filter(([k]) => !SECRET_KEY.test(k));
  return kept.length ? Object.fromEntries(kept) : null;
}

export async function recordActivity(tx: Tx, input: ActivityInput): Promise<void> {
  await tx.insert(activity).values({
    adminId: input.admin?.id ?? null,
    adminEmail: input.admin?.email ?? null,
    kind: input.kind,
    targetType: input.target.type,
    targetId: input.target.id == null ? null : String(input.target.id),
    targetLabel: input.target.label ?? null,
    detail: withoutSecrets(input.detail),
    ip: input.ip ?? null,
  });
}

/** Who and where, from an admin request (after requireAdmin). */
export function actorOf(req: FastifyRequest): Pick<ActivityInput, 'admin' | 'ip'> {
  return { admin: req.admin ? { id: req.admin.id, email: req.admin.email } : null, ip: req.ip };
}

/**
 * The onEnd of a CSV export (export/csv.ts): one record of who exported which list, with which filters (the
 * download ticket left out) and how many rows, written once the file has been streamed.
 */
export function recordExport(db: Db, req: FastifyRequest, list: string) {
  const { ticket: _ticket, ...filters } = (req.query ?? {}) as Record<string, unknown>;
  return (rows: number, complete: boolean) => {
    recordActivity(db, {
      ...actorOf(req),
      kind: 'export.downloaded',
      target: { type: 'export', label: list },
      detail: { list, filters, rows, complete },
    }).catch((err: unknown) => req.log.error({ err }, 'the export could not be recorded in the activity trail'));
  };
}
