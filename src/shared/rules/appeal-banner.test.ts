import { describe, expect, it } from 'vitest';
import { appealBannerKind, appealBannerText } from './appeal-banner';

const open = { paymentStatus: 'Open' as const, datePaid: null, voidDate: null };
const pending = { isPending: true, responseDate: null, status: null, is_approved: null };
const answered = { isPending: false, responseDate: '2026-11-20T10:00:00Z', status: null, is_approved: true };

const text = (options: Parameters<typeof appealBannerKind>[0]) =>
  appealBannerText(appealBannerKind(options), options.appeal?.status);

describe('appeal banner', () => {
  it('follows the spec order: paid, voided, loading, none, pending, text, approved, denied', () => {
    expect(text({ citation: { ...open, datePaid: '2026-11-01T00:00:00Z' }, appeal: answered })).toBe(
      'Violation successfully paid.',
    );
    expect(text({ citation: { ...open, paymentStatus: 'Paid off platform' }, appeal: undefined })).toBe(
      'Violation successfully paid.',
    );
    expect(text({ citation: { ...open, voidDate: '2026-11-01T00:00:00Z' }, appeal: answered })).toBe(
      'Violation Voided',
    );
    expect(text({ citation: { ...open, paymentStatus: 'Archived' }, appeal: null })).toBe('Violation Voided');
    expect(text({ citation: open, appeal: undefined })).toBe('Loading...');
    expect(text({ citation: open, appeal: null })).toBe('Submit appeal for review');
    expect(text({ citation: open, appeal: pending })).toBe('Appeal is pending review.');
    expect(text({ citation: open, appeal: { ...answered, status: 'Reduced to a warning.' } })).toBe(
      'Reduced to a warning.',
    );
    expect(text({ citation: open, appeal: answered })).toBe('Appeal approved.');
    expect(text({ citation: open, appeal: { ...answered, is_approved: false } })).toBe('Appeal denied');
  });

  it('ignores a blank status text', () => {
    expect(text({ citation: open, appeal: { ...answered, status: '  ', is_approved: false } })).toBe(
      'Appeal denied',
    );
  });
});
