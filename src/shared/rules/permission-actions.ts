/** Actions on one pass: allowed only with a resource that names the pass and its owners. */
export const PASS_ACTIONS = [
  'pass.read',
  'pass.edit',
  'pass.pay',
  'pass.cancel',
  'pass.approve',
  'pass.set-times',
] as const;

/**
 * Every action the server guards, named `subject.verb`, each once. Adding a feature adds its actions
 * here and a line for each in WHO_MAY of policy.ts (without it the server does not compile); the
 * table test in policy.test.ts lists who may do what.
 */
export const ACTIONS = [
  // Public pages: anyone on a tenant's host.
  'brand.read',
  'citation.read',
  'citation.pay',
  'appeal.create',
  'product.read',
  /** Guest checkout, application and email verification of a product. */
  'pass.checkout',
  /** Reading an activity report by its uuid (the uuid is the capability). */
  'report.read',
  // A customer's own things.
  'account.manage',
  'vehicle.manage',
  'guest-code.request',
  /** Applying for a pass as a signed-in customer. */
  'pass.apply',
  // One pass: its owner, its holder, its business, the tenant's operators.
  ...PASS_ACTIONS,
  // The tenant's operations.
  'pass.list',
  /** Issuing a pass for someone else (business invite by email, the operator console). */
  'pass.issue-for-others',
  'product.manage',
  'access-code.manage',
  'appeal.list',
  'appeal.answer',
  'notice.create',
  /** The console: its overview, and reading the tenant's notices and reports. */
  'console.read',
  'notice.list',
  /** Editing, voiding, overriding the amount of and importing notices. */
  'notice.edit',
  'violation-code.manage',
  'pass.refund',
  /** Refunding a notice's payment, in full or in part (issue 33). */
  'notice.refund',
  'customer.list',
  /** Turning guest codes on, marking a customer as a business, issuing sign-up codes. */
  'customer.manage',
  /** A person's data (issue 28): exporting it and erasing it on the person's request. */
  'customer.export',
  'customer.erase',
  /** Exporting all of the tenant's data as a fixture document. */
  'tenant.export',
  'report.list',
  'audit.read',
  'plate.check',
  'scan.create',
  'report.create',
  'operator.manage',
  'settings.manage',
  'apikey.manage',
  // The platform.
  'tenant.manage',
] as const;

export type Action = (typeof ACTIONS)[number];
