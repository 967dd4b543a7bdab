// The app's HTTP server (Fastify's `serverFactory`): every request meets a front door before Fastify, which may
// answer it at once and otherwise hands it to Fastify untouched. The one door today is the hot till's
// (server/plugins/tillFrontDoor.ts; docs/PERFORMANCE.md, "The hot till's front door"). The server gets the settings
// Fastify gives the server it makes itself (keep-alive, request and connection timeouts). One server, one address:
// with a server of its own making Fastify binds no second address for `localhost` (README's HOST).
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Answers a request and says true, or says false and leaves it untouched (Fastify then handles it). */
export type Door = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FrontDoor {
  /** Fastify's serverFactory option. */
  serverFactory(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
  ): Server;
  /** The door every request meets from now on. */
  open(door: Door): void;
  /** No door: every request goes to Fastify (the app is closing, so Fastify answers 503 from now on). */
  shut(): void;
}

export function createFrontDoor(): FrontDoor {
  let door: Door | null = null;
  return {
    serverFactory(handler, options) {
      const server = http.createServer((req, res) => {
        if (door === null || !door(req, res)) handler(req, res);
      });
      // As Fastify sets them on its own server (its defaults: 72 s keep-alive, no request or connection limit).
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
    open(d) {
      door = d;
    },
    shut() {
      door = null;
    },
  };
}
