import type { FastifyInstance } from 'fastify';
import {
  getOperatorMeContract,
  inviteOperatorContract,
  listOperatorsContract,
  operatorForgotPasswordContract,
  operatorSetPasswordContract,
  resendInvitationContract,
  signOutEverywhereContract,
  updateOperatorContract,
  updateOperatorLanguageContract,
} from '../../../shared/contract';
import type { ApiInstance } from '../../api-instance';
import { registerRoute } from '../../http/register-route';
import { authRateLimits, operatorByEmail, tenantValue } from '../auth';
/** The console's own account calls (who am I, sign-out everywhere, password links) and its operators page. */
import { allowedActions, operatorActor } from '../permissions';
import { requireConsoleAccess } from './console-access';
import { clearedConsolePageCookie } from './console-page-cookie';
import { inviteOperator, listOperators, resendInvitation, updateOperator } from './manage-operators';
import { saveOperatorLanguage } from './operator-language';
import { sendOperatorPasswordReset, setOperatorPassword, signOutEverywhere } from './operator-passwords';

export async function operatorConsoleRoutes(app: ApiInstance) {
  const { db, config, clock } = app.deps;
  const plain = app as unknown as FastifyInstance;

  registerRoute(app, getOperatorMeContract, async (request) => {
    const { tenant, operator } = await requireConsoleAccess(request, getOperatorMeContract);
    return {
      uuid: operator.id,
      fullname: operator.fullname,
      email: operator.email,
      role: operator.role,
      permissions: allowedActions(operatorActor(operator)),
      language: operator.language && tenant.languages.includes(operator.language) ? operator.language : null,
      tenant: {
        subdomain: tenant.subdomain,
        brandTitle: tenant.brandTitle,
        timezone: tenant.timezone,
        languages: tenant.languages,
      },
    };
  });

  registerRoute(app, updateOperatorLanguageContract, async (request) => {
    const access = await requireConsoleAccess(request, updateOperatorLanguageContract);
    return saveOperatorLanguage({ db, access, language: request.body.language });
  });

  registerRoute(app, signOutEverywhereContract, async (request, reply) => {
    const { operator } = await requireConsoleAccess(request, signOutEverywhereContract);
    const answer = await signOutEverywhere(db, operator.id);
    // The revoked token would be refused anyway; this browser forgets it at once too.
    reply.header('set-cookie', clearedConsolePageCookie({ isSecure: config.NODE_ENV === 'production' }));
    return answer;
  });

  registerRoute(app, listOperatorsContract, async (request) => {
    const { tenant } = await requireConsoleAccess(request, listOperatorsContract);
    return listOperators(db, tenant.id);
  });

  registerRoute(app, inviteOperatorContract, async (request) => {
    const access = await requireConsoleAccess(request, inviteOperatorContract);
    return inviteOperator({
      db,
      config,
      clock,
      access,
      email: request.body.email.toLowerCase(),
      fullname: request.body.fullname,
      role: request.body.role,
    });
  });

  registerRoute(app, updateOperatorContract, async (request) => {
    const access = await requireConsoleAccess(request, updateOperatorContract);
    return updateOperator({
      db,
      config,
      clock,
      access,
      operatorId: request.params.uuid,
      changes: request.body,
    });
  });

  registerRoute(app, resendInvitationContract, async (request) => {
    const access = await requireConsoleAccess(request, resendInvitationContract);
    return resendInvitation({ db, config, clock, access, operatorId: request.params.uuid });
  });

  // The same limits as the customers' password calls (decision 081).
  registerRoute(
    app,
    operatorForgotPasswordContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return sendOperatorPasswordReset({ db, config, clock, tenant, email: request.body.email });
    },
    authRateLimits(plain, 'operator-reset-request', operatorByEmail),
  );

  registerRoute(
    app,
    operatorSetPasswordContract,
    async (request) => {
      const tenant = await request.requireTenant();
      return setOperatorPassword({ db, config, clock, tenant, ...request.body });
    },
    authRateLimits(plain, 'operator-set-password', tenantValue('body', 'token', 'subdomain')),
  );
}
