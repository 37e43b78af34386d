import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addVehicleContract,
  checkAccessCodeContract,
  checkGuestEmailVerificationContract,
  checkPermitRulesContract,
  getCustomerPermitContract,
  getPermitProductContract,
  getPermitProductFieldsContract,
  getPermitProductImagesContract,
  getQuotaStandingContract,
  guestCheckoutUrlContract,
  guestEmailConfirmContract,
  guestFreeCheckoutContract,
  guestPaidCheckAllowedContract,
  guestPaidIncompleteContract,
  issuePermitContract,
  listBusinessPermitProductsContract,
  listPermitProductsBySubdomainContract,
  listPermitProductsContract,
  listVehiclesContract,
  lookupPermitCodeContract,
  permitCheckoutUrlContract,
} from '../../../shared/contract';
import { passMessages } from '../../../shared/messages/passes';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import type { CustomerRow, TenantRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { type ContractRequest, registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import {
  assertCatalogueVisible,
  checkAccessCode,
  checkRulesNow,
  getProduct,
  listBusinessCatalogue,
  listCatalogue,
  lookupAccessCode,
} from './catalogue';
import { passEditRoutes } from './edit-routes';
import { findUsableVerification, sendPassVerificationEmail } from './email-verification';
import { checkPassAllowed, fromCheckoutPayload, fromIssuePayload, issuePass } from './issue-pass';
import { loadIssuedPermit } from './issued-permit';
import { passLivingRoutes } from './living-routes';
import { startPassCheckout } from './pass-payment';
import { listProductImages } from './queries';
import { getQuotaStanding } from './quota-standing';
import { listSavedVehicles, saveVehicle } from './vehicles';

/** The customer of a bearer token when one is sent (a bad one is a 401), else null. */
async function optionalCustomer(request: FastifyRequest): Promise<CustomerRow | null> {
  return request.bearerToken() ? request.requireCustomer() : null;
}

export async function passRoutes(app: ApiInstance) {
  const { db, clock, config, payments, storage } = app.deps;
  const plain = app as unknown as FastifyInstance;
  const perClient = (name: string, max: number) => ({
    preHandler: [limitPerKey(plain, { name, max, timeWindow: 60_000, key: (request) => request.ip })],
  });

  registerRoute(app, listPermitProductsContract, async (request) => {
    const tenant = await request.requireTenant();
    assertCatalogueVisible(tenant, await optionalCustomer(request));
    return listCatalogue({
      db,
      tenant,
      filter: request.query.visitor_only ? 'visitor' : 'public',
      now: clock.now(),
    });
  });

  registerRoute(app, listPermitProductsBySubdomainContract, async (request) => {
    const tenant = await request.requireTenant(request.params.subdomain);
    assertCatalogueVisible(tenant, await optionalCustomer(request));
    return listCatalogue({ db, tenant, filter: 'public', now: clock.now() });
  });

  registerRoute(app, listBusinessPermitProductsContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return listBusinessCatalogue({ db, tenant, customer, now: clock.now() });
  });

  registerRoute(app, getPermitProductContract, async (request) => {
    const tenant = await request.requireTenant();
    return getProduct({ db, tenant, productId: request.params.id, now: clock.now() });
  });

  registerRoute(app, getPermitProductImagesContract, async (request) => {
    const tenant = await request.requireTenant();
    await getProduct({ db, tenant, productId: request.params.id, now: clock.now() });
    return listProductImages(db, tenant.id, request.params.id);
  });

  registerRoute(app, getPermitProductFieldsContract, async (request) => {
    const tenant = await request.requireTenant();
    return (await getProduct({ db, tenant, productId: request.params.id, now: clock.now() })).formFields;
  });

  registerRoute(app, checkPermitRulesContract, async (request) => {
    const tenant = await request.requireTenant();
    const customer = await optionalCustomer(request);
    return checkRulesNow({
      db,
      tenant,
      productId: request.params.id,
      customer,
      plate: request.query.plate ?? null,
      now: clock.now(),
    });
  });

  registerRoute(app, getQuotaStandingContract, async (request) => {
    const tenant = await request.requireTenant();
    const customer = await optionalCustomer(request);
    return getQuotaStanding({ db, tenant, productId: request.params.id, customer, now: clock.now() });
  });

  registerRoute(app, lookupPermitCodeContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return lookupAccessCode({
      db,
      tenant,
      customer,
      customerId: request.params.id,
      code: request.params.code,
    });
  });

  registerRoute(app, checkAccessCodeContract, async (request) => {
    const tenant = await request.requireTenant();
    return checkAccessCode({
      db,
      tenant,
      productId: request.params.id,
      code: request.params.code,
      now: clock.now(),
    });
  });

  registerRoute(
    app,
    guestEmailConfirmContract,
    async (request) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      return sendPassVerificationEmail({
        db,
        tenant,
        tenantUrl: tenantBaseUrl(config, tenant.subdomain),
        productId: request.body.permitUUID,
        email: request.body.email,
        now: clock.now(),
      });
    },
    // Enough for typos, too few to spam someone.
    perClient('pass-verification-email', config.VERIFICATION_EMAIL_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(app, checkGuestEmailVerificationContract, async (request) => {
    const tenant = await request.requireTenant();
    const verified = await findUsableVerification(db, {
      tenantId: tenant.id,
      productId: request.body.permitUUID,
      customerId: request.body.customerUUID,
      token: request.body.token,
      now: clock.now(),
    });
    return { email: verified.email, customerUUID: verified.customerId ?? request.body.customerUUID };
  });

  /**
   * An issue that fails for a reason of ours answers the spec's 500 text (section 8), not the
   * generic one; its cause stays in the log. AppErrors (the 4xx answers) pass through.
   */
  const issuing = async <Answer>(request: FastifyRequest, work: Promise<Answer>): Promise<Answer> => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, 'a pass could not be issued');
      throw new AppError(500, 'internal_error', passMessages.issueFailed);
    }
  };

  const issueDeps = (tenant: TenantRow) => ({
    db,
    storage,
    tenant,
    tenantUrl: tenantBaseUrl(config, tenant.subdomain),
    now: clock.now(),
    duplicateWindowSeconds: config.DUPLICATE_CHECKOUT_WINDOW_SECONDS,
  });

  registerRoute(app, issuePermitContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return issuing(
      request,
      issuePass({
        ...issueDeps(tenant),
        customer,
        channel: 'customer',
        request: fromIssuePayload(request.body),
      }),
    );
  });

  /** The two guest checkouts differ only by their channel (free, or paid and left incomplete). */
  const guestCheckout =
    (channel: 'guest-free' | 'guest-paid') =>
    async (request: ContractRequest<typeof guestFreeCheckoutContract>) => {
      const tenant = await request.requireTenant(request.body.subdomain);
      const customer = await optionalCustomer(request);
      const passRequest = fromCheckoutPayload(request.body, customer !== null);
      return issuing(request, issuePass({ ...issueDeps(tenant), customer, channel, request: passRequest }));
    };
  registerRoute(app, guestFreeCheckoutContract, guestCheckout('guest-free'));
  registerRoute<typeof guestPaidIncompleteContract>(
    app,
    guestPaidIncompleteContract,
    guestCheckout('guest-paid'),
  );

  registerRoute(app, guestPaidCheckAllowedContract, async (request) => {
    const tenant = await request.requireTenant(request.body.subdomain);
    const customer = await optionalCustomer(request);
    return checkPassAllowed({
      ...issueDeps(tenant),
      customer,
      request: fromCheckoutPayload(request.body, customer !== null),
    });
  });

  registerRoute(app, permitCheckoutUrlContract, async (request) => {
    const customer = await request.requireCustomer();
    const tenant = await request.requireTenant(request.params.subdomain);
    return startPassCheckout({
      db,
      gateway: payments,
      tenant,
      tenantUrl: tenantBaseUrl(config, tenant.subdomain),
      passId: request.params.id,
      customerId: customer.id,
      now: clock.now(),
      log: request.log,
    });
  });

  registerRoute(
    app,
    guestCheckoutUrlContract,
    async (request) => {
      const tenant = await request.requireTenant(request.params.subdomain);
      return startPassCheckout({
        db,
        gateway: payments,
        tenant,
        tenantUrl: tenantBaseUrl(config, tenant.subdomain),
        passId: request.params.id,
        customerId: null,
        now: clock.now(),
        log: request.log,
      });
    },
    perClient('pass-lookup', config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(
    app,
    getCustomerPermitContract,
    async (request) => {
      const tenant = await request.requireTenant();
      const permit = await loadIssuedPermit(db, tenant.id, request.params.id, clock.now());
      if (!permit) throw notFound('Pass');
      return permit;
    },
    perClient('pass-lookup', config.PASS_LOOKUP_RATE_LIMIT_PER_CLIENT),
  );

  registerRoute(app, listVehiclesContract, async (request) => {
    const customer = await request.requireCustomer();
    return listSavedVehicles(db, customer.tenantId, customer.id);
  });

  registerRoute(app, addVehicleContract, async (request) => {
    const customer = await request.requireCustomer();
    return saveVehicle(db, { tenantId: customer.tenantId, customerId: customer.id, vehicle: request.body });
  });

  await passLivingRoutes(app);
  await passEditRoutes(app);
}
