// What the routes need from the outside world, built once in main.ts (or by a test) and handed to buildApp.
import type { Config } from './config';
import type { Database } from './db/client';
import type { TokenService } from './lib/tokens';
import type { PosAdapter } from './core/posPort';
import type { SmsSender } from './core/smsPort';

export interface Deps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** POS adapters by system_type ('Foodics', 'Specter'). */
  pos: Record<string, PosAdapter>;
  sms: SmsSender;
  /** Optional ioredis client for limits shared by several instances. */
  redis?: import('ioredis').Redis;
  /** Where the log goes (default stdout); tests pass a stream to read it. */
  logStream?: import('node:stream').Writable;
  /** The app's logger (server/lib/logging.ts), set by buildApp. */
  log?: import('fastify').FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
