import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { tenants } from './tenants';
import { uploads } from './uploads';

/** The canonical plate (canonicalPlate(), decision 174), computed by the database. */
const normalisedPlate = sql`canonical_plate(plate)`;

/** One plate scan recorded by a patrol device (the Report item fields of the spec). */
export const patrolScans = pgTable(
  'patrol_scans',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Chosen by the device for each scan: a retried batch records nothing twice. */
    clientId: text('client_id').notNull(),
    /** The sha-256 of the scan's fields as sent: a retry with other content is a 409 (client-retry.ts). */
    clientFingerprint: text('client_fingerprint'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    plate: text('plate').notNull(),
    plateNormalized: text('plate_normalized').generatedAlwaysAs(normalisedPlate),
    fullname: text('fullname'),
    userEmail: text('user_email'),
    alertMessage: text('alert_message'),
    fullImageUrl: text('full_image_url'),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Null when the officer's phone gave no position (migration 1220): both or neither. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('patrol_scans_tenant_client_id_key').on(table.tenantId, table.clientId),
    index('patrol_scans_tenant_captured_idx').on(table.tenantId, table.capturedAt.desc()),
    index('patrol_scans_tenant_plate_idx').on(table.tenantId, table.plateNormalized, table.capturedAt.desc()),
    check('patrol_scans_position_whole', sql`(${table.latitude} IS NULL) = (${table.longitude} IS NULL)`),
  ],
);

/** An activity report over a date range and an optional plate; its uuid opens it without sign-in. */
export const patrolReports = pgTable(
  'patrol_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    plate: text('plate'),
    createdByOperatorId: uuid('created_by_operator_id').references(() => operators.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The public link answers 404 from then on; the console still shows the report. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when an operator withdraws the link before it expires. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('patrol_reports_tenant_created_idx').on(table.tenantId, table.createdAt.desc())],
);

export type PatrolScanRow = typeof patrolScans.$inferSelect;
export type PatrolReportRow = typeof patrolReports.$inferSelect;
