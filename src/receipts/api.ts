// The calls of My receipts (server/routes/customer.ts). The session travels in an HttpOnly cookie the page
// never sees; fetch sends it because the calls are same-origin.
import type { CustomerSession, ReceiptPage, SavedReceipt } from '../contract/customer';
import type { Consents } from '../contract/guests';
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
export const deleteMyData = (otp: string) =>
  post<{ message: string; receipts: number }>('/customer/data/delete', { otp });
export const fetchConsents = () => request<Consents>('/customer/consents');
export const withdrawConsent = (restaurantId: number) =>
  request<{ message: string }>(`/customer/consents/${restaurantId}`, { method: 'DELETE' });
