import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { MailTransport } from './adapters/mail';
import type { PaymentGateway } from './adapters/payments/port';
import { LocalStorage } from './adapters/storage/local-storage';
import { localStorageRoutes } from './adapters/storage/local-storage-routes';
import type { StoragePort } from './adapters/storage/storage-port';
import type { ApiInstance } from './api-instance';
import type { Clock } from './clock';
import { type Config, isDevelopmentPageAllowed } from './config';
import type { Database } from './db/client';
import { appealMessageRoutes, appealRoutes, dashboardAppealRoutes } from './features/appeals';
import { auditRoutes } from './features/audit';
import { authPlugin, authRoutes } from './features/auth';
import { brandRoutes } from './features/brand';
import { citationRoutes } from './features/citations';
import { consoleBulkRoutes } from './features/console-bulk';
import { consoleCustomerRoutes } from './features/console-customers';
import { consoleNoticeRoutes } from './features/console-notices';
import { consoleOverviewRoutes } from './features/console-overview';
import { consolePassRoutes } from './features/console-passes';
import { consolePlateRoutes } from './features/console-plates';
import { customerRoutes } from './features/customers';
import { enforcementRoutes, mapStyleOrigins, patrolManifestRoutes } from './features/enforcement';
import { devMailboxRoutes } from './features/mail';
import { operatorConsoleRoutes, operatorPlugin, operatorRoutes } from './features/operators';
import { passRoutes } from './features/passes';
import { paymentPlanRoutes } from './features/payment-plans';
import { customerBillingRoutes, paymentRoutes, sandboxRoutes } from './features/payments';
import { platformAdminRoutes } from './features/platform-admin';
import { privacyRoutes } from './features/privacy';
import { repeatOffenderRoutes } from './features/repeat-offenders';
import { tenantSettingsRoutes } from './features/settings';
import { tenancyPlugin } from './features/tenancy';
import { ticketviewRoutes } from './features/ticketview';
import { uploadRoutes } from './features/uploads';
import { waitlistRoutes } from './features/waitlists';
import { webPlugin } from './features/web';
import { contractSerializerCompiler } from './http/response-serializer';
import { fastifyTrustProxy } from './http/trust-proxy';
import { answerWithRequestId, requestIdGenerator } from './observability/request-id';
import { measureRequests } from './observability/request-metrics';
import { connectionLimits } from './plugins/connection-limits';
import { redirectDocsIndexWithQuery } from './plugins/docs-index-redirect';
import { answerRouterRefusal, registerErrorHandler } from './plugins/error-handler';
import { registerHealthRoutes } from './plugins/health';
import { lazyChildLoggerFactory } from './plugins/lazy-request-logger';
import { loggerOptions } from './plugins/logging';
import { registerRateLimit } from './plugins/rate-limit';
import { readLagTolerantFromReplica } from './plugins/read-your-writes';
import { refuseControlCharacters } from './plugins/refuse-control-characters';
import { writeAmountsInTheTenantsCurrency } from './plugins/request-currency';
import { scopeQueriesToTheRequest } from './plugins/request-database-scope';
import { answerInTheCallersLanguage } from './plugins/request-language';
import { registerSecurityHeaders } from './plugins/security-headers';

/** Everything the app talks to, passed in so tests can supply their own. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** A replica for lag-tolerant reads (READ_DATABASE_URL); unset, those read `db` too. */
  readDb?: Database;
  clock: Clock;
  /** The payment provider: Stripe, or the built-in sandbox. */
  payments: PaymentGateway;
  /** Where uploaded files go (appeal photos, pass proofs). */
  storage: StoragePort;
  /** The mail port: SMTP or the development outbox (src/server/adapters/mail). */
  mail: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export const API_PREFIX = '/api/v1';

/** Plates and numbers arrive in paths; allow long ones so the schema can refuse them with a 400. */
const MAX_PARAM_LENGTH = 16_384;

