// Back-office accounts (issue 26: roles admin, manager, staff): GET /admin (the live accounts the caller sees,
// paged and searched on request), GET /admin/{id} (one of them, for the edit page), their creation (the admin face of POST /user, dispatched from routes/users.ts:
// docs/DECISIONS.md) and PATCH /user/{id}: {isDeleted: true} soft-deletes an account (the contract names it under
// /user: docs/API.md, Admins); {name?, role?, restaurantIds?} edits one. Who may do what: docs/SECURITY.md, Roles.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSchema,
  createAdminBody,
  editAdminBody,
  errorSchema,
  idParam,
  messageSchema,
  roleMay,
  softDeleteBody,
  type EditAdminBody,
  type Role,
} from '../../src/contract';
import { adminsResource } from '../../src/contract/resources';
import {
  changeAdminPassword,
  adminsList,
  insertAdmin,
  liveAccountIn,
  liveAdminByEmail,
  liveRestaurantIds,
  lockLiveAdmins,
  otherAdmins,
  setAccountRestaurants,
  softDeleteAdmin,
  updateAccount,
  type Account,
} from '../db/repositories/admins';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { allow, resourceRoutes } from './resourceRoutes';
import { parseOr400 } from '../lib/validate';
import { bearerToken, NOT_ALLOWED, requireTotpDone, scopeOfRequest } from '../plugins/auth';
import { actorOf, recordActivity, type Tx } from '../db/audit';
import { scopeOf, type Scope } from '../db/scope';

/** The fields that make POST /user the creation of an admin rather than the customer's code request. */
export const ADMIN_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'role'] as const;

const RANK: Record<Role, number> = { staff: 0, manager: 1, admin: 2 };
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
const within = (ids: readonly number[], of: readonly number[] | null) =>
  of === null || ids.every((i) => of.includes(i));

/**
 * The restaurants an account of `role` gets, checked: none for an admin; for a manager or staff at least one, every
 * one live (400), and every one within the actor's own (403: a manager grants only its restaurants).
 */
async function grantable(tx: Tx, actor: Scope, role: Role, ids: readonly number[] | undefined): Promise<number[]> {
  if (role === 'admin') {
    if (ids?.length) throw badRequest('restaurantIds: an admin sees every restaurant; leave it empty');
    return [];
  }
  const wanted = [...new Set(ids ?? [])].sort((a, b) => a - b);
  if (!wanted.length) throw badRequest(`restaurantIds: a ${role} needs at least one restaurant`);
  if (!within(wanted, actor.restaurantIds)) throw forbidden(NOT_ALLOWED);
  const live = await liveRestaurantIds(tx, wanted);
  if (live.length !== wanted.length) throw badRequest('restaurantIds: every id must be a live restaurant');
  return wanted;
}

/** Records a role change and a change of restaurants, each when it happened. */
async function recordGrants(
  tx: Tx,
  req: FastifyRequest,
  target: { id: number; email: string },
  before: { role: Role | null; restaurantIds: readonly number[] },
  after: { role: Role; restaurantIds: readonly number[] },
) {
  const who = { type: 'admin', id: target.id, label: target.email };
  if (before.role !== null && before.role !== after.role)
    await recordActivity(tx, {
      ...actorOf(req),
      kind: 'admin.roleChanged',
      target: who,
      detail: { from: before.role, to: after.role },
    });
  if (!sameIds(before.restaurantIds, after.restaurantIds))
    await recordActivity(tx, {
      ...actorOf(req),
      kind: 'admin.restaurantsChanged',
      target: who,
      detail: {
        granted: after.restaurantIds.filter((i) => !before.restaurantIds.includes(i)),
        withdrawn: before.restaurantIds.filter((i) => !after.restaurantIds.includes(i)),
        restaurantIds: [...after.restaurantIds],
      },
    });
}

/** The admin face of POST /user: never without a live account's token, whatever else the body carries. An admin
 * creates any role; a manager only staff of its own restaurants; staff nobody (403). */
export async function createAdmin(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, unknown>,
) {
  const admin = await app.adminFromRequest(req);
  if (!admin)
    throw unauthorized(
      bearerToken(req) ? 'Your session has expired, please sign in again' : 'Missing or malformed Authorization header',
    );
  req.admin = admin;
  requireTotpDone(app, admin);
  const actor = scopeOf(admin);
  if (!roleMay(adminsResource, admin.role, 'create')) throw forbidden(NOT_ALLOWED);
  const input = parseOr400(createAdminBody.strict(), body);
  if (input.password !== input.confirmPassword) {
    return reply.code(400).send({ message: 'confirmPassword: does not match the password' });
  }
  if (admin.role !== 'admin' && input.role !== 'staff') throw forbidden('A manager adds staff only');
  const email = input.email.toLowerCase();
  if (await liveAdminByEmail(app.deps.database.db, email)) throw conflict('An admin with this email already exists');
  const passwordHash = await hashPassword(input.password);
  try {
    return await app.deps.database.db.transaction(async (tx) => {
      const restaurantIds = await grantable(tx, actor, input.role, input.restaurantIds);
      const row = await insertAdmin(tx, { name: input.name, email, passwordHash, role: input.role, restaurantIds });
      await recordActivity(tx, {
        ...actorOf(req),
        kind: 'admin.created',
        target: { type: 'admin', id: row.id, label: row.email },
        detail: { role: row.role, restaurantIds: row.restaurantIds },
      });
      if (row.restaurantIds.length) await recordGrants(tx, req, row, { role: null, restaurantIds: [] }, row);
      return row;
    });
  } catch (err) {
    // Two admins created with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('An admin with this email already exists');
    throw err;
  }
}

