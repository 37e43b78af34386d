import type { FastifyInstance } from 'fastify';
import {
  acceptInvitationContract,
  addSecondaryVehicleContract,
  cancelPermitContract,
  deleteSecondaryVehicleContract,
  deleteVehicleContract,
  deleteVehiclePostContract,
  emailCustomerPermitContract,
  extendPermitContract,
  getInvitationContract,
  getIssuedFieldsContract,
  getPermitExtensionContract,
  guestEditVehicleContract,
  listGuestVehiclesContract,
  setPermitTimesContract,
  setPermitVehicleContract,
  setPrimaryVehicleStateContract,
  setSecondaryVehicleStateContract,
  updateIssuedFieldsContract,
  updatePermitHolderContract,
  updateVehicleContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { tenantBaseUrl } from '../../config';
import { notFound } from '../../errors';
import { registerRoute } from '../../http/register-route';
import { limitPerKey } from '../../plugins/rate-limit';
import { issueSession } from '../auth';
import { registerFulfilment } from '../payments';
import { customerActor, passHolderActor, requirePermission } from '../permissions';
import { acceptInvitation, getInvitation } from './accept-invitation';
import { cancelPass } from './cancel-pass';
import { extendPass, getPermitExtension } from './extend-pass';
import { fulfilExtensionPayment } from './fulfil-extension';
import { invitePassByEmail } from './invite-by-email';
import { loadIssuedPermit } from './issued-permit';
import {
  loadPassFor,
  type PassCaller,
  type PassCallRequest,
  requireOperatorRole,
  resolvePassCaller,
} from './pass-access';
import { getIssuedFields, updateIssuedFields, updatePermitHolder } from './pass-holder-edit';
import { setPermitTimes } from './pass-times-edit';
import {
  addSecondaryVehicle,
  deleteSecondaryVehicle,
  listPassVehicles,
  replacePrimaryVehicle,
  setVehicleActive,
  updatePassVehicle,
} from './pass-vehicles';
import { toVehicle } from './presenters';
import { deleteSavedVehicle, updateSavedVehicle } from './saved-vehicles-edit';

/**
 * Living with a pass, the edit half of issue 10 (docs/passes.md, decisions 143 and 144): the
 * vehicles, holder, custom fields, times and cancel of an issued pass, the vehicles screen's
 * saved vehicles, and a business's invite by email. Routes parse, call one service and reply.
 */
export async function passEditRoutes(app: ApiInstance) {
  registerFulfilment('pass_extension', fulfilExtensionPayment);
  const { db, clock, config, payments } = app.deps;
  const plain = app as unknown as FastifyInstance;
  const perClient = {
    preHandler: [
      limitPerKey(plain, {
        name: 'pass-edit',
        // A v4 uuid cannot be guessed at any rate: the limit keeps a scripted client from
        // hammering the pass tables.
        max: config.PASS_EDIT_RATE_LIMIT_PER_CLIENT,
        timeWindow: 60_000,
        key: (request) => request.ip,
      }),
    ],
  };

  /** The tenant, the caller and the clock of a call on pass `passId`. */
  const passCall = async (request: PassCallRequest, passId: string) => {
    const tenant = await request.requireTenant();
    const caller = await resolvePassCaller(request, passId);
    return { db, tenant, tenantId: tenant.id, caller, passId, now: clock.now() };
  };
  /** A guest call (no token in the contract): the uuid's holder, whatever header is sent. */
  const guestCall = async (request: Pick<PassCallRequest, 'requireTenant'>, passId: string) => {
    const tenant = await request.requireTenant();
    const caller: PassCaller = { actor: passHolderActor(tenant.id, passId), operator: null };
    return { db, tenant, tenantId: tenant.id, caller, passId, now: clock.now() };
  };
  const issuedPermit = async (tenantId: string, passId: string) => {
    const permit = await loadIssuedPermit(db, tenantId, passId, clock.now());
    if (!permit) throw notFound('Pass');
    return permit;
  };

  registerRoute(
    app,
    getIssuedFieldsContract,
    async (request) => getIssuedFields(await passCall(request, request.params.id)),
    perClient,
  );

  registerRoute(
    app,
    updateIssuedFieldsContract,
    async (request) =>
      updateIssuedFields({ ...(await passCall(request, request.params.id)), fields: request.body }),
    perClient,
  );

  registerRoute(
    app,
    listGuestVehiclesContract,
    async (request) => {
      const call = await guestCall(request, request.params.id);
      await loadPassFor(db, { ...call, action: 'pass.read' });
      return (await listPassVehicles(db, call.tenantId, call.passId)).map(toVehicle);
    },
    perClient,
  );

  // The vehicles screen: a customer's saved vehicles.
  const savedVehicleCall = async (request: Pick<PassCallRequest, 'requireCustomer'>, vehicleId: string) => {
    const customer = await request.requireCustomer();
    requirePermission(customerActor(customer), 'vehicle.manage');
    return { db, tenantId: customer.tenantId, customerId: customer.id, vehicleId };
  };
  registerRoute(app, updateVehicleContract, async (request) => {
    const { uuid, ...vehicle } = request.body;
    return updateSavedVehicle({ ...(await savedVehicleCall(request, uuid)), vehicle });
  });
  registerRoute(app, deleteVehicleContract, async (request) =>
    deleteSavedVehicle(await savedVehicleCall(request, request.body.uuid)),
  );
  registerRoute(app, deleteVehiclePostContract, async (request) =>
    deleteSavedVehicle(await savedVehicleCall(request, request.body.uuid)),
  );

  // A pass's vehicles.
  registerRoute(
    app,
    addSecondaryVehicleContract,
    async (request) => {
      const { permitIssuedUUID, ...vehicle } = request.body;
      return addSecondaryVehicle({ ...(await passCall(request, permitIssuedUUID)), vehicle });
    },
    perClient,
  );

  registerRoute(
    app,
    deleteSecondaryVehicleContract,
    async (request) =>
      deleteSecondaryVehicle({
        ...(await passCall(request, request.body.permitIssuedUUID)),
        vehicleId: request.body.uuid,
      }),
    perClient,
  );

  registerRoute(
    app,
    setPrimaryVehicleStateContract,
    async (request) =>
      setVehicleActive({
        ...(await passCall(request, request.body.permitIssuedUUID)),
        vehicle: { isPrimary: true },
        isActive: request.body.isActive,
      }),
    perClient,
  );

  registerRoute(
    app,
    setSecondaryVehicleStateContract,
    async (request) =>
      setVehicleActive({
        ...(await passCall(request, request.body.permitIssuedUUID)),
        vehicle: { vehicleId: request.body.uuid },
        isActive: request.body.isActive,
      }),
    perClient,
  );

  registerRoute(
    app,
    setPermitVehicleContract,
    async (request) => {
      const { permitIssuedUUID, uuid, ...vehicle } = request.body;
      const call = await passCall(request, permitIssuedUUID);
      requireOperatorRole(call.caller, 'pass.edit');
      return updatePassVehicle({ ...call, vehicleId: uuid, vehicle });
    },
    perClient,
  );

  registerRoute(
    app,
    guestEditVehicleContract,
    async (request) => {
      const call = await guestCall(request, request.body.permitIssuedUUID);
      await replacePrimaryVehicle({ ...call, vehicle: request.body.vehicle });
      return issuedPermit(call.tenantId, call.passId);
    },
    perClient,
  );

  // The holder, the times, cancel.
  registerRoute(
    app,
    updatePermitHolderContract,
    async (request) => {
      const { permitIssuedUUID, ...holder } = request.body;
      const call = await passCall(request, permitIssuedUUID);
      await updatePermitHolder({ ...call, holder });
      return issuedPermit(call.tenantId, call.passId);
    },
    perClient,
  );

  registerRoute(
    app,
    setPermitTimesContract,
    async (request) => {
      const call = await passCall(request, request.body.permitIssuedUUID);
      await setPermitTimes({
        ...call,
        issuedAt: new Date(request.body.issuedAt),
        expiresAt: new Date(request.body.expiresAt),
      });
      return issuedPermit(call.tenantId, call.passId);
    },
    perClient,
  );

  // The holder of the uuid (the guest's emailed link), the owner or the issuing business.
  registerRoute(
    app,
    getPermitExtensionContract,
    async (request) => getPermitExtension(await passCall(request, request.params.id)),
    perClient,
  );

  registerRoute(
    app,
    extendPermitContract,
    async (request) => {
      const call = await passCall(request, request.params.id);
      return extendPass({
        ...call,
        gateway: payments,
        tenantUrl: tenantBaseUrl(config, call.tenant.subdomain),
        log: request.log,
      });
    },
    perClient,
  );

  registerRoute(
    app,
    cancelPermitContract,
    async (request) => {
      const call = await passCall(request, request.params.id);
      await cancelPass({
        ...call,
        gateway: payments,
        tenantUrl: tenantBaseUrl(config, call.tenant.subdomain),
        log: request.log,
      });
      return issuedPermit(call.tenantId, call.passId);
    },
    perClient,
  );

  // A business invites someone by email.
  registerRoute(app, emailCustomerPermitContract, async (request) => {
    const inviter = await request.requireCustomer();
    const tenant = await request.requireTenant();
    return invitePassByEmail({
      db,
      tenant,
      tenantUrl: tenantBaseUrl(config, tenant.subdomain),
      inviter,
      ...request.body,
      now: clock.now(),
    });
  });

  // The invited visitor opens the emailed link and accepts (decision 216).
  registerRoute(
    app,
    getInvitationContract,
    async (request) =>
      getInvitation({
        db,
        tenant: await request.requireTenant(),
        token: request.params.token,
        now: clock.now(),
      }),
    perClient,
  );
  registerRoute(
    app,
    acceptInvitationContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return acceptInvitation({
        db,
        tenant,
        ...request.body,
        now: clock.now(),
        issueSession: (customer) => issueSession({ db, config, clock }, tenant, customer),
      });
    },
    perClient,
  );
}
