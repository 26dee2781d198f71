import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Which responses get a log line (docs/decisions/0064). At info and above: one line for a 5xx
 * (error) or a response slower than `slowMs` (warn), none for the rest, since two lines a request
 * cost more CPU than a cheap route itself. At debug and trace: Fastify's usual line in and out.
 * Everything else Fastify logs (serializer and stream failures) and the error handler stay as they are.
 */
export class ResponseLog extends LogController {
  private readonly everyRequest: boolean;
  private readonly slowMs: number;

  constructor(options: { level: string; slowMs: number }) {
    super();
    this.everyRequest = options.level === 'debug' || options.level === 'trace';
    this.slowMs = options.slowMs;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.everyRequest) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    if (this.everyRequest) {
      super.requestCompleted(error, request, reply);
    } else if (error || reply.statusCode >= 500) {
      reply.log.error({ req: request, res: reply, err: error ?? undefined, responseTime }, 'server error');
    } else if (responseTime >= this.slowMs) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow response');
    }
  }
}
