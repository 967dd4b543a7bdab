// Where the API lives: the same origin by default (the server serves the web app), or VITE_API_URL at build time.
export const API_URL: string =
  (import.meta.env?.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') ??
  (typeof window !== 'undefined' ? window.location.origin : '');

/** The key the token is stored under in local storage (docs/PRODUCT.md, Entities). */
export const TOKEN_KEY = 'token';
