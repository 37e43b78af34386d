import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  archiveViolationCodeContract,
  type CreateNoticeBody,
  createNoticeContract,
  createViolationCodeContract,
  exportNoticesContract,
  getConsoleNoticeContract,
  listNoticesContract,
  type listNoticesQuerySchema,
  listViolationCodesContract,
  type NoticeFilter,
  type OverrideNoticeAmountBody,
  overrideNoticeAmountContract,
  restoreViolationCodeContract,
  type UpdateNoticeBody,
  updateNoticeContract,
  updateViolationCodeContract,
  type ViolationCodeBody,
  voidNoticeContract,
} from '../../../../shared/contract';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { downloadListExport } from '../list-kit/download-export';
import { callAsOperator } from '../operator-call';

export type NoticeListQuery = z.input<typeof listNoticesQuerySchema>;

/** Every page of the notices list: a change to a notice refreshes them all (decision 225). */
export const noticesKey = contractKey(listNoticesContract);
export const violationCodesKey = contractKey(listViolationCodesContract);
const noticeQuery = (uuid: string) =>
  contractQuery(getConsoleNoticeContract, { params: { uuid } }, callAsOperator);
export const noticeKey = (uuid: string) => noticeQuery(uuid).queryKey;

export function useNoticeList(query: NoticeListQuery) {
  return useQuery({
    ...contractQuery(listNoticesContract, { query }, callAsOperator),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useViolationCodes() {
  return useQuery(contractQuery(listViolationCodesContract, {}, callAsOperator));
}

export function useConsoleNotice(uuid: string) {
  return useQuery(noticeQuery(uuid));
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

export { saveFile } from '../../../lib/download-file';

/** Downloads the filtered export: a plain link cannot send the operator's Authorization header. */
export function downloadNoticeExport(filter: Partial<NoticeFilter>) {
  return downloadListExport(exportNoticesContract, filter, 'notices.csv');
}