/**
 * Whether the actor may change or remove this account (it sees it already: liveAccountIn): an admin any; a manager
 * staff tied only to its own restaurants, and itself for an edit; 403 otherwise.
 */
function mayManage(actor: Scope, target: Account, self: boolean) {
  if (actor.role === 'admin' || self) return;
  if (target.role !== 'staff' || !within(target.restaurantIds, actor.restaurantIds)) throw forbidden(NOT_ALLOWED);
}

export default async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  resourceRoutes(
    app,
    adminsResource,
    {
      list: (scope, q) => adminsList(db, scope, q),
      one: (scope, id) => liveAccountIn(db, scope, id),
    },
    {
      summaries: {
        list: 'Live accounts (a manager: itself and its staff) with role and restaurantIds; paged, sorted and searched (name, email) on request',
        show: 'One live account the caller sees (as GET /admin lists them), with role and restaurantIds; 404 otherwise',
      },
    },
  );

  /** Soft-deletes an account; the last admin stays. */
  async function remove(req: FastifyRequest, actor: Scope, id: number) {
    await db.transaction(async (tx) => {
      const live = await lockLiveAdmins(tx);
      const target = await liveAccountIn(tx, actor, id);
      if (!target) throw notFound('Admin not found');
      mayManage(actor, target, false);
      if (target.role === 'admin' && otherAdmins(live, id).length === 0)
        throw conflict('The last admin cannot be removed');
      await softDeleteAdmin(tx, id);
      await recordActivity(tx, {
        ...actorOf(req),
        kind: 'admin.removed',
        target: { type: 'admin', id, label: target.email },
      });
    });
    return { message: 'The Admin has been removed' };
  }

  /** Changes an account's name, role and restaurants (nobody raises its own role or widens its own restaurants). */
  async function edit(req: FastifyRequest, actor: Scope, id: number, b: EditAdminBody) {
    return db.transaction(async (tx) => {
      const live = await lockLiveAdmins(tx);
      const target = await liveAccountIn(tx, actor, id);
      if (!target) throw notFound('Admin not found');
      const self = target.id === actor.adminId;
      mayManage(actor, target, self);
      const role = b.role ?? target.role;
      if (self && RANK[role] > RANK[target.role]) throw forbidden('You cannot raise your own role');
      if (actor.role === 'manager' && !self && role !== 'staff') throw forbidden('A manager adds staff only');
      const ids = role === 'admin' ? [] : (b.restaurantIds ?? target.restaurantIds);
      if (self && role !== 'admin' && !within(ids, target.role === 'admin' ? null : target.restaurantIds))
        throw forbidden('You cannot widen your own restaurants');
      const restaurantIds = await grantable(tx, self ? scopeOf({ ...target, role: target.role }) : actor, role, ids);
      if (target.role === 'admin' && role !== 'admin' && otherAdmins(live, id).length === 0)
        throw conflict('The last admin must stay an admin');
      if (b.name !== undefined || role !== target.role) await updateAccount(tx, id, { name: b.name, role });
      if (!sameIds(restaurantIds, target.restaurantIds)) await setAccountRestaurants(tx, id, restaurantIds);
      await recordGrants(tx, req, target, target, { role, restaurantIds });
      return { ...target, name: b.name ?? target.name, role, restaurantIds };
    });
  }

  app.patch(
    '/user/:id',
    {
      onRequest: app.requireAdmin,
      config: { changes: ['admins', 'activity'], ...allow(adminsResource, 'edit', 'delete') },
      schema: {
        tags: ['admins'],
        summary: 'Soft-delete an account: { isDeleted: true }; or edit one: { name?, role?, restaurantIds? }',
        security: [{ bearer: [] }],
        params: idParam,
        body: z.union([softDeleteBody, editAdminBody]),
        response: {
          200: z.union([messageSchema, adminSchema]),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req) => {
      const actor = scopeOfRequest(req);
      const body = req.body;
      if ('isDeleted' in body && body.isDeleted === true) return remove(req, actor, req.params.id);
      return edit(req, actor, req.params.id, body as EditAdminBody);
    },
  );

  // "Forgot password" for a back-office account (issue 49): there is no e-mail, so an admin sets a new password on
  // the account's edit page and hands it over; the account's sessions end and the trail records who did it.
  app.post(
    '/api/admins/:id/password',
    {
      onRequest: app.requireAdmin,
      config: { changes: ['admins', 'activity'], ...allow(adminsResource, 'resetPassword') },
      schema: {
        tags: ['admins'],
        summary:
          "An admin sets another account's new password (the account forgot it): its sessions end, the activity trail records it",
        security: [{ bearer: [] }],
        params: idParam,
        body: z.object({ newPassword: z.string().min(8, 'Should not be less than 8 characters').max(200) }),
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const actor = scopeOfRequest(req);
      const at = new Date();
      const hash = await hashPassword(req.body.newPassword);
      await db.transaction(async (tx) => {
        const target = await liveAccountIn(tx, actor, req.params.id);
        if (!target) throw notFound('Admin not found');
        if (target.id === actor.adminId) throw badRequest(OWN_PASSWORD);
        await changeAdminPassword(tx, target.id, hash, at);
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.passwordReset',
          target: { type: 'admin', id: target.id, label: target.email },
        });
      });
      return { message: 'The password has been reset' };
    },
  );
}

/** Your own password is changed with the current one (POST /admin/password), never reset. */
const OWN_PASSWORD = 'Change your own password with your current one';
