// The whole database as code (Drizzle). One schema for PGlite and PostgreSQL.
// Migrations in server/db/migrations are generated from this file (npm run db:generate).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Staff who sign in to the back-office. Soft-deleted (isDeleted): docs/DECISIONS.md. */
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
    /** Tokens issued before this are refused (a password change ends the other sessions). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    /** TOTP second factor (docs/SECURITY.md, "Admins"): the secret sealed under the server secret; enabled once
     * a first code confirmed it; recovery codes stored as HMAC-SHA256 hashes, each used once. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpRecoveryHashes: jsonb('totp_recovery_hashes').$type<string[]>(),
    /** The time step of the last code accepted: a code signs in once (migration 0014). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Wrong second-step codes since the last right one (migration 0022): past ADMIN_TOTP_LOCK_AFTER the second step
     * is locked until an admin resets it (docs/SECURITY.md, "Two-step sign-in"). */
    totpFailures: integer('totp_failures').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // E-mails are unique among live admins only: a deleted admin's address can be reused.
    uniqueIndex('admins_email_live_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isDeleted} = false`),
    index('admins_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('admins_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    // The roles (issue 26, migration 0011).
    check('admins_role_check', sql`${t.role} IN ('admin', 'manager', 'staff')`),
  ],
);

/**
 * Which restaurants a `manager` or `staff` account is tied to (issue 26, docs/SECURITY.md "Roles"). An `admin`
 * has no rows: it sees every restaurant. Read per request by the admin guard (server/plugins/auth.ts).
 */
