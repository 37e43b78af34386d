import {
  createFieldCitationContract,
  createPatrolUploadContract,
  createReportContract,
  getReportDataContract,
  getReportScansContract,
  getReportSummaryContract,
  plateCheckContract,
  plateSnapshotContract,
  type ReportData,
  recordScansContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { type Config, tenantBaseUrl } from '../../config';
import { registerRoute } from '../../http/register-route';
import { anonymousActor, operatorActor, requirePermission } from '../permissions';
import { issueUpload } from '../uploads';
import { createEnforcementAuthenticator } from './authenticate';
import { createFieldCitation } from './field-citations';
import { checkPlate } from './plate-check';
import { getPlateSnapshot } from './plate-snapshot';
import { recordScans } from './record-scans';
import { getReportScansPage } from './report-scans';
import { getReportSummary } from './report-summary';
import { ReportSummaryCache } from './report-summary-cache';
import { createReport, findReport, getReportData } from './reports';

/** The map style's origin, which the report page's map fetches from (the CSP's connect-src). */
export function mapStyleOrigins(config: Pick<Config, 'MAP_STYLE_URL'>): string[] {
  return config.MAP_STYLE_URL ? [new URL(config.MAP_STYLE_URL).origin] : [];
}

/** The enforcement API (API keys) and activity reports (operators create, anyone with the uuid reads). */
export async function enforcementRoutes(app: ApiInstance) {
  const { db, clock, storage, config } = app.deps;
  const reportSummaries = new ReportSummaryCache(db);
  const authenticate = createEnforcementAuthenticator(
    db,
    () => clock.now(),
    app.deps.config.TENANT_CACHE_SECONDS * 1000,
  );

  registerRoute(app, plateCheckContract, async (request) => {
    const { tenant } = await authenticate(request, 'plate.check');
    return checkPlate({ db, tenant, plate: request.params.plate, now: clock.now() });
  });

  registerRoute(app, plateSnapshotContract, async (request) => {
    const { tenant } = await authenticate(request, 'plate.check');
    return getPlateSnapshot({
      db,
      tenant,
      now: clock.now(),
      maxAgeMinutes: config.PATROL_SNAPSHOT_MAX_AGE_MINUTES,
    });
  });

  registerRoute(app, recordScansContract, async (request) => {
    const { tenant } = await authenticate(request, 'scan.create');
    return recordScans({ db, storage, tenant, items: request.body.scans, now: clock.now() });
  });

  registerRoute(app, createFieldCitationContract, async (request) => {
    const { tenant } = await authenticate(request, 'notice.create');
    return createFieldCitation({ db, storage, tenant, body: request.body, now: clock.now() });
  });

  registerRoute(app, createPatrolUploadContract, async (request) => {
    const { tenant } = await authenticate(request, 'scan.create');
    return issueUpload({
      db,
      storage,
      tenant,
      request: { ...request.body, purpose: 'patrol-photo' },
      now: clock.now(),
      ttlSeconds: config.UPLOAD_URL_TTL_SECONDS,
      maxUnattachedBytes: config.UPLOAD_UNATTACHED_BYTES_PER_TENANT,
    });
  });

  registerRoute(app, createReportContract, async (request) => {
    const operator = await request.requireOperator();
    requirePermission(operatorActor(operator), 'report.create');
    const tenant = await request.requireTenant();
    return createReport({
      db,
      tenant,
      operatorId: operator.id,
      body: request.body,
      reportBaseUrl: tenantBaseUrl(config, tenant.subdomain),
      now: clock.now(),
      linkDays: config.REPORT_LINK_DAYS,
    });
  });

  registerRoute(app, getReportDataContract, async (request, reply) => {
    const tenant = await request.requireTenant();
    requirePermission(anonymousActor(tenant.id), 'report.read');
    // Reports tolerate a little lag: a replica when configured (decision 221).
    const data = await getReportData({
      db: request.lagTolerantDb(),
      tenant,
      reportId: request.params.id,
      now: clock.now(),
    });
    // Up to 100,000 items, whose rows are selected as exactly the contract's fields: written as
    // JSON directly. The response schema's validation and serialiser would add about a second.
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ ...data, mapStyleURL: config.MAP_STYLE_URL ?? null }) as unknown as ReportData;
  });

  registerRoute(app, getReportSummaryContract, async (request) => {
    const tenant = await request.requireTenant();
    requirePermission(anonymousActor(tenant.id), 'report.read');
    const reportId = request.params.id;
    // A kept summary outlives a revocation or an expiry: the link is checked on every request.
    await findReport(db, tenant, reportId, clock.now());
    const summary = await reportSummaries.get(tenant, reportId, () =>
      getReportSummary({ db, tenant, reportId, now: clock.now() }),
    );
    return { ...summary, mapStyleURL: config.MAP_STYLE_URL ?? null };
  });

  registerRoute(app, getReportScansContract, async (request) => {
    const tenant = await request.requireTenant();
    requirePermission(anonymousActor(tenant.id), 'report.read');
    const reportId = request.params.id;
    return getReportScansPage({
      db: request.lagTolerantDb(),
      tenant,
      reportId,
      page: request.query.page,
      after: request.query.after,
      now: clock.now(),
      // The total is the kept summary's (decision 165, computed on the primary as its own route
      // does): the report page reads both at once, and no page counts the report's scans again.
      countScans: async () => {
        const summary = await reportSummaries.get(tenant, reportId, () =>
          getReportSummary({ db, tenant, reportId, now: clock.now() }),
        );
        return summary.reportDetails.totalScans;
      },
    });
  });
}
