// Builds the Fastify instance from its plugins; nothing here listens, so tests can use inject or listen on port 0.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { TOTAL_EXACT_HEADER, TOTAL_HEADER } from '../src/contract';
import type { Deps } from './deps';
import { AccessLog, loggerOptions } from './lib/logging';
import { clientErrorHandler } from './lib/clientError';
import { requestIdGenerator } from './lib/requestId';
import { proxyTrust } from './lib/clientAddress';
import { createFrontDoor, type FrontDoor } from './lib/frontDoor';
import errors from './plugins/errors';
import securityHeaders from './plugins/securityHeaders';
import language from './plugins/language';
import auth from './plugins/auth';
import web from './plugins/web';
import purge from './plugins/purge';
import loyaltyExpiry from './plugins/loyaltyExpiry';
import services from './plugins/services';
import tillFrontDoor from './plugins/tillFrontDoor';
import observability from './plugins/observability';
import { completeDocument, registerRoutes, ROUTES, SECURITY_SCHEMES, type RouteGroup } from './routes';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The door every request meets before Fastify (server/lib/frontDoor.ts). */
    frontDoor: FrontDoor;
  }
}

/** `routes`: the route table (server/routes/index.ts); a test may add a group of its own. */
export async function buildApp(deps: Deps, routes: readonly RouteGroup[] = ROUTES): Promise<FastifyInstance> {
  const { config } = deps;
  const frontDoor = createFrontDoor();
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    bodyLimit: config.BODY_LIMIT,
    // The client address every limit counts: the socket's, or the one a trusted proxy reported (docs/DEPLOYMENT.md).
    trustProxy: proxyTrust(config.TRUST_PROXY),
    // The hot till's front door answers a crowd's remembered answer before Fastify (server/plugins/tillFrontDoor.ts).
    serverFactory: frontDoor.serverFactory,
    // Never let a slow client or a stuck dependency hold a request forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    // X-Request-Id: the load balancer's when TRUST_PROXY names one, else made (plugins/observability.ts sends it).
    genReqId: requestIdGenerator(!!config.TRUST_PROXY),
    clientErrorHandler,
    // One access line per request (lib/logging.ts), not Fastify's two: half the logging per call.
    logController: new AccessLog(),
    routerOptions: { maxParamLength: 200 },
    // A malformed percent-encoding or an over-long path parameter: the contract's JSON { message }, without
    // echoing the (possibly huge) path back, instead of Fastify's own { error, code, message, statusCode }.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode ?? 400;
      const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long' : 'The address is not valid';
      (reply as FastifyReply).code(status).send({ message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('frontDoor', frontDoor);
  deps.log = app.log;

  await app.register(observability);
  await app.register(language);
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    exposedHeaders: [TOTAL_HEADER, TOTAL_EXACT_HEADER, 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Specter API',
        version: '1.0.0',
        description:
          'The calls of the contract (docs/API.md). Lists answer bare arrays unless `page`/`perPage` is given; ' +
          `then they page, sort and search in the database and report the total in ${TOTAL_HEADER} ` +
          `(a search matching more than 1,000 rows reports 1000 with ${TOTAL_EXACT_HEADER}: false).`,
      },
      servers: [{ url: '/', description: 'This server (the API and the web app share one origin)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: (d) => {
      const doc = 'openapiObject' in d ? d.openapiObject : d.swaggerObject;
      completeDocument(doc as Parameters<typeof completeDocument>[0]);
      return doc;
    },
  });
  // API_DOCS=false: no /api/docs (nor its JSON) for a production that does not publish its API.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The session cookie of My receipts (server/customer/session.ts).
  await app.register(cookie);
  await app.register(auth);
  await app.register(purge);
  await app.register(services);
  await app.register(loyaltyExpiry);
  await app.register(tillFrontDoor);
  // The API: the route table of server/routes/index.ts (every operation described there).
  await registerRoutes(app, routes);
  await app.register(web);

  return app;
}