export const adminRestaurants = pgTable(
  'admin_restaurants',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.restaurantId] }),
    index('admin_restaurants_restaurant_idx').on(t.restaurantId),
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
    /** "phone first last" in lower case, computed by the database (migration 0030): the App Users and guestbook
     * searches match a word on it with one LIKE (server/db/search.ts lowerContains). */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(left(coalesce(phone, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''), 512))`,
      ),
  },
  (t) => [
    uniqueIndex('app_users_phone_uq').on(t.phone),
    index('app_users_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('app_users_created_idx').on(t.createdAt, t.id),
    index('app_users_first_name_trgm').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('app_users_last_name_trgm').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('app_users_phone_trgm').using('gin', sql`${t.phone} gin_trgm_ops`),
    // The App Users screen's other sortable columns, each with the id that breaks ties (docs/PERFORMANCE.md): a
    // page in that order is read from the index at a million users, never sorted from the whole table. The phone
    // is unique, so its unique index already gives its order.
    index('app_users_first_name_idx').on(t.firstName, t.id),
    index('app_users_birth_date_idx').on(t.birthDate, t.id),
    index('app_users_gender_idx').on(t.gender, t.id),
    index('app_users_last_login_idx').on(t.lastLogin, t.id),
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
    /** VAT registration number printed on receipts when the POS reports none (docs/ARCHITECTURE.md, VAT). */
    vatNumber: text('vat_number'),
    /** ZATCA e-invoicing phase of the seller (docs/ARCHITECTURE.md, VAT on the receipt): 2 (integration, the
     * default) shows only the POS's own signed QR; 1 lets Specter draw the 5-tag phase-1 QR. */
    zatcaPhase: integer('zatca_phase').notNull().default(2),
    /** The seller's legal name for the phase-1 QR's tag 1, when the form gives one. */
    legalName: text('legal_name'),
    /** The business name the POS reports for the restaurant's token (Foodics: GET /whoami, read at sync). */
    posLegalName: text('pos_legal_name'),
    /** The restaurant's IANA time zone: the offset of its CSV times; null is the app's FUNNEL_TIME_ZONE. */
    timeZone: text('time_zone'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Last branch/device sync with the POS: when, and the error if it failed. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    syncError: text('sync_error'),
    /** SHA-256 of this restaurant's POS push key (Specter POS); the key itself is shown once, when rotated. */
    pushKeyHash: text('push_key_hash'),
    pushKeyRotatedAt: timestamp('push_key_rotated_at', { withTimezone: true }),
    /** The business's reference at its POS (Foodics: GET /whoami at sync): webhooks are routed by it. */
    posBusinessRef: text('pos_business_ref'),
    /** When the POS's last webhook event for this restaurant arrived (null: none yet). */
    webhookAt: timestamp('webhook_at', { withTimezone: true }),
    // --- The connection's health (docs/POS.md, "The connection's health") ---
    /** The token's HMAC under TOKEN_KEY (lib/sealing.ts lookupKey, migration 0022): finds the restaurants of a token. */
    tokenKey: text('token_key'),
    /** The business at the POS (GET /whoami) and who connected it through "Connect Foodics", when. */
    posBusinessName: text('pos_business_name'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    connectedBy: integer('connected_by').references(() => admins.id, { onDelete: 'set null' }),
    /** The last sync that read the branches and devices. */
    syncOkAt: timestamp('sync_ok_at', { withTimezone: true }),
    /** The newest order read for one of its tills (by webhook or by polling): its number, when, how. */
    lastOrderRef: text('last_order_ref'),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    lastOrderVia: text('last_order_via'),
    /** The POS's last failure with this restaurant's token, and when the POS last refused the token (401/403;
     * cleared by a call it accepts). */
    posError: text('pos_error'),
    posErrorAt: timestamp('pos_error_at', { withTimezone: true }),
    posRefusedAt: timestamp('pos_refused_at', { withTimezone: true }),
    /** The logo's copy on this site (a path, served from restaurant_logos), shown in its place; null without one.
     * Dropped when the logo changes (migration 0025's trigger). */
    logoCopy: text('logo_copy'),
    // --- The setup checklist after connecting (docs/POS.md, "After connecting: the setup checklist") ---
    /** When the restaurant's printable QR sheet was first printed from the back-office. */
    qrSheetPrintedAt: timestamp('qr_sheet_printed_at', { withTimezone: true }),
    /** When one of its tills first showed a customer a receipt (a test scan). */
    firstReceiptAt: timestamp('first_receipt_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('restaurants_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('restaurants_pos_business_ref_idx').on(t.posBusinessRef),
    index('restaurants_token_key_idx').on(t.tokenKey),
    // One Foodics business, one live restaurant (migration 0023, docs/POS.md "One business, one restaurant").
    uniqueIndex('restaurants_foodics_business_uq')
      .on(t.posBusinessRef)
      .where(sql`${t.systemType} = 'Foodics' AND NOT ${t.isDeleted} AND ${t.posBusinessRef} IS NOT NULL`),
  ],
);

/** Branches come from the POS; branch_id is the POS's id, stable across syncs. */
export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
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
    branchRef: integer('branch_ref')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    /** The till's link key (docs/SECURITY.md, "Till links"): unguessable, in every link Specter prints; a
     * reprint replaces it. Made by the database for existing and new tills (about 122 random bits). */
    linkKey: text('link_key')
      .notNull()
      .default(sql`translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`),
    linkKeyRotatedAt: timestamp('link_key_rotated_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The POS system of its restaurant, copied by the database when the row is inserted (migration 0023). */
    posSystem: text('pos_system'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('devices_pos_uq').on(t.restaurantId, t.deviceId),
    index('devices_branch_idx').on(t.branchRef),
    // A live Foodics till belongs to one restaurant (migration 0023).
    uniqueIndex('devices_foodics_till_uq')
      .on(t.deviceId)
      .where(sql`${t.posSystem} = 'Foodics' AND ${t.removedAt} IS NULL`),
  ],
);

/** Orders a customer saved to their account (the "Specter Orders"). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** A deleted app user's orders go with them (docs/SECURITY.md, "Retention"). */
    appUserId: integer('app_user_id').references(() => appUsers.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
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
    /** The receipt's VAT block as saved (amount, by_rate, number, the QR's text and kind, the ZATCA phase): My
     * receipts and a shared link show the VAT lines the invoice page showed. Null for orders saved before. */
    vat: jsonb('vat'),
    /** The POS system of its restaurant, copied by the database when the row is inserted (migration 0023);
     * 'Foodics (duplicate)' marks a later save, before migration 0023, of an order saved first elsewhere. */
    posSystem: text('pos_system'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_pos_uq').on(t.restaurantId, t.posOrderId),
    // A Foodics order is saved once, at one restaurant (migration 0023).
    uniqueIndex('orders_foodics_order_uq')
      .on(t.posOrderId)
      .where(sql`${t.posSystem} = 'Foodics'`),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_user_idx').on(t.appUserId),
    // The Orders screen: one restaurant's newest first, and search by order number (pg_trgm).
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt, t.id),
    // A manager's App Users: the customers with an order at their restaurants (issue 26).
    index('orders_restaurant_user_idx').on(t.restaurantId, t.appUserId),
    index('orders_number_trgm').using('gin', sql`${t.orderNumber} gin_trgm_ops`),
    index('orders_order_date_idx').on(t.orderDate),
    // The Orders screen's other sortable columns (docs/PERFORMANCE.md): sorted by total or number at ten million
    // orders, a page is read from the index.
    index('orders_total_idx').on(t.totalPrice, t.id),
    index('orders_number_idx').on(t.orderNumber, t.id),
    // A search's total within restaurants: the numbers that start with its digits, as a range (migration 0031).
    index('orders_restaurant_number_idx').on(t.restaurantId, t.orderNumber),
    // The guestbook (issue 34): one guest's orders at one restaurant (the row kept on each save), and a restaurant's
    // saved orders by business date (the insights' periods).
    index('orders_user_restaurant_idx').on(t.appUserId, t.restaurantId),
    index('orders_restaurant_date_idx').on(t.restaurantId, t.orderDate),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    posOrderId: text('pos_order_id').notNull(),
    invoice: jsonb('invoice').notNull(),
    /** The POS's status, Foodics' numbering (4 = closed: the only status a customer sees or saves). */
    status: integer('status').notNull().default(4),
    /** When the order closed at the POS (the claim window counts from here); null = when it was pushed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_orders_uq').on(t.restaurantId, t.posOrderId),
    index('pos_orders_device_idx').on(t.restaurantId, t.deviceId, t.createdAt),
  ],
);

/** Links to a read-only copy of a saved receipt (docs/CUSTOMER.md, Sharing a receipt): only the SHA-256 of the
 * token is kept; a link lives until expires_at or until revoked. Deleting the saved order (Delete my data)
 * deletes its links. */
export const receiptShares = pgTable(
  'receipt_shares',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token sealed with AES-GCM under the server secret, so asking again while live gives the same link. */
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('receipt_shares_token_uq').on(t.tokenHash), index('receipt_shares_order_idx').on(t.orderId)],
);

/** One live one-time code per phone (docs/SECURITY.md): the code is stored only as an HMAC. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The code sealed with AES-GCM under the server secret, so a resend within the lifetime sends the same code. */
    codeSealed: text('code_sealed').notNull().default(''),
    /** Wrong guesses of this code from all addresses together (at most OTP_CODE_MAX_ATTEMPTS). */
    attempts: integer('attempts').notNull().default(0),
    /** Wrong guesses per client address, `{ "<keyed hash of the address>": n }` (at most OTP_MAX_ATTEMPTS each, migration 0022): a
     * stranger's guesses use up their own budget, never the customer's. */
    attemptsByAddress: jsonb('attempts_by_address').$type<Record<string, number>>().notNull().default({}),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The order the code was asked for (restaurant, till, POS order id): the code saves that order only.
     * Null for a code asked for without an order (an older client). */
    restaurantId: integer('restaurant_id'),
    deviceId: text('device_id'),
    posOrderId: text('pos_order_id'),
    /** What the code was asked for (server/otp/types.ts CodePurpose): a code opens nothing else. */
    purpose: text('purpose').notNull().default('save'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_phone_idx').on(t.phone, t.createdAt)],
);

/** Per-phone verification state: failures in a row, and a lock an admin can clear. */
export const phoneGuards = pgTable('phone_guards', {
  phone: text('phone').primaryKey(),
  failuresInRow: integer('failures_in_row').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  /** My receipts: sessions of this phone issued before this second are over (Sign out ends copies too). */
  sessionsEndedAt: timestamp('sessions_ended_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits when no Redis is configured (shared by instances on one database). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The scan-to-save funnel: per till per day, how many receipts were opened, codes requested and orders
 * saved. Counts only - no phone, no address (docs/ARCHITECTURE.md, The funnel). Rows are bumped with an
 * atomic upsert, so several instances add up correctly.
 */
export const funnelDaily = pgTable(
  'funnel_daily',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The till's id at the POS (devices.device_id). */
    deviceId: text('device_id').notNull(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    codes: integer('codes').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    /** Opens of shared links (/r/{token}) of receipts saved from this till. */
    sharedOpens: integer('shared_opens').notNull().default(0),
  },
  (t) => [
    uniqueIndex('funnel_daily_uq').on(t.restaurantId, t.deviceId, t.day),
    index('funnel_daily_day_idx').on(t.day),
  ],
);

/**
 * Short-lived marks of the funnel when no Redis is configured: "this browser was counted for this till"
 * (keys are HMACs, never an address), and which till a browser last opened. Expired rows are swept.
 */
export const funnelMarks = pgTable(
  'funnel_marks',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('funnel_marks_expires_idx').on(t.expiresAt)],
);

/**
 * The back-office's audit trail (docs/RELIABILITY.md): one row per change, written in the transaction of the
 * change by server/db/audit.ts. Who (admin id and e-mail as they were), what (kind), which record, when,
 * from which address. Never a secret: POS tokens, passwords and push keys are not written here.
 */
export const activity = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who made the change; null for changes made by no admin (a customer deleting their data). */
    adminId: integer('admin_id'),
    adminEmail: text('admin_email'),
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** A readable name of the record (restaurant name, admin e-mail, masked phone). */
    targetLabel: text('target_label'),
    /** Non-secret details, e.g. the names of the fields an edit changed. */
    detail: jsonb('detail'),
    ip: text('ip'),
  },
  (t) => [
    index('activity_at_idx').on(t.at, t.id),
    index('activity_admin_idx').on(t.adminId, t.at),
    index('activity_kind_idx').on(t.kind, t.at),
  ],
);

/** Secrets the server generates once and every instance on the database shares (JWT_SECRET when unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The recent orders known for each till, shared by every instance when there is no Redis
 * (docs/ARCHITECTURE.md): written by polls and by webhooks, read before asking the POS, served when the call
 * budget is spent. */
export const posReceipts = pgTable(
  'pos_receipts',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** PosOrder[] (id at the POS, till, status, closing time, Invoice), newest first. */
    orders: jsonb('orders')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the POS last told us about this till (poll or webhook). */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.deviceId] })],
);

/** Webhook events already applied (idempotency), kept a day. */
export const posWebhookEvents = pgTable('pos_webhook_events', {
  key: text('key').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Calls made with each POS token in the budget's sliding window (when there is no Redis). */
export const posCallLog = pgTable(
  'pos_call_log',
  {
    id: serial('id').primaryKey(),
    tokenKey: text('token_key').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [index('pos_call_log_token_at_idx').on(t.tokenKey, t.at)],
);

/** A token paused after the POS answered 429, until its Retry-After (when there is no Redis). */
export const posTokenPauses = pgTable('pos_token_pauses', {
  tokenKey: text('token_key').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** Row counts kept by statement-level triggers (custom migration i16_row_counts): the dashboard and the
 * unfiltered list totals read one row here instead of counting a table of millions (docs/PERFORMANCE.md).
 * Names: 'app_users', 'orders', 'live_restaurants'; per restaurant 'orders@<id>' (migration 0020), 'customers@<id>'
 * (its distinct customers) and 'consented@<id>' (its consented guests, migration 0025). */
/** Admin tokens ended by a sign-out before their expiry (SHA-256 of the token); swept once expired. */
export const adminTokenRevocations = pgTable('admin_token_revocations', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/** The rows of each calendar day (UTC) of a counted table, kept by triggers (migration 0032): where a deep page of a
 * whole list begins (repositories/rowDays.ts). Names as row_counts': 'app_users', 'orders', 'orders@<restaurant id>'. */
export const rowDays = pgTable(
  'row_days',
  {
    name: text('name').notNull(),
    day: date('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'row_days_pk', columns: [t.name, t.day] })],
);

/** Bytes as a Buffer (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * The copy of each restaurant's http(s) logo served from this site (server/pos/logoCopy.ts, migration 0025): the
 * address it copies, its type and size, the bytes and their SHA-256 - or, when the copy failed, why (tried again
 * later).
 */
export const restaurantLogos = pgTable('restaurant_logos', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  contentType: text('content_type'),
  width: integer('width'),
  height: integer('height'),
  bytes: bytea('bytes'),
  sha256: text('sha256'),
  error: text('error'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** "Connect Foodics" round trips in flight (OAuth 2.0 state, docs/POS.md): the state's SHA-256, the admin who
 * started it, the restaurant it connects (null: a new one), single use, 10 minutes. */
export const foodicsOauthStates = pgTable('foodics_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  adminId: integer('admin_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** "Connect Foodics" approvals waiting for the admin's answer (docs/POS.md): the business is connected to another
 * restaurant ('business_elsewhere': reconnect that one?), or a reconnect would change the restaurant's business
 * ('business_changed'). The id is kept as its SHA-256, single use; the token sealed; as long as a round trip. */
export const foodicsPendingConnects = pgTable('foodics_pending_connects', {
  idHash: text('id_hash').primaryKey(),
  adminId: integer('admin_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** The restaurant the approval would connect. */
  restaurantId: integer('restaurant_id')
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  /** The restaurant the round trip was started for (null: a new one). */
  startedFor: integer('started_for').references(() => restaurants.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  businessName: text('business_name').notNull(),
  businessRef: text('business_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** POS calls made with each token, per minute (the health panel's share of the call budget), kept a day. */
export const posCallMinutes = pgTable(
  'pos_call_minutes',
  {
    tokenKey: text('token_key').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenKey, t.minute] })],
);

/** Webhook events received per restaurant per hour (the health panel), kept two days. */
export const posWebhookHours = pgTable(
  'pos_webhook_hours',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    events: integer('events').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.hour] })],
);

/**
 * A phone's yes to one restaurant (issue 34; issue 47: "Join {restaurant}'s rewards: it will know your visits and
 * spend", the guestbook's and the rewards' one yes), ticked when saving a receipt,
 * with when and which wording it said yes to (CONSENT_WORDING_VERSION). Withdrawn (My receipts) or with Delete my
 * data the row goes. Per phone per restaurant: a yes to one restaurant tells no other.
 */
export const guestConsents = pgTable(
  'guest_consents',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    wordingVersion: integer('wording_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guest_consents_uq').on(t.phone, t.restaurantId)],
);

/**
 * The guestbook (docs/ARCHITECTURE.md, The guestbook): one row per app user per restaurant they saved a receipt
 * at, kept in the transaction of every change to their saved orders there (a save, Delete my data) and of their
 * consent (given, withdrawn) - never computed from the orders per request. Kept for every saver, so a consent
 * given later shows the whole history and the insights know who is returning; only rows with `consented` ever
 * leave the server.
 */
export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    consented: boolean('consented').notNull().default(false),
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }).notNull(),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull(),
    /** The business date (the POS's, in the restaurant's time zone) of the first saved order: the insights'
     * returning guests are those whose first visit is before the period. */
    firstVisitOn: text('first_visit_on').notNull(),
    visits: integer('visits').notNull().default(0),
    spend: numeric('spend', { precision: 16, scale: 5 }).notNull().default('0'),
    averageTicket: numeric('average_ticket', { precision: 16, scale: 5 }).notNull().default('0'),
    currency: text('currency').notNull().default(''),
    favouriteItem: text('favourite_item'),
    topBranch: text('top_branch'),
    /** The app user's first name and phone, copied when the row is made and followed when they change (triggers
     * of migration 0025): the guestbook's name and phone sorts read them from an index. */
    firstName: text('first_name'),
    phone: text('phone').notNull().default(''),
    /** The app user's sign-up time, kept by the same triggers (migration 0029): a manager's App Users in sign-up
     * order is its restaurant's consenting guests in this order (guests_user_created_idx). */
    userCreatedAt: timestamp('user_created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guests_restaurant_user_uq').on(t.restaurantId, t.appUserId),
    index('guests_user_created_idx')
      .on(t.restaurantId, t.userCreatedAt, t.appUserId)
      .where(sql`${t.consented}`),
    index('guests_user_idx').on(t.appUserId),
    // The guestbook's sortable columns over consented rows (the only ones it shows), each with the id that breaks
    // ties: per restaurant (a manager's scope, an admin's filter) and across restaurants (an admin's), the latter
    // ending with restaurant_id so a deleted restaurant's rows are skipped from the index (docs/PERFORMANCE.md).
    index('guests_last_visit_idx')
      .on(t.restaurantId, t.lastVisitAt, t.id)
      .where(sql`${t.consented}`),
    index('guests_first_visit_idx')
      .on(t.restaurantId, t.firstVisitAt, t.id)
      .where(sql`${t.consented}`),
    index('guests_visits_idx')
      .on(t.restaurantId, t.visits, t.id)
      .where(sql`${t.consented}`),
    index('guests_spend_idx')
      .on(t.restaurantId, t.spend, t.id)
      .where(sql`${t.consented}`),
    index('guests_average_ticket_idx')
      .on(t.restaurantId, t.averageTicket, t.id)
      .where(sql`${t.consented}`),
    index('guests_first_name_idx')
      .on(t.restaurantId, t.firstName, t.id)
      .where(sql`${t.consented}`),
    index('guests_phone_idx')
      .on(t.restaurantId, t.phone, t.id)
      .where(sql`${t.consented}`),
    index('guests_all_last_visit_idx')
      .on(t.lastVisitAt, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    index('guests_all_first_visit_idx')
      .on(t.firstVisitAt, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    index('guests_all_visits_idx')
      .on(t.visits, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    index('guests_all_spend_idx')
      .on(t.spend, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    index('guests_all_average_ticket_idx')
      .on(t.averageTicket, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    index('guests_all_first_name_idx')
      .on(t.firstName, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    index('guests_all_phone_idx')
      .on(t.phone, t.id, t.restaurantId)
      .where(sql`${t.consented}`),
    // A search's matching app users' consented rows (repositories/guests/list.ts).
    index('guests_consented_user_idx')
      .on(t.appUserId, t.restaurantId)
      .where(sql`${t.consented}`),
  ],
);

/**
 * The guestbook's insights kept per day (migration 0017, docs/ARCHITECTURE.md "The guestbook"): kept by a
 * statement-level trigger on orders (insights_keep), so they equal sums over the saved orders after every
 * statement that changes them; GET /guest/insights reads only these.
 */
export const insightDays = pgTable(
  'insight_days',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The business date (orders.order_date). */
    day: text('day').notNull(),
    branchName: text('branch_name').notNull(),
    /** The orders' currency (orders.currency): money is summed per currency, never across (migration 0024). */
    currency: text('currency').notNull().default(''),
    receipts: integer('receipts').notNull().default(0),
    spend: numeric('spend', { precision: 20, scale: 5 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'insight_days_pk', columns: [t.restaurantId, t.day, t.branchName, t.currency] }),
    index('insight_days_day_idx').on(t.day),
  ],
);

/** Pairs of a guest's consecutive distinct visit days at a restaurant (prev_day '' for the first), counted: the
 * guests of a period are the pairs with `day` in it and `prev_day` before it. */
export const insightGuestDays = pgTable(
  'insight_guest_days',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    prevDay: text('prev_day').notNull(),
    guests: integer('guests').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'insight_guest_days_pk', columns: [t.restaurantId, t.day, t.prevDay] })],
);

/** The same pairs per branch (a guest's visit days at that branch): unique guests by branch. */
export const insightBranchGuestDays = pgTable(
  'insight_branch_guest_days',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    branchName: text('branch_name').notNull(),
    day: text('day').notNull(),
    prevDay: text('prev_day').notNull(),
    guests: integer('guests').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'insight_branch_guest_days_pk', columns: [t.restaurantId, t.branchName, t.day, t.prevDay] }),
  ],
);

// --- Loyalty (issue 47, migration 0021; docs/ARCHITECTURE.md "Loyalty: how points are kept right") ---

/** A restaurant's program, off until turned on: points per unit of its currency paid (the receipt's total, tax
 * included), the least a receipt must total to earn (0 = any), days without an earn or a redeem after which a
 * balance expires (0 = never). No row: the defaults (off). */
export const loyaltyPrograms = pgTable('loyalty_programs', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  pointsPerUnit: numeric('points_per_unit', { precision: 12, scale: 6 }).notNull().default('1'),
  minSpend: numeric('min_spend', { precision: 16, scale: 5 }).notNull().default('0'),
  expiryDays: integer('expiry_days').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What points buy at a restaurant's till. `code` is what Foodics sends back as `reward_code`: unique per
 * restaurant whatever its case, and never reused (a deleted reward keeps its row and code). `kind` amount (`value`
 * off the order), percent (`value` percent off, at most `max_discount`) or products (`product_ids` free, `value` of
 * them). */
export const loyaltyRewards = pgTable(
  'loyalty_rewards',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    cost: integer('cost').notNull(),
    kind: text('kind').$type<'amount' | 'percent' | 'products'>().notNull(),
    value: numeric('value', { precision: 16, scale: 5 }).notNull(),
    maxDiscount: numeric('max_discount', { precision: 16, scale: 5 }),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('loyalty_rewards_code_uq').on(t.restaurantId, sql`lower(${t.code})`),
    check('loyalty_rewards_cost_ck', sql`${t.cost} > 0`),
    check('loyalty_rewards_kind_ck', sql`${t.kind} IN ('amount', 'percent', 'products')`),
    index('loyalty_rewards_restaurant_cost_idx')
      .on(t.restaurantId, t.cost)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** A member: an app user at a restaurant whose program they joined (the guestbook's consent). The balance never
 * goes below zero (a CHECK); `carried` is the fraction of a point carried to the next receipt; `left_at` set when
 * the consent was withdrawn (the points forfeited, the ledger says so). */
export const loyaltyMembers = pgTable(
  'loyalty_members',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    appUserId: integer('app_user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    carried: numeric('carried', { precision: 24, scale: 12 }).notNull().default('0'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** The app user's "phone first last", kept by triggers (migration 0027) for the Members search. */
    search: text('search').notNull().default(''),
  },
  (t) => [
    uniqueIndex('loyalty_members_restaurant_user_uq').on(t.restaurantId, t.appUserId),
    check('loyalty_members_balance_ck', sql`${t.balance} >= 0`),
    index('loyalty_members_user_idx').on(t.appUserId),
    index('loyalty_members_expiry_idx')
      .on(t.restaurantId, t.lastActivityAt)
      .where(sql`${t.balance} > 0 AND ${t.leftAt} IS NULL`),
    // The Members list (migrations 0026, 0027): current members by last activity or balance, all restaurants or
    // one; the restaurant and the search copy after the order's columns, so a walk checks them from the index alone.
    index('loyalty_members_recent_idx')
      .on(t.lastActivityAt, t.id, t.restaurantId, t.search)
      .where(sql`${t.leftAt} IS NULL`),
    index('loyalty_members_restaurant_recent_idx')
      .on(t.restaurantId, t.lastActivityAt, t.id, t.search)
      .where(sql`${t.leftAt} IS NULL`),
    index('loyalty_members_balance_idx')
      .on(t.balance, t.id, t.restaurantId)
      .where(sql`${t.leftAt} IS NULL`),
    index('loyalty_members_restaurant_balance_idx')
      .on(t.restaurantId, t.balance, t.id)
      .where(sql`${t.leftAt} IS NULL`),
    index('loyalty_members_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const LEDGER_KINDS = ['earn', 'redeem', 'take-back', 'give-back', 'expire', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Every movement of points, append-only (a trigger refuses UPDATE and DELETE unless the transaction set
 * specter.ledger_erase: Delete my data, retention). `points` is signed; `balance_after` the member's balance once
 * it applied. `value` is the points' exact worth before rounding (an earn: total x rate), `reverses` the entry a
 * take-back or give-back undoes (once: unique). */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => loyaltyMembers.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    value: numeric('value', { precision: 30, scale: 12 }),
    /** The receipt's total (an earn, a take-back). */
    spend: numeric('spend', { precision: 16, scale: 5 }),
    /** The saved order (orders.id) an earn came from. */
    orderId: integer('order_id'),
    posOrderId: text('pos_order_id'),
    rewardId: integer('reward_id'),
    rewardCode: text('reward_code'),
    businessReference: text('business_reference'),
    /** The till's branch and cashier (Foodics' `branch_id`, `user_id`) and the till's own `date` of a redeem. */
    branchId: text('branch_id'),
    userId: text('user_id'),
    posDate: text('pos_date'),
    /** The back-office account of an adjustment. */
    adminId: integer('admin_id'),
    reason: text('reason'),
    reverses: bigint('reverses', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_ledger_member_idx').on(t.memberId, t.id),
    check('loyalty_ledger_kind_ck', sql`${t.kind} IN ('earn', 'redeem', 'take-back', 'give-back', 'expire', 'adjust')`),
    uniqueIndex('loyalty_ledger_earn_uq')
      .on(t.restaurantId, t.posOrderId)
      .where(sql`${t.kind} = 'earn'`),
    uniqueIndex('loyalty_ledger_redeem_uq')
      .on(t.businessReference, t.posOrderId, t.rewardCode)
      .where(sql`${t.kind} = 'redeem'`),
    uniqueIndex('loyalty_ledger_reverses_uq')
      .on(t.reverses)
      .where(sql`${t.reverses} IS NOT NULL`),
    index('loyalty_ledger_order_idx')
      .on(t.restaurantId, t.posOrderId)
      .where(sql`${t.posOrderId} IS NOT NULL`),
    index('loyalty_ledger_restaurant_created_idx').on(t.restaurantId, t.createdAt, t.id),
    // A date range's CSV in time order (migration 0028): the id breaks ties of one transaction's entries.
    index('loyalty_ledger_created_idx').on(t.createdAt, t.id),
    // The Ledger list, newest first (migration 0026): a restaurant's, a kind's, a restaurant's kind.
    index('loyalty_ledger_restaurant_idx').on(t.restaurantId, t.id),
    index('loyalty_ledger_kind_idx').on(t.kind, t.id),
    index('loyalty_ledger_restaurant_kind_idx').on(t.restaurantId, t.kind, t.id),
  ],
);

// --- Loyalty's figures kept per day (migration 0026; docs/ARCHITECTURE.md "Loyalty insights") ---

/** The business day's time zone the kept rows are dated in (FUNNEL_TIME_ZONE; one row, written at start). */
export const loyaltyTimeZone = pgTable(
  'loyalty_time_zone',
  {
    only: boolean('only').primaryKey().notNull().default(true),
    zone: text('zone').notNull(),
  },
  (t) => [check('loyalty_time_zone_one_ck', sql`${t.only}`)],
);

/** The ledger per restaurant, day, kind and currency: entries, points given (`gained`) and taken (`lost`, <= 0), the
 * earning receipts' totals. An earn's (a take-back's) day and currency are its receipt's; others' day is their time's
 * date in the business time zone, currency ''. */
export const loyaltyLedgerDays = pgTable(
  'loyalty_ledger_days',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    currency: text('currency').notNull().default(''),
    entries: integer('entries').notNull().default(0),
    gained: bigint('gained', { mode: 'number' }).notNull().default(0),
    lost: bigint('lost', { mode: 'number' }).notNull().default(0),
    spend: numeric('spend', { precision: 20, scale: 5 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'loyalty_ledger_days_pk', columns: [t.restaurantId, t.day, t.kind, t.currency] })],
);

/** A member's visit days (its earning receipts' business dates), one row per day. */
export const loyaltyMemberDays = pgTable(
  'loyalty_member_days',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => loyaltyMembers.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ name: 'loyalty_member_days_pk', columns: [t.memberId, t.day] })],
);

/** Members' visit days as counted pairs (day, previous visit day or ''), as insight_guest_days: the members active
 * in [from, to] are the pairs with day in it and prev_day < from. */
export const loyaltyActivePairs = pgTable(
  'loyalty_active_pairs',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    prevDay: text('prev_day').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'loyalty_active_pairs_pk', columns: [t.restaurantId, t.day, t.prevDay] })],
);

/** Members joined and left per restaurant and day (the business time zone). */
export const loyaltyJoinDays = pgTable(
  'loyalty_join_days',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    joined: integer('joined').notNull().default(0),
    left: integer('left').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'loyalty_join_days_pk', columns: [t.restaurantId, t.day] })],
);

/** Per restaurant now: its members (not left) and the sum of their balances (the points outstanding). */
export const loyaltyTotals = pgTable('loyalty_totals', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  members: integer('members').notNull().default(0),
  outstanding: bigint('outstanding', { mode: 'number' }).notNull().default(0),
});
