// HTTP errors that handlers throw; the error handler turns them into JSON { message }.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields answered beside the message (a wrong code's `triesLeft`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Unauthorized') => new HttpError(401, m);
export const notFound = (m = 'Not found') => new HttpError(404, m);
export const forbidden = (m = 'Forbidden') => new HttpError(403, m);
export const conflict = (m: string) => new HttpError(409, m);
export const tooMany = (m: string, retryAfterSeconds: number) =>
  new HttpError(429, m, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** An error and the causes it wraps (drivers wrap the database's error), as records whose code and message can be read. */
export function errorChain(err: unknown, depth = 4): { code?: unknown; message?: unknown }[] {
  const chain: { code?: unknown; message?: unknown; cause?: unknown }[] = [];
  for (let e = err; chain.length < depth && typeof e === 'object' && e !== null; e = chain[chain.length - 1].cause) {
    chain.push(e as { code?: unknown; message?: unknown; cause?: unknown });
  }
  return chain;
}

/** A unique index refused the row (PostgreSQL 23505). */
export const isUniqueViolation = (err: unknown) => errorChain(err).some((e) => e.code === '23505');
