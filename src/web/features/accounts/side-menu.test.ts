import { describe, expect, it } from 'vitest';
import { activeMenuEntry, SIDE_MENU } from './side-menu';

describe('side menu', () => {
  it('lists Dashboard, Passes, Vehicles, My visitors and Account in that order', () => {
    expect(SIDE_MENU().map((item) => item.label)).toEqual([
      'Dashboard',
      'Passes',
      'Vehicles',
      'My visitors',
      'Account',
    ]);
  });

  it('marks the entry of the current page and its sub-pages only', () => {
    expect(activeMenuEntry('/permits/dashboard')?.label).toBe('Dashboard');
    expect(activeMenuEntry('/permits/view/5e0c0b8e-0000-4000-8000-000000000000')?.label).toBe('Passes');
    expect(activeMenuEntry('/permits/account')?.label).toBe('Account');
    expect(activeMenuEntry('/permits/vehicles')?.label).toBe('Vehicles');
    expect(activeMenuEntry('/permits/visitors')?.label).toBe('My visitors');
    expect(activeMenuEntry('/permits/transactions')).toBeNull();
    expect(activeMenuEntry('/permits/viewer')).toBeNull();
  });

  it("marks the entry a page names for itself (a visitor-only pass's detail under My visitors)", () => {
    const detail = '/permits/view/5e0c0b8e-0000-4000-8000-000000000000';
    expect(activeMenuEntry(detail, '/permits/visitors')?.label).toBe('My visitors');
    expect(activeMenuEntry(detail, null)?.label).toBe('Passes');
  });
});
