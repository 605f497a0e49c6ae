import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';

/**
 * The access log: one line a request at info, written when it is answered (docs/decisions.md, "One
 * log line a request"). Fastify's default is two lines ("incoming request", then "request
 * completed" with the reply), each run through the redaction; at the default level they were 7 % of
 * the server's busy time in the messaging bench. Flat fields and no headers: nothing for the redaction to walk,
 * and the token stays out. A failed request keeps Fastify's own error line.
 */
export class AccessLog extends LogController {
  constructor(private readonly logger: Pick<Logger, 'isLevelEnabled'>) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.logger.isLevelEnabled('info')) return;
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'request completed',
    );
  }
}
