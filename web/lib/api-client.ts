/** An API answer other than 2xx, carrying the server's person-readable message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** What to tell the person about a failed call: the server's message, or a generic apology. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiRequestError ? err.message : FALLBACK_MESSAGE;
}

/** Any failure as an ApiRequestError, so pages handle one shape. */
export function asApiError(err: unknown): ApiRequestError {
  return err instanceof ApiRequestError ? err : new ApiRequestError(0, FALLBACK_MESSAGE);
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiRequestError(0, 'Could not reach Freshlist. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (!response.ok) {
    throw new ApiRequestError(response.status, typeof data?.message === 'string' ? data.message : FALLBACK_MESSAGE);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  /** A body only where the server asks for one (deleting one's own account confirms with the email). */
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** A path with its query string; null, undefined and '' values are left out. */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const entries = Object.entries(query).flatMap(([key, value]) =>
    value === null || value === undefined || value === '' ? [] : [[key, String(value)]],
  );
  return entries.length > 0 ? `${path}?${new URLSearchParams(entries)}` : path;
}

/** A value as one path segment. */
export const segment = (value: string) => encodeURIComponent(value);
