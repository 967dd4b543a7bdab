// The ceiling of this machine: a bare Fastify route answering a fixed JSON (no database, no auth).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ users: 1, restaurants: 2, orders: 3 }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`bare listening at ${address}`);
