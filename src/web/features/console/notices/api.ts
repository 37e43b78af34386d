import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  archiveViolationCodeContract,
  type CreateNoticeBody,
  createNoticeContract,
  createViolationCodeContract,
  exportNoticesContract,
  getConsoleNoticeContract,
  importNoticesContract,
  listNoticesContract,
  type listNoticesQuerySchema,
  listViolationCodesContract,
  type NoticeFilter,
  type OverrideNoticeAmountBody,
  overrideNoticeAmountContract,
  previewNoticeImportContract,
  restoreViolationCodeContract,
  type UpdateNoticeBody,
  updateNoticeContract,
  updateViolationCodeContract,
  type ViolationCodeBody,
  voidNoticeContract,
} from '../../../../shared/contract';
import { downloadListExport } from '../list-kit/download-export';
import { callAsOperator } from '../operator-call';

export type NoticeListQuery = z.input<typeof listNoticesQuerySchema>;

export const noticesKey = ['console', 'notices'] as const;
export const violationCodesKey = ['console', 'violation-codes'] as const;
export const noticeKey = (uuid: string) => ['console', 'notice', uuid] as const;

export function useNoticeList(query: NoticeListQuery) {
  return useQuery({
    queryKey: [...noticesKey, query],
    queryFn: ({ signal }) => callAsOperator(listNoticesContract, { query }, signal),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useViolationCodes() {
  return useQuery({
    queryKey: violationCodesKey,
    queryFn: ({ signal }) => callAsOperator(listViolationCodesContract, {}, signal),
  });
}

export function useConsoleNotice(uuid: string) {
  return useQuery({
    queryKey: noticeKey(uuid),
    queryFn: ({ signal }) => callAsOperator(getConsoleNoticeContract, { params: { uuid } }, signal),
  });
}

export const createNotice = (body: CreateNoticeBody) => callAsOperator(createNoticeContract, { body });
export const updateNotice = (uuid: string, body: UpdateNoticeBody) =>
  callAsOperator(updateNoticeContract, { params: { uuid }, body });
export const voidNotice = (uuid: string, reason: string) =>
  callAsOperator(voidNoticeContract, { params: { uuid }, body: { reason } });
export const overrideNoticeAmount = (uuid: string, body: OverrideNoticeAmountBody) =>
  callAsOperator(overrideNoticeAmountContract, { params: { uuid }, body });
export const createViolationCode = (body: ViolationCodeBody) =>
  callAsOperator(createViolationCodeContract, { body });
export const updateViolationCode = (uuid: string, body: ViolationCodeBody) =>
  callAsOperator(updateViolationCodeContract, { params: { uuid }, body });
export const setViolationCodeArchived = (uuid: string, isArchived: boolean) =>
  callAsOperator(isArchived ? archiveViolationCodeContract : restoreViolationCodeContract, {
    params: { uuid },
  });
export const previewNoticeImport = (csv: string) =>
  callAsOperator(previewNoticeImportContract, { body: { csv } });
export const importNotices = (csv: string, onlyValidRows = false) =>
  callAsOperator(importNoticesContract, { body: { csv, onlyValidRows } });

export { saveFile } from '../../../lib/download-file';

/** Downloads the filtered export: a plain link cannot send the operator's Authorization header. */
export function downloadNoticeExport(filter: Partial<NoticeFilter>) {
  return downloadListExport(exportNoticesContract, filter, 'notices.csv');
}
