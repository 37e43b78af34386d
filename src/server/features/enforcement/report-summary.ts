import { sql } from 'drizzle-orm';
import {
  REPORT_HEAT_CELL_DEGREES,
  type ReportHeatMap,
  type ReportScanBounds,
  type ReportSummaryData,
} from '../../../shared/contract';
import { summarisePatrollerGroups, TRIMMED_CHARACTERS } from '../../../shared/rules/report-summary';
import type { Database } from '../../db/client';
import { patrolScans, type TenantRow } from '../../db/schema';
import { findReport, reportPeriod, reportScansFilter } from './reports';

/** `isAlert` of src/shared/rules in SQL: btrim with the characters JavaScript's trim removes. */
type Nullable<T> = { [K in keyof T]: T[K] | null };

const isAlertScan = sql`btrim(${patrolScans.alertMessage}, ${TRIMMED_CHARACTERS}) <> ''`;

/** A scan's heat map cell along one axis: its coordinate in whole cells (an integer). */
const CELLS_PER_DEGREE = Math.round(1 / REPORT_HEAT_CELL_DEGREES);
const cellOf = (coordinate: typeof patrolScans.latitude | typeof patrolScans.longitude) =>
  sql<number>`round(${coordinate} * ${sql.raw(String(CELLS_PER_DEGREE))})::int`;

/**
 * The report page's first screen (decision 155), in one pass over the report's scans with two
 * groupings: by stored email (a row per patroller spelling, to which the shared rule is applied,
 * with each one's extent) and by heat map cell. Nothing per scan leaves the database.
 */
export async function getReportSummary(options: {
  db: Database;
  tenant: TenantRow;
  reportId: string;
  /** The link is checked against it (expiry). */
  now: Date;
}): Promise<Omit<ReportSummaryData, 'mapStyleURL'>> {
  const { db } = options;
  const report = await findReport(db, options.tenant, options.reportId, options.now);
  const latitudeCell = cellOf(patrolScans.latitude);
  const longitudeCell = cellOf(patrolScans.longitude);
  const rows = await db
    .select({
      /** 1 on the cells' rows, 0 on the emails' (whose email may itself be null). */
      isCell: sql<number>`grouping(${patrolScans.userEmail})`,
      userEmail: patrolScans.userEmail,
      latitudeCell,
      longitudeCell,
      scans: sql<number>`count(*)::int`,
      alerts: sql<number>`(count(*) FILTER (WHERE ${isAlertScan}))::int`,
      south: sql<number | null>`min(${patrolScans.latitude})`,
      west: sql<number | null>`min(${patrolScans.longitude})`,
      north: sql<number | null>`max(${patrolScans.latitude})`,
      east: sql<number | null>`max(${patrolScans.longitude})`,
    })
    .from(patrolScans)
    .where(reportScansFilter(report))
    .groupBy(sql`GROUPING SETS ((${patrolScans.userEmail}), (${latitudeCell}, ${longitudeCell}))`)
    .orderBy(latitudeCell, longitudeCell);
  const patrollers = rows.filter((row) => row.isCell === 0);
  // Scans recorded without a position (issue 29) fall in a cell of their own, with no place.
  const cells = rows.filter((row) => row.isCell === 1 && row.latitudeCell !== null);
  return {
    reportDetails: { ...reportPeriod(report), ...summarisePatrollerGroups(patrollers) },
    bounds: extentOf(patrollers),
    heatMap: {
      latitude: cells.map((cell) => cell.latitudeCell / CELLS_PER_DEGREE),
      longitude: cells.map((cell) => cell.longitudeCell / CELLS_PER_DEGREE),
      count: cells.map((cell) => cell.scans),
      alerts: cells.map((cell) => cell.alerts),
    } satisfies ReportHeatMap,
  };
}

/** The extent of all groups' extents; null without scans that have a position. */
function extentOf(all: readonly Nullable<ReportScanBounds>[]): ReportScanBounds | null {
  const groups = all.filter((group): group is ReportScanBounds => group.south !== null);
  if (groups.length === 0) return null;
  return {
    south: Math.min(...groups.map((group) => group.south)),
    west: Math.min(...groups.map((group) => group.west)),
    north: Math.max(...groups.map((group) => group.north)),
    east: Math.max(...groups.map((group) => group.east)),
  };
}
