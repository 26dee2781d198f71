/** An error whose message is safe to show to the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Sent as Retry-After (with a 503 or a 429): when the request may work. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message, 'Bad Request');
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, message, 'Unauthorized');
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message, 'Forbidden');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'Not Found');
export const conflict = (message: string) => new HttpError(409, message, 'Conflict');

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
