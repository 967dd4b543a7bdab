// Builds the Fastify instance from its plugins; nothing here listens, so tests can use inject or listen on port 0.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { TOTAL_HEADER } from '../src/contract';
import type { Deps } from './deps';
import errors from './plugins/errors';
import auth from './plugins/auth';
import web from './plugins/web';
import healthRoutes from './routes/health';
import authRoutes from './routes/auth';
import statisticsRoutes from './routes/statistics';
import ordersRoutes from './routes/orders';
import usersRoutes from './routes/users';
import adminsRoutes from './routes/admins';
import restaurantsRoutes from './routes/restaurants';
import invoiceRoutes from './routes/invoice';
import posPushRoutes from './routes/posPush';
import publicConfigRoutes from './routes/publicConfig';

export type App = FastifyInstance;

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.body.password', 'req.body.otp'],
          },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY ?? false,
    // Never let a slow client or a stuck dependency hold a request forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
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

  await app.register(errors);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // emotion (MUI) injects <style> tags at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        // restaurant logos live on the restaurants' own hosts
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", ...config.CORS_ORIGINS],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.NODE_ENV === 'production',
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    exposedHeaders: [TOTAL_HEADER, 'Retry-After'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Specter API',
        version: '1.0.0',
        description:
          'The calls of SPEC.md section 7. Lists answer bare arrays unless `page`/`perPage` is given; ' +
          `then they page, sort and search in the database and report the total in ${TOTAL_HEADER}.`,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(auth);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(statisticsRoutes);
  await app.register(ordersRoutes);
  await app.register(usersRoutes);
  await app.register(adminsRoutes);
  await app.register(restaurantsRoutes);
  await app.register(invoiceRoutes);
  await app.register(posPushRoutes);
  await app.register(publicConfigRoutes);
  await app.register(web);

  return app;
}
