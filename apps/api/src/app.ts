import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createRateLimiter } from './http/rate-limiter.repository.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAssetsRepository } from './modules/assets/assets.repository.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { createAssetsService } from './modules/assets/assets.service.ts';
import type { SessionWithAccount } from './modules/auth/accounts.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type Clock } from './modules/auth/auth.service.ts';
import { createMultiFactorService } from './modules/auth/multi-factor.ts';
import { createMultiFactorRepository } from './modules/auth/multi-factor.repository.ts';
import { multiFactorRoutes } from './modules/auth/multi-factor.routes.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { createBanksRepository } from './modules/banks/banks.repository.ts';
import { banksRoutes } from './modules/banks/banks.routes.ts';
import { createBanksService } from './modules/banks/banks.service.ts';
import { createBranchesRepository } from './modules/branches/branches.repository.ts';
import { registerBranches } from './modules/branches/branches.wiring.ts';
import { createBrandsRepository } from './modules/brands/brands.repository.ts';
import { clientListsRoutes } from './modules/brands/client-lists.routes.ts';
import { createClientListsRepository } from './modules/brands/client-lists.repository.ts';
import { createClientListsService } from './modules/brands/client-lists.service.ts';
import { groupsRoutes } from './modules/brands/groups.routes.ts';
import { createGroupsService } from './modules/brands/groups.service.ts';
import { createCampaignsRepository } from './modules/campaigns/campaigns.repository.ts';
import { handleCampaignJobs } from './modules/campaigns/campaigns.jobs.ts';
import { createBudgetAlerts } from './modules/campaigns/budget-alerts.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { createCampaignsService, type CampaignsService } from './modules/campaigns/campaigns.service.ts';
import { registerInsights } from './modules/insights/insights.wiring.ts';
import { createAudit, registerAudit } from './modules/audit/audit.wiring.ts';
import { createDocsTransactions } from './modules/ingestion/docs-transactions.ts';
import { registerIngestion } from './modules/ingestion/ingestion.wiring.ts';
import { registerClaims } from './modules/claims/claims.wiring.ts';
import { createImpressionsRepository } from './modules/overview/impressions.repository.ts';
import { simulatorRoutes } from './modules/simulator/simulator.routes.ts';
import { backtestRoutes } from './modules/backtest/backtest.routes.ts';
import { replayMonth } from './modules/ingestion/month-replay.ts';
import { createInvoicesRepository } from './modules/invoices/invoices.repository.ts';
import { createInvoiceRun, invoiceRunJob } from './modules/invoices/invoice-run.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createDashboardInvoices } from './modules/invoices/dashboard-invoices.ts';
import { createReportingRepository } from './modules/reporting/reporting.repository.ts';
import { registerReporting } from './modules/reporting/reporting.wiring.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import {
  collectInvoiceJob,
  collectInvoicePayloadSchema,
  collectLater,
  createPaymentsService,
} from './modules/payments/payments.service.ts';
import { paymentProviderOf } from './modules/payments/payment-provider.wiring.ts';
import { createDashboardOverview } from './modules/overview/dashboard-overview.ts';
import { createOverviewRepository } from './modules/overview/overview.repository.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { computeOverviewJob, createOverviewService } from './modules/overview/overview.service.ts';
import { overviewTriggerSchema } from '@krowd/domain/overview/overview.schema';
import { installPasswordChecks } from '@krowd/domain/auth/password-checks';
import { installCatalogueErrors } from '@krowd/domain/validation/catalogue-errors';
import { rewriteProfileUpdateUrl } from '@krowd/domain/user/profile-url.rules';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createTemplatesRepository } from './modules/templates/templates.repository.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { createJobQueue, type JobQueue } from './plugins/jobs.ts';
import { createDistributorsRepository } from './modules/distributors/distributors.repository.ts';
import { distributorsRoutes } from './modules/distributors/distributors.routes.ts';
import { brandsRoutes } from './modules/brands/brands.routes.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { registerSettings } from './modules/settings/settings.wiring.ts';
import { createOnboardingRepository } from './modules/onboarding/onboarding.repository.ts';
import { createPublicRepository } from './modules/public/public.repository.ts';
import { publicRoutes } from './modules/public/public.routes.ts';
import { cardNetworkDigestJob, createPublicService } from './modules/public/public.service.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createProfileRepository } from './modules/users/profile.repository.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { publisherKeyAuthOf } from './modules/publishers/publisher-key-auth.ts';
import { registerPublishers } from './modules/publishers/publishers.wiring.ts';
import { credentialLogPaths, registerAccess, sessionCookieNameOf } from './plugins/access.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerAnswerCompression } from './plugins/compression.ts';
import { registerKeptAnswers } from './plugins/kept-answers.ts';
import { registerTextInputChecks } from './plugins/text-input.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createWebhookEvents, registerWebhooks } from './modules/webhooks/webhooks.wiring.ts';
import { registerTransactionApi } from './modules/transaction-api/transaction-api.wiring.ts';
import { registerSettlements } from './modules/settlements/settlements.wiring.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Pino options; tests pass false to keep their output quiet. */
  logger?: boolean | object;
}

