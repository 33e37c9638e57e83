import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { AppModule } from './app.module';
import { ErrorsFilter } from '../adapters/http/errors.filter';
import { AuthGuard } from '../adapters/http/auth';
import { refuseControlCharacters } from '../adapters/http/text-guard';
import { drainOnClose } from './shutdown';
import { requestLogHooks } from './request-log';
import { serveMetrics } from './metrics-endpoint';

/** Builds the HTTP application: API under /api, OpenAPI at /api/docs, metrics at /metrics (or on METRICS_PORT), the built client at /. */
export async function createApp(config: AppConfig, options: { bufferLogs?: boolean } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    // The spec's paths include `hands/`; a trailing slash names the same route.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    // A client sending its request a byte at a time is answered 408 and cut off. Node times receiving the request,
    // never the answer, so the event stream and the invoice's long poll run on. It checks every
    // connectionsCheckingInterval (30 s by default: that much longer for a slow client). An idle kept-alive
    // connection outlives a load balancer's usual 60 s, so that the balancer closes it first.
    requestTimeout: config.httpTimeouts.requestMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: { headersTimeout: config.httpTimeouts.headersMs, requestTimeout: config.httpTimeouts.requestMs, connectionsCheckingInterval: 1000 },
    genReqId: (req: import('node:http').IncomingMessage) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      req.headers['x-request-id'] = id;
      // The request log reads the id from the request itself, as pino-http does.
      req.id = id;
      return id;
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: options.bufferLogs ?? true,
    ...(config.logLevel === 'silent' ? { logger: false } : {}),
  });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  // No `enableShutdownHooks()`: Nest's own signal handler would close the stores before the HTTP server, under
  // the requests still in flight. `main.ts` shuts down in order instead (app/shutdown.ts).
  drainOnClose(app);

  // Security headers from helmet, worked out once: the policy is the same for every answer, so each
  // request only sets the headers helmet set on a dry run (the plugin rebuilt the policy every time, and
  // helmet's own middleware runs a dozen steps to set the same values).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        imgSrc: ["'self'", 'data:', 'https:'],
      },
    },
  });

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < securityHeaders.length; i++) raw.setHeader(securityHeaders[i]![0], securityHeaders[i]![1]);
    done();
  });
  fastify.addHook('preValidation', refuseControlCharacters);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    // An answer for one signed-in person (errors too) must not stay in a shared or browser cache.
    if (isPersonal(request)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const requestLog = requestLogHooks(() => PinoLogger.root);
  fastify.addHook('onResponse', requestLog.onResponse);
  const auth = app.get(AuthGuard);
  serveMetrics(app, config, auth);
  fastify.addHook('onRoute', (route) => {
    // A route may take a larger body than the default (`@RouteConfig({ bodyLimit })`): a brand's nine drawings.
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
    // A route that takes its response over (`@RouteConfig({ stream: true })`, the event stream) is logged when it closes.
    if ((route.config as { stream?: unknown } | undefined)?.stream === true) {
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), requestLog.onStreamRequest];
    }
    // The OpenAPI document and its UI are Fastify routes of their own, outside Nest's guards.
    if (route.url.startsWith('/api/docs')) {
      const given = route.preHandler ? [route.preHandler].flat() : [];
      const operatorOnly = async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          await auth.operatorOnly(request);
        } catch (err) {
          // Fastify's hooks are outside Nest's filters: answer the guard's 401 / 403 body here.
          if (err instanceof HttpException) return reply.status(err.getStatus()).send(err.getResponse());
          throw err;
        }
      };
      route.preHandler = [operatorOnly, ...given];
    }
  });

  const hasClient = existsSync(join(config.clientDist, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // Vite puts content hashes in asset file names, so they can be cached for good; nothing else can.
        void reply.header('cache-control', path.includes(`${join('dist', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const spaFallback = (_request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!hasClient) return false;
    void reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    return true;
  };
  app.useGlobalFilters(new ErrorsFilter(spaFallback));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Bahati API')
      .setDescription('Provably fair Bitcoin blackjack. Amounts are integer satoshis.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);
  return app;
}

/**
 * The headers helmet sets with these options, found by running its middleware once on a stand-in
 * response. Helmet's policy depends only on its options (no nonce, nothing from the request).
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let failed: unknown = null;
  helmet(options)({} as never, response as never, (err?: unknown) => (failed = err ?? null));
  if (failed) throw failed;
  return headers;
}

/** A request that carried credentials, or one to the player's or the admins' API. */
function isPersonal(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const path = request.url.split('?')[0]!;
  return path.startsWith('/api/') && (request.headers.cookie !== undefined || /^\/api\/(players|admin)(\/|$)/.test(path));
}
