import {
  cancelConsolePassContract,
  createApiKeyContract,
  createConsoleProductContract,
  decidePassesContract,
  exportAccessCodesContract,
  exportConsolePassesContract,
  generateAccessCodesContract,
  getConsolePassContract,
  getConsoleProductContract,
  listAccessCodesContract,
  listApiKeysContract,
  listConsolePassesContract,
  listConsoleProductsContract,
  listConsoleReportsContract,
  refundConsolePassContract,
  revokeAccessCodeContract,
  revokeApiKeyContract,
  revokeReportContract,
  updateConsoleProductContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { registerRoute } from '../../http/register-route';
import { sendCsvDownload } from '../lists';
import { cancelPass } from '../passes';
import { operatorActor } from '../permissions';
import { offerFreedPlaces } from '../waitlists';
import { exportAccessCodes, searchAccessCodes } from './access-code-search';
import { generateAccessCodes, revokeAccessCode } from './access-codes';
import { createConsoleApiKey, listConsoleApiKeys, revokeConsoleApiKey } from './api-key-admin';
import { decidePasses } from './decide-passes';
import { exportConsolePasses } from './export-passes';
import { requireOperatorFor } from './operator-context';
import { searchConsolePasses } from './pass-search';
import { loadConsolePass } from './pass-view';
import {
  createConsoleProduct,
  getConsoleProduct,
  listConsoleProducts,
  updateConsoleProduct,
} from './products';
import { refundPass } from './refund-pass';
import { listConsoleReports, revokeConsoleReport } from './reports-list';

/**
 * The console's pass screens (issue 11, docs/console-passes.md): products and access codes,
 * passes (search, view, refund), reports and enforcement API keys. Each handler checks the
 * permission its contract names.
 */
export async function consolePassRoutes(app: ApiInstance) {
  const { db, clock, config, storage, payments } = app.deps;

  registerRoute(app, decidePassesContract, async (request) => {
    const context = await requireOperatorFor(request, decidePassesContract.permission);
    return decidePasses({
      db,
      context,
      tenantUrl: tenantBaseUrl(config, context.tenant.subdomain),
      body: request.body,
      now: clock.now(),
    });
  });

  registerRoute(app, listConsoleProductsContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, listConsoleProductsContract.permission);
    return { items: await listConsoleProducts(db, tenant.id, clock.now()) };
  });

  registerRoute(app, getConsoleProductContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, getConsoleProductContract.permission);
    return getConsoleProduct(db, tenant.id, request.params.uuid, clock.now());
  });

  registerRoute(app, createConsoleProductContract, async (request) => {
    const context = await requireOperatorFor(request, createConsoleProductContract.permission);
    return createConsoleProduct({ db, storage, context, values: request.body, now: clock.now() });
  });

  registerRoute(app, updateConsoleProductContract, async (request) => {
    const context = await requireOperatorFor(request, updateConsoleProductContract.permission);
    const product = await updateConsoleProduct({
      db,
      storage,
      context,
      values: request.body,
      productId: request.params.uuid,
      now: clock.now(),
    });
    // A capacity raise (or a waitlist turned on) may free places for the people waiting.
    const offered = await offerFreedPlaces({
      db,
      links: { config },
      tenantId: context.tenant.id,
      productId: product.uuid,
      now: clock.now(),
    });
    return offered > 0 ? getConsoleProduct(db, context.tenant.id, product.uuid, clock.now()) : product;
  });

  registerRoute(app, listAccessCodesContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, listAccessCodesContract.permission);
    const { q, status, page } = request.query;
    return searchAccessCodes({
      db,
      tenantId: tenant.id,
      productId: request.params.uuid,
      search: { q, status },
      page,
    });
  });

  registerRoute(app, exportAccessCodesContract, async (request, reply) => {
    const { tenant } = await requireOperatorFor(request, exportAccessCodesContract.permission);
    const stream = await exportAccessCodes({
      db,
      tenantId: tenant.id,
      productId: request.params.uuid,
      search: request.query,
    });
    return sendCsvDownload(reply, {
      list: 'access-codes',
      subdomain: tenant.subdomain,
      now: clock.now(),
      stream,
    });
  });

  registerRoute(app, generateAccessCodesContract, async (request) => {
    const context = await requireOperatorFor(request, generateAccessCodesContract.permission);
    const codes = await generateAccessCodes({
      db,
      context,
      productId: request.params.uuid,
      count: request.body.count,
      prefix: request.body.prefix,
      now: clock.now(),
    });
    return { codes };
  });

  registerRoute(app, revokeAccessCodeContract, async (request) => {
    const context = await requireOperatorFor(request, revokeAccessCodeContract.permission);
    return revokeAccessCode({
      db,
      context,
      productId: request.params.uuid,
      code: request.params.code,
      now: clock.now(),
    });
  });

  registerRoute(app, exportConsolePassesContract, async (request, reply) => {
    const { tenant } = await requireOperatorFor(request, exportConsolePassesContract.permission);
    const now = clock.now();
    const stream = exportConsolePasses({ db, tenantId: tenant.id, query: request.query, now });
    return sendCsvDownload(reply, { list: 'passes', subdomain: tenant.subdomain, now, stream });
  });

  registerRoute(app, listConsolePassesContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, listConsolePassesContract.permission);
    return searchConsolePasses({
      db,
      tenantId: tenant.id,
      term: request.query.q,
      status: request.query.status,
      sort: request.query.sort,
      order: request.query.order,
      page: request.query.page,
      now: clock.now(),
    });
  });

  registerRoute(app, getConsolePassContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, getConsolePassContract.permission);
    return loadConsolePass(db, tenant.id, request.params.uuid, clock.now());
  });

  registerRoute(app, refundConsolePassContract, async (request) => {
    const context = await requireOperatorFor(request, refundConsolePassContract.permission);
    return refundPass({
      db,
      gateway: payments,
      context,
      passId: request.params.uuid,
      body: request.body,
      now: clock.now(),
      log: request.log,
      config,
    });
  });

  registerRoute(app, cancelConsolePassContract, async (request) => {
    const { tenant, operator } = await requireOperatorFor(request, cancelConsolePassContract.permission);
    await cancelPass({
      db,
      gateway: payments,
      tenantId: tenant.id,
      tenantUrl: tenantBaseUrl(config, tenant.subdomain),
      caller: { actor: operatorActor(operator), operator },
      passId: request.params.uuid,
      now: clock.now(),
      log: request.log,
    });
    return loadConsolePass(db, tenant.id, request.params.uuid, clock.now());
  });

  registerRoute(app, listConsoleReportsContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, listConsoleReportsContract.permission);
    return listConsoleReports(db, tenant.id, request.query.page);
  });

  registerRoute(app, revokeReportContract, async (request) => {
    const context = await requireOperatorFor(request, revokeReportContract.permission);
    return revokeConsoleReport({ db, context, reportId: request.params.uuid, now: clock.now() });
  });

  registerRoute(app, listApiKeysContract, async (request) => {
    const { tenant } = await requireOperatorFor(request, listApiKeysContract.permission);
    return { items: await listConsoleApiKeys(db, tenant.id) };
  });

  registerRoute(app, createApiKeyContract, async (request) => {
    const context = await requireOperatorFor(request, createApiKeyContract.permission);
    return createConsoleApiKey({ db, context, name: request.body.name });
  });

  registerRoute(app, revokeApiKeyContract, async (request) => {
    const context = await requireOperatorFor(request, revokeApiKeyContract.permission);
    return revokeConsoleApiKey({ db, context, keyId: request.params.uuid, now: clock.now() });
  });
}