/**
 * Builds the whole product as one Fastify instance: platform plugins first, then the modules'
 * routes under /api, then the web app. Every dependency is created here and passed explicitly.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance & { services: Services }> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  installCatalogueErrors();
  installPasswordChecks();
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: credentialLogPaths,
    },
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    rewriteUrl: (request) => rewriteProfileUpdateUrl(request.method, request.url),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  const { db } = database;
  const limiter = createRateLimiter(db);
  const jobs = createJobQueue({ db, logger: app.log, pollMs: config.jobPollMs });
  const mailer = createMailer({ db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  const users = createUsersRepository(db);
  const settings = createSettingsRepository(db);
  const brands = createBrandsRepository(db);
  const audit = createAudit({ db, brands, config, clock }); // every change audited (0113)
  const multiFactorRepository = createMultiFactorRepository(db);
  const multiFactor = createMultiFactorService({ db, repository: multiFactorRepository, clock, audit });
  const sessions = createSessionCache<SessionWithAccount>({ database, logger: app.log });
  await sessions.start();
  app.addHook('onClose', () => sessions.stop());
  const auth = createAuthService({
    db,
    users,
    repository: createAuthRepository(db),
    limiter,
    mailer,
    config,
    clock,
    jobs,
    secondStep: multiFactor,
    sessions,
    audit,
  });
  const assets = createAssetsService({ db, assets: createAssetsRepository(db), brands, clock });
  const webhookEvents = createWebhookEvents({ db, jobs });
  const campaigns = createCampaignsService({
    db,
    campaigns: createCampaignsRepository(db),
    brands,
    branches: createBranchesRepository(db),
    templateImages: { check: assets.checkTemplateImages },
    config,
    clock,
    offerEvents: webhookEvents,
    audit,
  });
  const budgetAlerts = createBudgetAlerts({ db, jobs, mailer, publicUrl: config.publicUrl, clock });
  handleCampaignJobs(jobs, campaigns, app.log, budgetAlerts);
  const { paymentProvider, testProvider } = paymentProviderOf(app, { db, config, clock });
  const payments = createPaymentsService({
    db,
    payments: createPaymentsRepository(db),
    brands,
    settings,
    provider: paymentProvider,
    testProvider,
    publicUrl: config.publicUrl,
    clock,
    logger: app.log,
    audit,
  });
  jobs.handle(collectInvoiceJob, (payload) =>
    payments.collectInvoice(collectInvoicePayloadSchema.parse(payload).invoiceId),
  );
  // The invoices' time zone, clock and seller, shared by the run and the list's documents.
  const billing = { timeZone: config.timezone, clock, seller: config.invoiceSeller };
  const invoiceRun = createInvoiceRun({ db, collect: collectLater(jobs), ...billing });
  jobs.handle(invoiceRunJob, async () => {
    const { invoices, creditNotes } = await invoiceRun.run();
    if (invoices.length + creditNotes.length > 0)
      app.log.info({ invoices: invoices.length, creditNotes: creditNotes.length }, 'invoices created');
  });
  const services = { auth, mailer, settings, campaigns, jobs, audit };

  const contentSecurityPolicy = await registerSecurity(app, config);
  const publisherKeys = publisherKeyAuthOf({ db, config, clock });
  await registerAccess(app, { config, auth, limiter, multiFactor, publisherKeys });
  registerTextInputChecks(app);
  await registerKeptAnswers(app, { database, config, clock });
  await registerOpenApi(app, {
    behindTls: config.publicUrl.startsWith('https://'),
    publicUrl: config.publicUrl,
    sessionCookieName: sessionCookieNameOf(config),
  });
  await registerIdempotency(app, { db, jobs, clock });

  await app.register(
    async (api) => {
      await registerAnswerCompression(api);
      await api.register(healthRoutes, { health: createHealthRepository(db), engine: database.engine });
      await api.register(authRoutes, { auth, config });
      await api.register(multiFactorRoutes, { auth, multiFactor, users, config });
      const usersService = createUsersService({
        db,
        users,
        brands,
        auth,
        sessions: createAuthRepository(db),
        mailer,
        clock,
        audit,
      });
      await api.register(usersRoutes, { users, auth, service: usersService });
      const profiles = createProfileService({
        db,
        profiles: createProfileRepository(db),
        users,
        sessions: createAuthRepository(db),
        clock,
        audit,
      });
      await api.register(profileRoutes, { profiles, auth, config });
      await api.register(brandsRoutes, { brands });
      const branchDeps = { db, brands, settings, config, jobs, mailer, clock, audit };
      const { branches } = await registerBranches(api, branchDeps);
      const onboarding = createOnboardingService({
        db,
        users,
        sessions: createAuthRepository(db),
        auth,
        campaigns,
        branches,
        settings,
        onboarding: createOnboardingRepository(db),
        clock,
      });
      await api.register(onboardingRoutes, { onboarding, config });
      await api.register(distributorsRoutes, { distributors: createDistributorsRepository(db), brands });
      await api.register(banksRoutes, {
        banks: createBanksService({
          db,
          banks: createBanksRepository(db),
          brands,
          invitations: usersService,
          audit,
        }),
      });
      await api.register(groupsRoutes, {
        groups: createGroupsService({ brands, invitations: usersService, audit }),
      });
      await api.register(clientListsRoutes, {
        clientLists: createClientListsService({ db, lists: createClientListsRepository(db), audit }),
      });
      await registerSettings(api, { db, settings, audit, config, clock });
      await api.register(mailRoutes, { mail: createMailRepository(db) });
      await api.register(campaignsRoutes, { campaigns, config, clock });
      await registerAudit(api, { audit, campaigns, db, jobs, mailer, users, config, clock });
      await api.register(templatesRoutes, { templates: createTemplatesRepository(db) });
      await api.register(assetsRoutes, { service: assets });
      await api.register(invoicesRoutes, {
        service: createInvoicesService({ invoices: createInvoicesRepository(db), brands, db, ...billing }),
      });
      const reporting = createReportingRepository(db);
      const claims = await registerClaims(api, {
        db,
        jobs,
        brands,
        events: webhookEvents,
        config,
        clock,
        audit,
      });
      const { transactions, ingestion } = await registerIngestion(api, {
        db,
        brands,
        reporting,
        timeZone: config.timezone,
        clock,
        // An upload's jobs: the webhooks' events, its open claims matched (decision 0108).
        webhooks: claims.alongside(webhookEvents),
        // An upload that uses up a campaign's budget ends its offer, in the upload's transaction;
        // one that brings it to 80% or 100% queues the brand's mail (decision 0120).
        offers: { budgetsUsedUp: campaigns.budgetsUsedUp, budgetsReached: budgetAlerts.reached },
      });
      // Transactions one at a time (decision 0109): cleared ones and refunds are one-row uploads.
      await registerTransactionApi(api, { db, jobs, ingestion, events: webhookEvents, clock });
      const publisherSide = { db, brands, transactions, timeZone: config.timezone, clock, audit };
      await registerSettlements(api, { ...publisherSide, jobs, events: webhookEvents });
      // A test key's transactions reach the publisher's test endpoints (decisions 0091, 0097), in
      // the cause's own transaction, as an upload's outcomes reach its live ones.
      (await registerPublishers(api, publisherSide)).events.subscribe(async (event, trx) => {
        const { type, mode, publisherId, occurredAt, data } = event;
        const brandId = data.campaignId ? data.brandId : null;
        const told = { type, mode, publisherId, brandId, subjectId: data.id };
        const at = occurredAt.toISOString();
        await webhookEvents.emitEvent(trx, { ...told, data: { ...data, occurredAt: at } });
      });
      const impressions = createImpressionsRepository(db);
      const overview = createOverviewService({
        overview: createOverviewRepository(db, impressions),
        impressions,
        transactionFiles: createDocsTransactions({ transactions, ingestion }),
        jobs,
        clock,
        audit,
      });
      jobs.handle(computeOverviewJob, async (payload) => {
        const computed = await overview.computeMonths(overviewTriggerSchema.parse(payload));
        app.log.info({ computed }, 'campaign overviews computed');
      });
      await api.register(overviewRoutes, { service: overview });
      await api.register(simulatorRoutes, { db, transactions, timeZone: config.timezone });
      await api.register(backtestRoutes, { db, brands, timeZone: config.timezone, clock, replayMonth });
      await registerReporting(api, {
        db,
        brands,
        jobs,
        mailer,
        database,
        overview: createDashboardOverview(db, impressions),
        invoices: createDashboardInvoices(db),
        publicUrl: config.publicUrl,
        timeZone: config.timezone,
        clock,
      });
      await api.register(paymentsRoutes, { service: payments });
      const cardNetwork = createPublicService({
        db,
        leads: createPublicRepository(db),
        users,
        branches,
        auth,
        limiter,
        mailer,
        jobs,
        config,
        clock,
      });
      jobs.handle(cardNetworkDigestJob, () => cardNetwork.sendDigest());
      await api.register(publicRoutes, { service: cardNetwork });
      await registerInsights(api, {
        db,
        jobs,
        brands,
        users,
        reporting,
        mailer,
        timeZone: config.timezone,
        clock,
      });
      await registerWebhooks(api, { db, jobs, brands, events: webhookEvents, config, clock, audit });
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir, contentSecurityPolicy);
  app.addHook('onClose', async () => {
    // The work after answers begun here ends too; what is left waits in the jobs for any instance.
    await jobs.stop();
    await mailer.close();
  });
  return Object.assign(app, { services });
}

export interface Services {
  auth: ReturnType<typeof createAuthService>;
  mailer: Mailer;
  settings: ReturnType<typeof createSettingsRepository>;
  campaigns: CampaignsService;
  jobs: JobQueue;
  audit: ReturnType<typeof createAudit>;
}
