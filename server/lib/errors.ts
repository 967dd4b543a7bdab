// HTTP errors that handlers throw; the error handler turns them into JSON { message }.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Unauthorized') => new HttpError(401, m);
export const notFound = (m = 'Not found') => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
export const tooMany = (m: string, retryAfterSeconds: number) =>
  new HttpError(429, m, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
