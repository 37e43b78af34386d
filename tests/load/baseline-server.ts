// The baseline of `npm run bench`: Fastify with nothing of ours, in a process of its own like the
// portal, so both are measured the same way. Prints its port when listening.
//
// - GET /ping: the floor of the machine (no database).
// - GET /lookup/pg/:tenantId/:plate and /lookup/postgresjs/:tenantId/:plate: the notice lookup's
//   own search (the same SQL, prepared once, on the same bench database) through each raw driver,
//   answering the rows with JSON.stringify. No tenant resolution, no validation, no security
//   headers, no penalty maths: the most a correct lookup can do on this machine (issue 14). Both
//   pools have the portal's default size (DATABASE_POOL_SIZE, 10).
import Fastify from 'fastify';
import pg from 'pg';
import postgres from 'postgres';

/** The portal's search by plate (src/server/features/citations/queries.ts), written out. */
const LOOKUP_SQL = `SELECT c.*, cc.name AS code_name, cc.description AS code_description
  FROM citations c LEFT JOIN citation_codes cc ON cc.id = c.citation_code_id
  WHERE c.tenant_id = $1 AND c.plate = $2
  ORDER BY c.created_on DESC LIMIT 500`;

const POOL_SIZE = 10;

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ ok: true }));

const databaseUrl = process.env.DATABASE_URL;
const closers: (() => Promise<void>)[] = [];
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const sql = postgres(databaseUrl, { max: POOL_SIZE, prepare: true });
  closers.push(
    () => pool.end(),
    () => sql.end(),
  );

  type LookupParams = { Params: { tenantId: string; plate: string } };
  app.get<LookupParams>('/lookup/pg/:tenantId/:plate', async (request, reply) => {
    const { rows } = await pool.query({
      name: 'baseline_lookup',
      text: LOOKUP_SQL,
      values: [request.params.tenantId, request.params.plate],
    });
    reply.type('application/json');
    return JSON.stringify(rows);
  });
  app.get<LookupParams>('/lookup/postgresjs/:tenantId/:plate', async (request, reply) => {
    const rows = await sql.unsafe(LOOKUP_SQL, [request.params.tenantId, request.params.plate], {
      prepare: true,
    });
    reply.type('application/json');
    return JSON.stringify(rows);
  });
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => Promise.all(closers.map((close) => close())))
    .then(() => process.exit(0));
});
