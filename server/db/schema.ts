// The whole database as code (Drizzle). One schema for PGlite and PostgreSQL.
// Migrations in server/db/migrations are generated from this file (npm run db:generate).
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Staff who sign in to the back-office. Soft-deleted (isDeleted) per SPEC.md. */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('admin'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // E-mails are unique among live admins only: a deleted admin's address can be reused.
    uniqueIndex('admins_email_live_uq').on(sql`lower(${t.email})`).where(sql`${t.isDeleted} = false`),
    index('admins_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('admins_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Customers of the mobile app / invoice page, identified by phone (E.164). Hard-deleted. */
export const appUsers = pgTable(
  'app_users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone').notNull(),
    birthDate: date('birth_date'),
    gender: text('gender'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('app_users_phone_uq').on(t.phone),
    index('app_users_created_idx').on(t.createdAt, t.id),
    index('app_users_first_name_trgm').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('app_users_last_name_trgm').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('app_users_phone_trgm').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/** A restaurant linked to a point-of-sale system (system_type). Soft-deleted. */
export const restaurants = pgTable(
  'restaurants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    token: text('token').notNull(),
    branchsToken: text('branchs_token').notNull(),
    systemType: text('system_type').notNull(),
    nameApi: text('name_api'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Last branch/device sync with the POS: when, and the error if it failed. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    syncError: text('sync_error'),
    ...timestamps,
  },
  (t) => [index('restaurants_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`)],
);

/** Branches come from the POS; branch_id is the POS's id, stable across syncs. */
export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id').notNull().references(() => restaurants.id, { onDelete: 'cascade' }),
    branchId: text('branch_id').notNull(),
    name: text('name').notNull(),
    /** Set when the branch no longer appears at the POS. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('branches_pos_uq').on(t.restaurantId, t.branchId)],
);

/** Devices (tills) come from the POS; device_id is the POS's id and travels in the QR code. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    branchRef: integer('branch_ref').notNull().references(() => branches.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id').notNull().references(() => restaurants.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('devices_pos_uq').on(t.restaurantId, t.deviceId),
    index('devices_branch_idx').on(t.branchRef),
  ],
);

/** Orders a customer saved to their account (the "Specter Orders"). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    appUserId: integer('app_user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    restaurantId: integer('restaurant_id').notNull().references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The order's id at the POS: one order is saved once, to one account. */
    posOrderId: text('pos_order_id').notNull(),
    deviceId: text('device_id').notNull(),
    branchName: text('branch_name').notNull(),
    orderNumber: text('order_number').notNull(),
    checkNumber: text('check_number'),
    orderDate: text('order_date').notNull(),
    orderTime: text('order_time').notNull(),
    paymentMethod: text('payment_method').notNull(),
    subTotalPrice: numeric('sub_total_price', { precision: 14, scale: 5 }).notNull(),
    discountAmount: numeric('discount_amount', { precision: 14, scale: 5 }).notNull(),
    totalPrice: numeric('total_price', { precision: 14, scale: 5 }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_pos_uq').on(t.restaurantId, t.posOrderId),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_user_idx').on(t.appUserId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemQuantity: numeric('item_quantity', { precision: 12, scale: 3 }).notNull(),
    totalPrice: numeric('total_price', { precision: 14, scale: 5 }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Orders pushed to us by a Specter POS (system_type Specter): the Invoice as JSON. */
export const posOrders = pgTable(
  'pos_orders',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id').notNull().references(() => restaurants.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    posOrderId: text('pos_order_id').notNull(),
    invoice: jsonb('invoice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_orders_uq').on(t.restaurantId, t.posOrderId),
    index('pos_orders_device_idx').on(t.restaurantId, t.deviceId, t.createdAt),
  ],
);

/** One live one-time code per phone (SECURITY.md): the code is stored only as an HMAC. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The code sealed with AES-GCM under the server secret, so a resend within the lifetime sends the same code. */
    codeSealed: text('code_sealed').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_phone_idx').on(t.phone, t.createdAt)],
);

/** Per-phone verification state: failures in a row, and a lock an admin can clear. */
export const phoneGuards = pgTable('phone_guards', {
  phone: text('phone').primaryKey(),
  failuresInRow: integer('failures_in_row').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits when no Redis is configured (shared by instances on one database). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
