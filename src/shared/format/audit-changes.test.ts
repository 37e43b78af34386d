import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/all-locales';
import { setPageLocale } from '../i18n/current';
import { actionLabel, actorOf, describeAuditChanges, fieldLabel, kindLabel } from './audit-changes';

describe('describeAuditChanges', () => {
  it('lists only the fields that changed, labelled, with money and dates as a person reads them', () => {
    expect(
      describeAuditChanges(
        { plate: 'ABC123', amountOverride: null, voidDate: null, role: 'staff' },
        { plate: 'ABC123', amountOverride: 3000, voidDate: '2026-11-10T15:30:00.000Z', role: 'tenant_admin' },
        'America/New_York',
      ),
    ).toEqual([
      { field: 'amountOverride', label: 'Amount override', before: '—', after: '$30.00' },
      { field: 'voidDate', label: 'Voided', before: '—', after: 'Nov 10, 2026 10:30 AM' },
      { field: 'role', label: 'Role', before: 'Staff', after: 'Administrator' },
    ]);
  });
  it('lists every field of a creation; yes and no, lists by comma, unknown fields as words', () => {
    expect(describeAuditChanges(null, { isArchived: true, tags: ['a', 'b'], lateDays9: 4 }, 'UTC')).toEqual([
      { field: 'isArchived', label: 'Archived', before: '', after: 'Yes' },
      { field: 'tags', label: 'Tags', before: '', after: 'a, b' },
      { field: 'lateDays9', label: 'Late days 9', before: '', after: '4' },
    ]);
  });
  it('finds no change in equal values', () => {
    expect(describeAuditChanges({ a: 1 }, { a: 1 }, 'UTC')).toEqual([]);
  });
});

describe('audit names', () => {
  it('names kinds of change, records, fields and people', () => {
    expect(actionLabel('notice.void')).toBe('Notice voided');
    expect(actionLabel('thing.unknown')).toBe('thing.unknown');
    expect(kindLabel('violation-code')).toBe('Violation code');
    expect(fieldLabel('customerPermitId')).toBe('Customer permit id');
    expect(actorOf({ actorName: 'Alma Admin', actorLabel: 'a@x.example' })).toBe('Alma Admin');
    expect(actorOf({ actorName: null, actorLabel: 'system' })).toBe('System');
    expect(actorOf({ actorName: null, actorLabel: 'gone@x.example' })).toBe('gone@x.example');
  });
});

describe("audit values in the reader's language (issue 30)", () => {
  afterEach(() => setPageLocale('en'));

  it("names a pass's status by its console name, in the reader's language", () => {
    expect(describeAuditChanges({ paidStatus: 'waiting' }, { paidStatus: 'paid' }, 'UTC')).toEqual([
      { field: 'paidStatus', label: 'Status', before: 'Approval needed', after: 'Paid' },
    ]);
    setPageLocale('fr');
    expect(
      describeAuditChanges({ paidStatus: 'waiting' }, { paidStatus: 'rejected' }, 'UTC')[0]?.after,
    ).not.toBe('rejected');
  });

  it("names an operator's language change, and none saved as the default", () => {
    expect(describeAuditChanges({ language: null }, { language: 'fr' }, 'UTC')).toEqual([
      { field: 'language', label: 'Language', before: 'Browser or portal default', after: 'Français' },
    ]);
    expect(actionLabel('operator.language')).toBe('Operator language changed');
    setPageLocale('fr');
    expect(describeAuditChanges({ language: 'es', lateDays9: 1234.5 }, { language: null }, 'UTC')).toEqual([
      { field: 'language', label: 'Langue', before: 'Español', after: 'Celle du navigateur ou du portail' },
      { field: 'lateDays9', label: 'Late days 9', before: '1\u00a0234,5', after: '' },
    ]);
    expect(actionLabel('operator.language')).toBe('Langue de l’opérateur modifiée');
    expect(describeAuditChanges({ role: 'staff' }, { role: 'enforcement' }, 'UTC')[0]?.after).not.toBe(
      'enforcement',
    );
  });
});
