// What the back-office's data provider offers beyond react-admin's calls (src/dataProvider.ts implements it): the
// screens reach it through react-admin's context, `useDataProvider<SpecterDataProvider>()`, never by importing
// src/dataProvider.ts (issue 46: no import circles, tests/lint/importCycles.test.ts).
import type { DataProvider, Identifier } from 'ra-core';
import type { LatestOrder, Statistics } from '../contract/orders';
import type { FunnelRow, FunnelSummary } from '../contract/savedOrders';
import type { Connection, FoodicsPending, PushKeyAnswer, Setup } from '../contract/restaurants';
import type { Insights, Sales } from '../contract/guests';
import type { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '../contract/auth';
import type { LoyaltyProgram, LoyaltyProgramBody } from '../contract/loyalty';
import type { AdjustBody, LoyaltyInsights, Member } from '../contract/loyalty';

/** The Foodics webhook address with its secret, and when the secret was last replaced. */
export interface WebhookSecret {
  webhook_url: string | null;
  rotated_at: string | null;
}

export interface SpecterDataProvider extends DataProvider {
  getStatistics(): Promise<Statistics>;
  getLatestOrders(): Promise<LatestOrder[]>;
  /** POST /restaurant/{id}/sync: read the branches and devices from the POS again. */
  syncRestaurant(id: Identifier): Promise<{ sync_error: string | null }>;
  /** DELETE /user/{id}/lock: lift the lock too many wrong codes put on an app user's phone. */
  unlockAppUser(id: Identifier): Promise<void>;
  /** The scan-to-save funnel: the last `days` days in all and per day, per branch, per till. */
  getFunnel(days?: number): Promise<FunnelSummary>;
  getFunnelByBranch(restId: Identifier): Promise<FunnelRow[]>;
  getFunnelByDevice(branchId: Identifier): Promise<FunnelRow[]>;
  /** The address of a CSV export with a one-minute download ticket, for a plain link (the file streams to disk). */
  exportUrl(path: string, filter?: Record<string, unknown>): Promise<string>;
  /** A ticketed download's address and the id its progress is read by (GET /export/progress/{id}). */
  exportDownload(path: string, filter?: Record<string, unknown>): Promise<{ url: string; progress?: string }>;
  /** How far that download has got; null when the server does not know it (not started, or another instance). */
  exportProgress(id: string): Promise<{ rows: number; done: boolean; complete: boolean } | null>;
  /** POST /restaurant/{id}/push-key: a new Specter POS push key, shown once. */
  rotatePushKey(id: Identifier): Promise<PushKeyAnswer>;
  /** POST /restaurant/device/{id}/link-key: a reprint, the till's new link key. */
  rotateTillKey(id: Identifier): Promise<{ link_key?: string }>;
  /** Your own two-step sign-in (docs/SECURITY.md, "Two-step sign-in"). */
  totpStatus(): Promise<TotpStatus>;
  /** Turning it on needs the account's password (docs/SECURITY.md, "Two-step sign-in"). */
  totpEnrol(password: string): Promise<TotpEnrolment>;
  /** On: every other session ends, and this one goes on with the new token the answer carries (stored here). */
  totpConfirm(code: string): Promise<TotpRecoveryCodes>;
  totpDisable(password: string): Promise<void>;
  /** An admin resets another account's two-step sign-in (DELETE /admin/{id}/totp). */
  resetTotp(id: Identifier): Promise<void>;
  /** GET / POST /pos/foodics/webhook-secret: the Foodics webhook address with its secret (admins), a new one. */
  webhookSecret(): Promise<WebhookSecret>;
  rotateWebhookSecret(): Promise<WebhookSecret>;
  /** "Connect Foodics": the authorize page to send the browser to (a restaurant to reconnect, or none: a new one). */
  foodicsConnect(restaurantId?: Identifier): Promise<{ url: string }>;
  /** The POS connection's health (the edit page's panel). */
  connection(id: Identifier): Promise<Connection>;
  /** A Foodics approval waiting for this admin's answer (docs/POS.md, "One business, one restaurant"). */
  foodicsPending(id: string): Promise<FoodicsPending>;
  /** Yes (the restaurant it names is connected: its id) or no (nothing changes) to that approval. */
  answerFoodicsPending(id: string, yes: boolean): Promise<{ restaurant_id?: number }>;
  /** The restaurant's setup checklist (docs/POS.md, "After connecting: the setup checklist"). */
  restaurantSetup(id: Identifier): Promise<Setup>;
  /** The restaurant's QR sheet was printed (the checklist's step). */
  qrSheetPrinted(id: Identifier): Promise<void>;
  /** GET /api/guest/insights: a period's saved receipts and guests beside the period before it. */
  getGuestInsights(q: { restaurantId?: Identifier; from: string; to: string }): Promise<Insights>;
  /** POST /api/admins/{id}/password: an admin sets a new password for an account that forgot it (issue 49). */
  resetPassword(id: Identifier, newPassword: string): Promise<void>;
  /** GET /api/dashboard/sales: the dashboard's period, money per currency (issue 49). */
  getSales(q: { restaurantId?: Identifier; from: string; to: string }): Promise<Sales>;
  /** Loyalty (issue 47): a restaurant's program, read and changed; its figures for a period; a member's balance
   * adjusted by hand. */
  getLoyaltyProgram(restaurantId: Identifier): Promise<LoyaltyProgram>;
  putLoyaltyProgram(restaurantId: Identifier, body: LoyaltyProgramBody): Promise<LoyaltyProgram>;
  getLoyaltyInsights(q: { restaurantId?: Identifier; from: string; to: string }): Promise<LoyaltyInsights>;
  adjustMember(id: Identifier, body: AdjustBody): Promise<Member>;
}
