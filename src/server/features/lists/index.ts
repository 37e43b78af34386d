/** What other features and the app may use of this feature; its other files are its own. */
export { isAnyOf } from './any-of';
export { countUpTo, totalOfLastPage } from './count-up-to';
export { keysetAfter, keysetSortKey, sendCsvDownload, streamCsvExport } from './csv-export';
export { type CsvParseResult, parseCsv } from './parse-csv';
export { SEARCH_TERM_LENGTH, searchTermOf } from './search-term';
