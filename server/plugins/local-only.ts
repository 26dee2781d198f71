import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../config';
import { forbidden } from '../http-errors';

/** The host name of a Host or X-Forwarded-Host value ('localhost:3000', '[::1]:3000'), lower-cased. */
function hostNameOf(value: string): string {
  const first = value.split(',')[0]?.trim() ?? '';
  const bracketed = /^\[([^\]]*)\]/.exec(first);
  return (bracketed ? bracketed[1]! : first.replace(/:\d*$/, '')).toLowerCase();
}

/** Every host the request names: Host, and the ones a proxy in front forwarded. */
function namedHosts(request: FastifyRequest): string[] {
  const forwarded = request.headers['x-forwarded-host'];
  const values = [request.headers.host ?? '', ...(Array.isArray(forwarded) ? forwarded : forwarded ? [forwarded] : [])];
  for (const part of String(request.headers.forwarded ?? '').split(/[;,]/)) {
    const match = /^\s*host="?([^";]*)"?\s*$/i.exec(part);
    if (match) values.push(match[1]!);
  }
  return values.map(hostNameOf);
}

/**
 * The development sign-in and /dev/mailbox answer only requests that name a loopback host: a
 * local server reached through a reverse proxy on the same machine (or a DNS rebinding page) names
 * the public one, and must not hand out accounts or mail there (issue 42, docs/decisions/0213).
 */
export async function refuseUnlessLoopbackHost(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const hosts = namedHosts(request);
  if (hosts.length === 0 || hosts.some((host) => !host || !isLoopbackHost(host))) {
    throw forbidden('The development sign-in and mailbox answer only at a localhost address (http://localhost:PORT).');
  }
}
