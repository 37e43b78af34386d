/**
 * Every page's path, in one place (decision 225): the router's definitions take a page's
 * `pattern`, links and navigation call it with the page's parameters. A path is never written as
 * a template string elsewhere, so renaming a page is one edit, and a link cannot name a page the
 * router does not have (page-paths.test.ts checks both ways).
 */

/** The names of a pattern's parameters, in order: '/a/:b/c/:d' → ['b', 'd']. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** A query string's values; undefined, null and '' are left out. */
export type SearchParams = Record<string, string | number | boolean | null | undefined>;

type ParamValues<Names extends string[]> = { [K in keyof Names]: string };

/** A page: called with its parameters (in the pattern's order) and an optional query, it is a path. */
export type PagePath<Pattern extends string> = ((
  ...args: [...ParamValues<ParamNames<Pattern>>, search?: SearchParams]
) => string) & { readonly pattern: Pattern };

/** The query string of `search` (with its '?'), or '' when it has nothing to say. */
export function searchString(search: SearchParams | undefined): string {
  // encodeURIComponent (a space is %20), as the links said before they were built here.
  const pairs = Object.entries(search ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function page<const Pattern extends string>(pattern: Pattern): PagePath<Pattern> {
  const count = pattern.split('/').filter((part) => part.startsWith(':')).length;
  const build = (...args: unknown[]) => {
    let index = 0;
    const path = pattern.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(String(args[index++])));
    return path + searchString(args[count] as SearchParams | undefined);
  };
  return Object.assign(build, { pattern }) as PagePath<Pattern>;
}

export const paths = {
  home: page('/'),
  landing: page('/landing'),
  notFound: page('/404'),
  privacy: page('/privacy'),
  terms: page('/terms'),
  patrol: page('/patrol'),

  /** Notices a visitor looks up (citations in the spec's paths). */
  citations: page('/citations'),
  citation: page('/citations/:citationUUID'),
  ticketview: page('/citations/:citationUUID/ticketview'),
  verifyNotice: page('/verify/:citationUUID/:signature'),
  appealSearch: page('/noticeappeal'),
  appeal: page('/noticeappeal/:citationUUID'),
  report: page('/reports/:reportUUID'),

  admin: {
    login: page('/admin/login'),
    tenants: page('/admin/tenants'),
  },

  /** A customer's account. */
  account: {
    login: page('/permits/login'),
    signup: page('/permits/signup'),
    signupCode: page('/permits/signup-code'),
    sendPasswordReset: page('/permits/send_password_reset'),
    resetPassword: page('/permits/reset_password/:resetPasswordUUID'),
    verifyEmail: page('/permits/verify_email/:token'),
    settings: page('/permits/account'),
    dashboard: page('/permits/dashboard'),
  },

  /** Passes (permits in the spec's paths): bought, applied for and held. */
  passes: {
    choose: page('/permits/choose'),
    emailSent: page('/permits/choose/emailsent'),
    waitlistOffer: page('/waitlist/offer/:token'),
    verifyEmail: page('/permit/:permituuid/verify'),
    guestCheckout: page('/permit/:permituuid/guestcheckout'),
    guestCheckoutFor: page('/permit/:permituuid/guestcheckout/:customeruuid'),
    guestSuccess: page('/permits/issued/success'),
    success: page('/permits/apply/:permitIssuedUUID/success'),
    guestSubmitted: page('/permits/issued/submitted'),
    submitted: page('/permits/apply/:permitIssuedUUID/submitted'),
    invitation: page('/permits/invitation/:token'),
    edit: page('/permit/issued/:permitissueduuid/edit'),
    invalid: page('/permits/issued/invalid'),
    receipt: page('/permit/issued/:permitissueduuid/receipt'),
    proof: page('/permit/proof/:proofUUID'),
    list: page('/permits/view'),
    chooseForAccount: page('/permits/view/choose'),
    chooseVisitor: page('/permits/visitors/view/choose'),
    vehicles: page('/permits/vehicles'),
    visitors: page('/permits/visitors'),
    accessCode: page('/permits/view/code'),
    apply: page('/permits/view/apply/:permituuid'),
    transactions: page('/permits/transactions'),
    pass: page('/permits/view/:permituuid'),
  },

  /** The operators' console. */
  console: {
    login: page('/dashboard/login'),
    forgotPassword: page('/dashboard/forgot-password'),
    setPassword: page('/dashboard/set-password/:token'),
    overview: page('/dashboard'),
    appeals: page('/dashboard/appeals'),
    plates: page('/dashboard/plates'),
    plate: page('/dashboard/plates/:plate'),
    notices: page('/dashboard/notices'),
    newNotice: page('/dashboard/notices/new'),
    importNotices: page('/dashboard/notices/import'),
    violationCodes: page('/dashboard/notices/codes'),
    notice: page('/dashboard/notices/:uuid'),
    repeatOffenders: page('/dashboard/repeat-offenders'),
    passes: page('/dashboard/passes'),
    pass: page('/dashboard/passes/:uuid'),
    products: page('/dashboard/products'),
    newProduct: page('/dashboard/products/new'),
    product: page('/dashboard/products/:uuid'),
    productCodes: page('/dashboard/products/:uuid/codes'),
    waitlists: page('/dashboard/waitlists'),
    customers: page('/dashboard/customers'),
    signupCodes: page('/dashboard/customers/signup-codes'),
    customer: page('/dashboard/customers/:uuid'),
    reports: page('/dashboard/reports'),
    settings: page('/dashboard/settings'),
    operators: page('/dashboard/operators'),
    audit: page('/dashboard/audit'),
  },
} as const;

/** Every page's pattern, for the router test (and anything that needs the list). */
export function allPagePatterns(): string[] {
  const patterns: string[] = [];
  const walk = (node: object) => {
    for (const value of Object.values(node)) {
      if (typeof value === 'function' && 'pattern' in value) patterns.push(value.pattern as string);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(paths);
  return patterns;
}
