// Security headers on every answer (Content-Security-Policy, frame and referrer policies, HSTS in production or
// whenever PUBLIC_URL is https),
// from helmet. Its middleware is built once here and run on each request: @fastify/helmet built it anew on every
// request (parsing the CSP each time), a tenth of the CPU of a call answered from memory (docs/PERFORMANCE.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export default fp(async function securityHeaders(app: FastifyInstance) {
  const { config } = app.deps;
  const apply = helmet({
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
    hsts: config.NODE_ENV === 'production' || config.PUBLIC_URL?.startsWith('https:') === true,
  });
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
