import {
  archiveViolationCodeContract,
  createNoticeContract,
  createViolationCodeContract,
  exportNoticesContract,
  getConsoleNoticeContract,
  importNoticesContract,
  listNoticesContract,
  listViolationCodesContract,
  overrideNoticeAmountContract,
  previewNoticeImportContract,
  refundNoticeContract,
  restoreViolationCodeContract,
  updateNoticeContract,
  updateViolationCodeContract,
  voidNoticeContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { sendCsvDownload } from '../lists';
import { authoriseConsoleCall } from './authorise';
import { getConsoleNotice } from './console-notice';
import { exportNotices } from './export-notices';
import { importNotices, previewNoticeImport } from './import-notices';
import { listNotices } from './list-notices';
import { createNotice, overrideNoticeAmount, updateNotice, voidNotice } from './notice-changes';
import { refundNotice } from './refund-notice';
import {
  createViolationCode,
  listViolationCodes,
  setViolationCodeArchived,
  updateViolationCode,
} from './violation-codes';

/** The console's notices and violation codes (issue 11, docs/console-notices.md). */
export async function consoleNoticeRoutes(app: ApiInstance) {
  const { db, clock, storage } = app.deps;

  registerRoute(app, listNoticesContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, listNoticesContract);
    return listNotices({ db, tenant, query: request.query });
  });

  registerRoute(app, exportNoticesContract, async (request, reply) => {
    const { tenant } = await authoriseConsoleCall(request, exportNoticesContract);
    const stream = exportNotices({ db, tenant, filter: request.query });
    return sendCsvDownload(reply, { list: 'notices', subdomain: tenant.subdomain, now: clock.now(), stream });
  });

  registerRoute(app, getConsoleNoticeContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, getConsoleNoticeContract);
    return getConsoleNotice({ db, tenant, noticeId: request.params.uuid, now: clock.now() });
  });

  registerRoute(app, createNoticeContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, createNoticeContract);
    return createNotice({ db, storage, tenant, operator, body: request.body, now: clock.now() });
  });

  registerRoute(app, updateNoticeContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, updateNoticeContract);
    const noticeId = request.params.uuid;
    return updateNotice({ db, tenant, operator, noticeId, body: request.body, now: clock.now() });
  });

  registerRoute(app, voidNoticeContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, voidNoticeContract);
    const noticeId = request.params.uuid;
    return voidNotice({ db, tenant, operator, noticeId, body: request.body, now: clock.now() });
  });

  registerRoute(app, refundNoticeContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, refundNoticeContract);
    return refundNotice({
      db,
      gateway: app.deps.payments,
      tenant,
      operator,
      noticeId: request.params.uuid,
      body: request.body,
      now: clock.now(),
      log: request.log,
      config: app.deps.config,
    });
  });

  registerRoute(app, overrideNoticeAmountContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, overrideNoticeAmountContract);
    const noticeId = request.params.uuid;
    return overrideNoticeAmount({ db, tenant, operator, noticeId, body: request.body, now: clock.now() });
  });

  registerRoute(app, previewNoticeImportContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, previewNoticeImportContract);
    return previewNoticeImport({ db, tenant, csv: request.body.csv, now: clock.now() });
  });

  registerRoute(app, importNoticesContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, importNoticesContract);
    const { csv, onlyValidRows } = request.body;
    return importNotices({ db, tenant, operator, csv, onlyValidRows, now: clock.now() });
  });

  registerRoute(app, listViolationCodesContract, async (request) => {
    const { tenant } = await authoriseConsoleCall(request, listViolationCodesContract);
    return listViolationCodes(db, tenant);
  });

  registerRoute(app, createViolationCodeContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, createViolationCodeContract);
    return createViolationCode({ db, tenant, operator, body: request.body });
  });

  registerRoute(app, updateViolationCodeContract, async (request) => {
    const { tenant, operator } = await authoriseConsoleCall(request, updateViolationCodeContract);
    return updateViolationCode({ db, tenant, operator, codeId: request.params.uuid, body: request.body });
  });

  for (const [contract, isArchived] of [
    [archiveViolationCodeContract, true],
    [restoreViolationCodeContract, false],
  ] as const) {
    registerRoute(app, contract, async (request) => {
      const { tenant, operator } = await authoriseConsoleCall(request, contract);
      const codeId = request.params.uuid;
      return setViolationCodeArchived({ db, tenant, operator, codeId, isArchived, now: clock.now() });
    });
  }
}
