import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { HttpException, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import type { AuthGuard } from '../adapters/http/auth';
import { PrometheusMetrics } from '../adapters/metrics/prometheus';

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Every HTTP answer counted by its route's template (`request.routeOptions.url`: `/api/players/:id/suspect/:level`,
 * never a path with an id in it), and `/metrics` served: on a port of its own when METRICS_PORT is set (for the
 * monitoring network; the app's port then has none), otherwise on the app's port, where production asks for an
 * admin session or the METRICS_TOKEN bearer.
 */
export function serveMetrics(app: NestFastifyApplication, config: AppConfig, auth: AuthGuard): void {
  const metrics = app.get(PrometheusMetrics);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.http(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (config.metrics.port === null) {
    fastify.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
      if (config.production && !bearerMatches(request, config.metrics.token)) {
        try {
          await auth.operatorOnly(request);
        } catch (err) {
          if (err instanceof HttpException) return reply.status(err.getStatus()).send(err.getResponse());
          throw err;
        }
      }
      const { contentType, body } = await metrics.text();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
    return;
  }

  const logger = new Logger('Metrics');
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        logger.error(`Metrics could not be collected: ${err instanceof Error ? err.message : String(err)}`);
        response.writeHead(500).end();
      },
    );
  });
  fastify.addHook('onReady', (done) => {
    server.once('error', (err) => done(err));
    server.listen(config.metrics.port!, config.metrics.host, () => {
      logger.log(`Metrics at http://${config.metrics.host}:${config.metrics.port}/metrics`);
      done();
    });
  });
  fastify.addHook('onClose', (_instance, done) => {
    server.close(() => done());
  });
}
