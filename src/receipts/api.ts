// The calls of My receipts (server/routes/customer/). The session travels in an HttpOnly cookie the page
// never sees; fetch sends it because the calls are same-origin.
import type { CustomerSession, ReceiptPage, ReceiptShare, SavedReceipt } from '../contract/customer';
import type { Consents } from '../contract/guests';
import type { CustomerLoyalty } from '../contract/loyalty';
import { request } from '../invoice/api';

const post = <T>(url: string, body?: unknown) =>
  request<T>(url, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

export const whoAmI = () => request<CustomerSession>('/customer/session');
export const sendSignInCode = (phone: string, resend = false) =>
  post<{ message: string; sent: boolean; resendIn: number }>('/customer/code', {
    phone,
    ...(resend ? { resend } : {}),
  });
export const signIn = (phone: string, otp: string) => post<CustomerSession>('/customer/session', { phone, otp });
export const signOut = () => request<{ message: string }>('/customer/session', { method: 'DELETE' });
export const fetchReceipts = (page: number, perPage: number) =>
  request<ReceiptPage>(`/customer/receipts?page=${page}&perPage=${perPage}`);
export const fetchReceipt = (id: number) => request<SavedReceipt>(`/customer/receipts/${id}`);
export const sendDeleteCode = () => post<{ message: string }>('/customer/data/code');
export const shareReceipt = (id: number) => post<ReceiptShare>(`/customer/receipts/${id}/share`);
export const stopSharing = (id: number) => request<unknown>(`/customer/receipts/${id}/share`, { method: 'DELETE' });
export const fetchConsents = () => request<Consents>('/customer/consents');
export const withdrawConsent = (restaurantId: number) =>
  request<{ message: string }>(`/customer/consents/${restaurantId}`, { method: 'DELETE' });
/** Delete my data: with the texted code, or (a sign-in a few minutes ago proved the phone) without one. */
export const deleteMyData = (otp?: string) =>
  post<{ message: string; receipts: number }>('/customer/data/delete', otp === undefined ? {} : { otp });
/** The signed-in customer's rewards: a card per restaurant (issue 47). */
export const fetchLoyalty = () => request<CustomerLoyalty>('/customer/loyalty');
