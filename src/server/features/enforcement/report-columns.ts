import type { ReportColumns, ReportItem } from '../../../shared/contract';

type TextField = 'fullname' | 'userEmail' | 'alertMessage' | 'fullImageURL';

/** The report's items as columns with one dictionary of their repeated texts (decision 124). */
export function toReportColumns(items: readonly ReportItem[]): {
  reportItems: ReportColumns;
  dictionary: string[];
} {
  const dictionary: string[] = [];
  const positions = new Map<string, number>();
  const encode = (value: string | null): number => {
    if (value === null) return -1;
    let position = positions.get(value);
    if (position === undefined) {
      position = dictionary.push(value) - 1;
      positions.set(value, position);
    }
    return position;
  };
  const columns: ReportColumns = {
    capturedAt: new Array(items.length),
    plate: new Array(items.length),
    fullname: new Array(items.length),
    userEmail: new Array(items.length),
    alertMessage: new Array(items.length),
    fullImageURL: new Array(items.length),
    latitude: new Array(items.length),
    longitude: new Array(items.length),
  };
  const texts: TextField[] = ['fullname', 'userEmail', 'alertMessage', 'fullImageURL'];
  items.forEach((item, index) => {
    columns.capturedAt[index] = Date.parse(item.capturedAt);
    columns.plate[index] = item.plate;
    for (const field of texts) columns[field][index] = encode(item[field]);
    columns.latitude[index] = item.latitude;
    columns.longitude[index] = item.longitude;
  });
  return { reportItems: columns, dictionary };
}
