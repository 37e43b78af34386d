/**
 * The console's list toolkit (issue 33, docs/decisions/201): every console list keeps its state
 * in the address (useListParams), says which rows show of how many (ListBar), pages with a jump
 * (ListPager) and exports what is filtered (ExportButton, or ExportingListBar for both). A list
 * searched by words and a status uses ListSearch. Row selection plugs into ListBar's `selection`
 * slot and reads `filters` from useListParams; a bulk call's answer shows through useBulkOutcome.
 */
export { type BulkAction, BulkActions, useBulkCall, useRowSelection } from './bulk-actions';
export { downloadListExport } from './download-export';
export { ExportButton, ExportingListBar } from './export-button';
export { ListBar, ListPager, pageCount, rangeText } from './list-pager';
export { ListSearch, type StatusFilter, useSearchDraft } from './list-search';
export {
  BulkOutcome,
  NO_SELECTION,
  RowCheckbox,
  type RowSelection,
  SelectionBar,
  selectedCount,
  toggleRow,
  useBulkOutcome,
} from './row-selection';
export { type ListParams, type ListParamsSpec, readPage, useListParams } from './use-list-params';
