import type { FastifyInstance } from 'fastify';

// TODO: not built yet (see the issues).
export default async function restaurantsRoutes(_app: FastifyInstance) {}
