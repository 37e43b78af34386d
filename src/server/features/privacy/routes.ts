import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  closeMyAccountContract,
  eraseCustomerContract,
  exportCustomerDataContract,
  exportCustomerDataCsvContract,
  exportMyDataContract,
  exportMyDataCsvContract,
  exportTenantDataContract,
  type PersonalDataExport,
} from '../../../shared/contract';
import { privacyMessages } from '../../../shared/messages';
import type { ApiInstance } from '../../api-instance';
import { badRequest, conflict, forbidden } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { recordAudit } from '../audit';
import { authRateLimits, signedInCustomer, verifyPassword } from '../auth';
import { requireConsoleAccess } from '../operators';
import { closeAccount } from './close-account';
import { exportPersonalData } from './export-personal-data';
import { exportTenant } from './export-tenant';
import { findTenantCustomer } from './find-customer';
import { personalDataCsv } from './personal-data-csv';

const HOUR = 60 * 60_000;

/** Marks an answer as a file to save, named after the portal and the day. */
function asDownload(reply: FastifyReply, data: PersonalDataExport, extension: 'json' | 'csv') {
  const day = data.exportedAt.slice(0, 10);
  reply.header('content-disposition', `attachment; filename="my-data-${data.portal}-${day}.${extension}"`);
  if (extension === 'csv') reply.header('content-type', 'text/csv; charset=utf-8');
}

/** A person's data (issue 28, docs/privacy.md): export and closing, by the customer and in the console. */
export async function privacyRoutes(app: ApiInstance) {
  const { db, clock, storage, payments, config } = app.deps;
  const plain = app as unknown as FastifyInstance;

  // Exports read a lot: each signed-in caller (customer or operator) may make a few an hour.
  const exportLimit = limitPerKey(plain, {
    name: 'personal-data-export',
    max: config.PERSONAL_DATA_EXPORT_RATE_LIMIT_PER_HOUR,
    timeWindow: HOUR,
    key: async (request: FastifyRequest) => {
      const customer = await request.requireCustomer().catch(() => null);
      if (customer) return `customer:${customer.id}`;
      const operator = await request.requireOperator().catch(() => null);
      return operator ? `operator:${operator.id}` : `client:${request.ip}`;
    },
  });
  const limited = { preHandler: [exportLimit] };

  const exportOfSignedInCustomer = async (request: FastifyRequest) =>
    exportPersonalData({
      db,
      tenant: await request.requireTenant(),
      customer: await request.requireCustomer(),
      now: clock.now(),
    });

  registerRoute(
    app,
    exportMyDataContract,
    async (request, reply) => {
      const data = await exportOfSignedInCustomer(request);
      asDownload(reply, data, 'json');
      return data;
    },
    limited,
  );

  registerRoute(
    app,
    exportMyDataCsvContract,
    async (request, reply) => {
      const data = await exportOfSignedInCustomer(request);
      asDownload(reply, data, 'csv');
      return reply.send(personalDataCsv(data)) as never;
    },
    limited,
  );

  registerRoute(
    app,
    closeMyAccountContract,
    async (request) => {
      const tenant = await request.requireTenant();
      const customer = await request.requireCustomer();
      // Closing cannot be undone: it takes the password, like changing the address does.
      if (
        !customer.passwordHash ||
        !(await verifyPassword(customer.passwordHash, request.body.currentPassword))
      ) {
        throw forbidden(privacyMessages.wrongPassword);
      }
      return closeAccount({
        db,
        gateway: payments,
        storage,
        clock,
        tenant,
        customer,
        actor: { operatorId: null, label: 'customer' },
        action: 'customer.close',
        log: request.log,
      });
    },
    authRateLimits(plain, 'close-account', signedInCustomer),
  );

  /** The console's export of one customer, audit-logged as the operator's access to their data. */
  const consoleExport = async (
    request: FastifyRequest & { params: { uuid: string } },
    contract: typeof exportCustomerDataContract | typeof exportCustomerDataCsvContract,
  ) => {
    const { tenant, auditActor } = await requireConsoleAccess(request, contract);
    const customer = await findTenantCustomer(db, tenant.id, request.params.uuid);
    const data = await exportPersonalData({ db, tenant, customer, now: clock.now() });
    await recordAudit(db, {
      tenantId: tenant.id,
      actor: auditActor,
      action: 'customer.export',
      entityType: 'customer',
      entityId: customer.id,
    });
    return data;
  };

  registerRoute(
    app,
    exportCustomerDataContract,
    async (request, reply) => {
      const data = await consoleExport(request, exportCustomerDataContract);
      asDownload(reply, data, 'json');
      return data;
    },
    limited,
  );

  registerRoute(
    app,
    exportCustomerDataCsvContract,
    async (request, reply) => {
      const data = await consoleExport(request, exportCustomerDataCsvContract);
      asDownload(reply, data, 'csv');
      return reply.send(personalDataCsv(data)) as never;
    },
    limited,
  );

  registerRoute(app, eraseCustomerContract, async (request) => {
    const { tenant, auditActor } = await requireConsoleAccess(request, eraseCustomerContract);
    const customer = await findTenantCustomer(db, tenant.id, request.params.uuid);
    if (customer.closedAt) throw conflict(privacyMessages.alreadyClosed);
    if (request.body.confirmEmail.toLowerCase() !== customer.email.toLowerCase()) {
      throw badRequest(privacyMessages.confirmEmailMismatch);
    }
    return closeAccount({
      db,
      gateway: payments,
      storage,
      clock,
      tenant,
      customer,
      actor: auditActor,
      action: 'customer.erase',
      log: request.log,
    });
  });

  // The whole tenant, for a tenant admin leaving the platform or auditing it: audited, rate-limited.
  registerRoute(
    app,
    exportTenantDataContract,
    async (request, reply) => {
      const { tenant, auditActor } = await requireConsoleAccess(request, exportTenantDataContract);
      const document = await exportTenant(db, tenant);
      await recordAudit(db, {
        tenantId: tenant.id,
        actor: auditActor,
        action: 'tenant.export',
        entityType: 'tenant',
        entityId: tenant.id,
      });
      const day = clock.now().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="${tenant.subdomain}-export-${day}.json"`);
      return document;
    },
    limited,
  );
}
