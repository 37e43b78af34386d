import { PERSONAL_DATA_SECTIONS, type PersonalDataExport } from '../../../shared/contract';
import { csvLine } from '../../../shared/format/csv';

export const PERSONAL_DATA_CSV_COLUMNS = ['section', 'record', 'field', 'value'] as const;

/**
 * The export as one CSV file a spreadsheet opens: a line per stored value, named by its section,
 * the record's number within the section (from 1) and the field. Sections differ in their fields,
 * so one long table keeps them all in a single file without empty columns.
 */
export function personalDataCsv(data: PersonalDataExport): string {
  const lines = [csvLine(PERSONAL_DATA_CSV_COLUMNS)];
  for (const section of PERSONAL_DATA_SECTIONS) {
    for (const [index, record] of data.sections[section].entries()) {
      for (const [field, value] of Object.entries(record)) {
        lines.push(csvLine([section, String(index + 1), field, value === null ? '' : String(value)]));
      }
    }
  }
  return lines.join('');
}
