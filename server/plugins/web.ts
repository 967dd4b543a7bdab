// Serves the built web app (dist/) from the same process as the API.
// Client-side paths answer the app's HTML; the public pages (/user/invoice, /Privacy) answer the light
// public entry, which carries nothing of the back-office; /user/invoice comes with its receipt drawn on the server
// (invoicePage.ts). Unknown API paths answer JSON 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { findLiveRestaurant } from '../db/repositories/restaurants';
import { EVERY_RESTAURANT } from '../db/scope';
import { logoCopyBytes, shownLogo } from '../db/repositories/logoCopies';
import { memo } from '../lib/memo';
import { deferHydration, inlineIcon, inlineStylesheets, invoicePageServer, loadInvoiceRenderer } from './invoicePage';

const INVOICE_PAGE = /^\/user\/invoice\/?$/;
const PUBLIC_PAGES = [INVOICE_PAGE, /^\/user\/receipts(\/\d+)?\/?$/, /^\/Privacy\/?$/];

export default fp(async function web(app: FastifyInstance) {
  const root = path.resolve(app.deps.config.WEB_DIST);
  const adminHtml = path.join(root, 'index.html');
  const publicHtml = path.join(root, 'public.html');
  const built = existsSync(adminHtml);

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // vite.config.ts writes .br and .gz beside each asset at build time.
      preCompressed: true,
      // Hashed assets never change; HTML is always revalidated.
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  // Read once: the HTML is tiny and served on every client-side navigation.
  const html = (file: string) => (existsSync(file) ? readFileSync(file) : null);
  const pages = { admin: built ? html(adminHtml) : null, public: built ? html(publicHtml) : null };
  // /user/invoice with its receipt drawn on the server, when the build has the page's server bundle.
  const renderer = pages.public ? await loadInvoiceRenderer(root) : null;
  // A logo changes when an admin edits the restaurant: a minute's memory is at worst one preload of the old one.
  const logos = memo<string | null>(60_000);
  const invoicePage =
    renderer && pages.public
      ? invoicePageServer(
          app,
          inlineIcon(deferHydration(inlineStylesheets(pages.public.toString('utf8'), root), root), root),
          renderer,
          (restId) =>
            logos.get(restId, async () => {
              const r = await findLiveRestaurant(app.deps.database, Number(restId), EVERY_RESTAURANT);
              // Its copy on this site when there is one (pos/logoCopy.ts): then no preload, as for any logo of
              // this site (logoPreload).
              return r ? shownLogo(r) : null;
            }),
        )
      : null;

  // A restaurant's logo copied to this site (pos/logoCopy.ts, named by the receipts in place of the logo's own
  // address): the address holds the bytes' hash, so it is cached for good, as the app's assets are. Anything else
  // under it is the usual 404.
  app.get<{ Params: { restaurantId: string; file: string } }>(
    '/restaurant-logos/:restaurantId/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const file = /^([0-9a-f]{16})\.(png|jpg|gif|webp)$/.exec(req.params.file);
      const id = /^\d{1,9}$/.test(req.params.restaurantId) ? Number(req.params.restaurantId) : 0;
      const copy = file && id ? await logoCopyBytes(app.deps.database.db, id, file[1]) : undefined;
      if (!copy) return reply.callNotFound();
      return reply
        .type(copy.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(copy.bytes);
    },
  );

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml =
      (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    const urlPath = req.url.split('?')[0];
    if (wantsHtml && !urlPath.startsWith('/api/') && !urlPath.startsWith('/assets/')) {
      if (invoicePage && req.method === 'GET' && INVOICE_PAGE.test(urlPath)) return invoicePage(req, reply);
      const isPublic = PUBLIC_PAGES.some((re) => re.test(urlPath));
      const page = isPublic ? (pages.public ?? pages.admin) : pages.admin;
      if (page) return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built: run `npm run build` (npm start does it for you).');
    }
    return reply.code(404).send({ message: `Route ${req.method} ${urlPath} not found` });
  });
});