export async function buildApp(
  deps: AppDeps,
  // webDistDir: the built web app to serve, dist/web by default (tests point it at their own).
  options: { logger?: boolean; logStream?: NodeJS.WritableStream; webDistDir?: string } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({ level: deps.config.LOG_LEVEL, stream: options.logStream }),
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLoggerFactory }),
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    // A request id counts only when a trusted proxy sent it.
    genReqId: requestIdGenerator(deps.config.TRUST_PROXY),
    logController: new LogController({ disableRequestLogging: !deps.config.LOG_REQUESTS }),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals answer a sentence like every other 4xx (issue 33).
    frameworkErrors: answerRouterRefusal,
    bodyLimit: 1_048_576,
    ...connectionLimits(deps.config),
  });
  app.server.maxConnections = deps.config.MAX_CONNECTIONS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    contractSerializerCompiler({ production: deps.config.NODE_ENV === 'production' }),
  );
  app.decorate('deps', deps);
  // First: every later hook and handler of a request queries in the request's tenant scope.
  scopeQueriesToTheRequest(app);
  readLagTolerantFromReplica(app);
  measureRequests(app);
  answerWithRequestId(app);
  answerInTheCallersLanguage(app);
  writeAmountsInTheTenantsCurrency(app);
  registerErrorHandler(app);
  refuseControlCharacters(app);
  redirectDocsIndexWithQuery(app);

  // Helmet's headers, computed once; pages that inline a style read reply.cspNonce. The API's
  // answers get a set of their own.
  registerSecurityHeaders(app, {
    apiPrefix: API_PREFIX,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Server-rendered pages carry Mantine's style attributes (its CSS variables and style
        // props), which the browser would otherwise set through the CSSOM. An attribute cannot
        // load a script nor a stylesheet; <style> elements still need the nonce (decision 158).
        styleSrcAttr: ["'unsafe-inline'"],
        // When uploads go to a bucket, the browser talks to it directly (and shows photos from it).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...deps.storage.browserOrigins],
        connectSrc: ["'self'", ...deps.storage.browserOrigins, ...mapStyleOrigins(deps.config)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...deps.storage.browserOrigins],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Logos and photos are served from other hosts (S3, the operator's CDN).
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // External plugins first.
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Parking portal API', version: process.env.npm_package_version ?? '2.21.3' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own policy upgrades requests to https, which breaks it on plain-http hosts, and it
    // sets inline styles; this page only reads our OpenAPI document, so both are relaxed here.
    transformStaticCSP: (header) =>
      header
        .replace(' upgrade-insecure-requests;', '')
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
  await registerRateLimit(app);
  await registerHealthRoutes(app);

  // Then ours.
  await app.register(tenancyPlugin);
  await app.register(authPlugin);
  await app.register(operatorPlugin);

  // Then the features.
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider() as unknown as ApiInstance;
      await brandRoutes(typed);
      await citationRoutes(typed);
      await paymentRoutes(typed);
      await paymentPlanRoutes(typed);
      await customerBillingRoutes(typed);
      await uploadRoutes(typed);
      if (deps.storage instanceof LocalStorage) await localStorageRoutes(typed, deps.storage);
      await appealRoutes(typed);
      await appealMessageRoutes(typed);
      await ticketviewRoutes(typed);
      await authRoutes(typed);
      await customerRoutes(typed);
      await operatorRoutes(typed);
      await dashboardAppealRoutes(typed);
      await passRoutes(typed);
      await enforcementRoutes(typed);
      await operatorConsoleRoutes(typed);
      await consoleOverviewRoutes(typed);
      await tenantSettingsRoutes(typed);
      await auditRoutes(typed);
      await privacyRoutes(typed);
      await platformAdminRoutes(typed);
      await consoleNoticeRoutes(typed);
      await consoleBulkRoutes(typed);
      await consoleCustomerRoutes(typed);
      await consolePassRoutes(typed);
      await repeatOffenderRoutes(typed);
      await waitlistRoutes(typed);
      await consolePlateRoutes(typed);
    },
    { prefix: API_PREFIX },
  );
  // The sandbox provider's checkout pages stand in for Stripe's hosted ones; production mounts
  // them only when ALLOW_SANDBOX_PAYMENTS says this is a staging site.
  if (deps.payments.provider === 'sandbox' && isDevelopmentPageAllowed(deps.config, 'ALLOW_SANDBOX_PAYMENTS'))
    await app.register(sandboxRoutes);
  // It shows every account's emails to anyone: development and tests, or a staging site that
  // set ALLOW_DEV_OUTBOX.
  if (isDevelopmentPageAllowed(deps.config, 'ALLOW_DEV_OUTBOX')) await app.register(devMailboxRoutes);
  await app.register(patrolManifestRoutes);
  await app.register(webPlugin, { distDir: options.webDistDir });
  return app;
}
