// The baseline of `npm run bench`: Fastify with one trivial route and nothing else, in a process
// of its own like the portal, so both are measured the same way. Prints its port when listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ ok: true }));

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
