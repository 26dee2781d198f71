/**
 * A browser-like client over real HTTP: a cookie jar, manual redirects, and its own client
 * address (X-Forwarded-For, honoured with TRUST_PROXY=loopback, as from a proxy on this machine) so per-client rate limits see many
 * people rather than one loopback address.
 */
export class HttpClient {
  readonly jar = new Map<string, string>();
  /** Every status this client received, in order. */
  readonly statuses: number[] = [];

  constructor(
    readonly baseUrl: string,
    readonly clientIp = randomIp(),
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    init: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.clientIp, ...init.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.statuses.push(response.status);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** The session cookie, once signed in. */
  sessionCookie(): string | undefined {
    const entry = [...this.jar].find(([name]) => name.endsWith('freshlist_session'));
    return entry ? `${entry[0]}=${entry[1]}` : undefined;
  }

  /**
   * Signs in through the development provider as a browser would. Resolves true only when the
   * server acknowledged the sign-in (the callback redirected to /login/complete without an error).
   */
  async signIn(email: string, name = email.split('@')[0] ?? email): Promise<boolean> {
    let response = await this.request('GET', '/api/auth/login?redirect=%2Fdashboard');
    for (let step = 0; step < 10; step++) {
      const location = response.headers.get('location');
      if (!location) return false;
      const next = new URL(location, this.baseUrl);
      if (next.pathname === '/login/complete') return !next.searchParams.has('error') && this.sessionCookie() !== undefined;
      const isForm = next.pathname.startsWith('/oidc/interaction/');
      await response.body?.cancel();
      response = isForm
        ? await this.request('POST', next.pathname + next.search, { form: { email, name } })
        : await this.request('GET', next.pathname + next.search);
    }
    return false;
  }
}

let ipCounter = 0;
/** A distinct documentation-range address per simulated client. */
export function randomIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}
