import type { Agent as HttpsAgent } from 'node:https'
import fastifyCookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { describeDocument, describeOperation, securitySchemes } from './http/api-docs.ts'
import { registerAuth } from './http/auth.ts'
import { createOriginCheck, registerCsrfProtection } from './http/csrf.ts'
import { registerErrorHandling } from './http/errors.ts'
import { defaultLimits, type Limits, registerRateLimits, scaleLimits } from './http/rate-limits.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { registerWeb } from './http/web.ts'
import { startJobs } from './jobs/queue.ts'
import { createBroadcast } from './lib/broadcast.ts'
import { createOutbound } from './lib/outbound.ts'
import { serverSecret } from './lib/secrets.ts'
import { createAgreementsModule } from './modules/agreements/module.ts'
import { publicSigningRoutes } from './modules/agreements/public-routes.ts'
import { agreementRoutes } from './modules/agreements/routes.ts'
import { apiKeyRoutes } from './modules/auth/api-key-routes.ts'
import { createApiKeys } from './modules/auth/api-keys.ts'
import { createExternalSignInModule } from './modules/auth/external.ts'
import { externalSignInRoutes } from './modules/auth/external-routes.ts'
import { createOneTimeTokens } from './modules/auth/one-time-tokens.ts'
import { authRoutes } from './modules/auth/routes.ts'
import { createAuthService } from './modules/auth/service.ts'
import { createSessions } from './modules/auth/sessions.ts'
import { createAutomationsModule } from './modules/automations/module.ts'
import { automationRoutes } from './modules/automations/routes.ts'
import { createBookingModule } from './modules/booking/module.ts'
import { createBookingOrigins } from './modules/booking/origins.ts'
import { publicBookingRoutes } from './modules/booking/public-routes.ts'
import { bookingRoutes } from './modules/booking/routes.ts'
import { calendarRoutes } from './modules/calendar/routes.ts'
import { createCalendarService } from './modules/calendar/service.ts'
import { createChatModule } from './modules/chat/module.ts'
import { chatRoutes } from './modules/chat/routes.ts'
import { createClientsModule } from './modules/clients/module.ts'
import { clientRoutes } from './modules/clients/routes.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { createContactService } from './modules/contact/service.ts'
import { createDealsModule } from './modules/deals/module.ts'
import { dealRoutes } from './modules/deals/routes.ts'
import { createExportsModule } from './modules/exports/module.ts'
import { exportRoutes } from './modules/exports/routes.ts'
import { createFilesModule } from './modules/files/module.ts'
import { fileRoutes, publicFileRoutes } from './modules/files/routes.ts'
import { createInboxModule } from './modules/inbox/module.ts'
import { mailRoutes } from './modules/inbox/routes.ts'
import { createInsightsModule } from './modules/insights/module.ts'
import { insightsRoutes } from './modules/insights/routes.ts'
import { createInvoicesModule } from './modules/invoices/module.ts'
import { invoiceRoutes, publicInvoiceRoutes } from './modules/invoices/routes.ts'
import { createLandingModule } from './modules/landing/module.ts'
import { landingRoutes, publicLandingRoutes } from './modules/landing/routes.ts'
import { createMailer, type Mailer } from './modules/mail/mailer.ts'
import { createMeetingsModule } from './modules/meetings/module.ts'
import { meetingRoutes } from './modules/meetings/routes.ts'
import { createMessagesModule } from './modules/messages/module.ts'
import { messageRoutes } from './modules/messages/routes.ts'
import { createNotificationsModule } from './modules/notifications/module.ts'
import { notificationRoutes } from './modules/notifications/routes.ts'
import { organizationRoutes } from './modules/organizations/routes.ts'
import { createOrganizationService } from './modules/organizations/service.ts'
import { overviewRoutes } from './modules/overview/routes.ts'
import { createOverviewService } from './modules/overview/service.ts'
import { createPostsModule } from './modules/posts/module.ts'
import { postRoutes, publicPostRoutes } from './modules/posts/routes.ts'
import { createInquiryService } from './modules/products/inquiries.ts'
import { publishedProduct } from './modules/products/module.ts'
import { publicProductRoutes } from './modules/products/public-routes.ts'
import { createProductRoomService } from './modules/products/room.ts'
import { productRoutes } from './modules/products/routes.ts'
import { createProductService } from './modules/products/service.ts'
import { createRecordingsModule } from './modules/recordings/module.ts'
import { recordingRoutes } from './modules/recordings/routes.ts'
import { createRoutingModule } from './modules/routing/module.ts'
import { createRoutedBookings } from './modules/routing/routed-bookings.ts'
import { publicRoutingRoutes, routingRoutes } from './modules/routing/routes.ts'
import { createSalesroomModule, roomCookie } from './modules/salesrooms/module.ts'
import { publicSalesroomRoutes } from './modules/salesrooms/public-routes.ts'
import { salesroomRoutes } from './modules/salesrooms/routes.ts'
import { systemRoutes } from './modules/system/routes.ts'
import { teamRoutes } from './modules/teams/routes.ts'
import { createTeamService } from './modules/teams/service.ts'
import { userRoutes } from './modules/users/routes.ts'
import { createUserService } from './modules/users/service.ts'
import { createWebhooksModule } from './modules/webhooks/module.ts'
import { webhookRoutes } from './modules/webhooks/routes.ts'
import { createRealtime } from './realtime/server.ts'
import { createRoomAccess } from './realtime/threads.ts'

export type AppDeps = {
  config: Config
  database: Database
  /** Shared by rate limits across processes; absent on the embedded default. */
  redis?: Redis
  mailer?: Mailer
  limits?: Limits
  logger?: FastifyServerOptions['logger']
  /** Trusts the tests' local push service (HTTPS with its own certificate). */
  pushAgent?: HttpsAgent
}

/** Builds the whole server: API, socket.io and the SPA. Tests call this; main.ts only adds listen(). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  registerSecurityHeaders(app)
  await app.register(fastifyCookie)
  const originAllowed = createOriginCheck(config.trustedOrigins)
  registerCsrfProtection(app, originAllowed)

  const db = database.db
  const broadcast = await createBroadcast(deps.redis)
  app.addHook('onClose', async () => broadcast.close())
  const sessions = createSessions(db, await serverSecret(db, 'session-signing-key'), broadcast)
  const tokens = createOneTimeTokens(db)
  const jobs = await startJobs(database, app.log)
  app.addHook('onClose', async () => jobs.stop({ graceful: false }))
  const mailer = deps.mailer ?? (await createMailer({ db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }))
  const apiKeys = createApiKeys(db, broadcast)
  const limits = await registerRateLimits(app, deps.limits ?? scaleLimits(defaultLimits, config.rateLimitMultiplier), deps.redis)
  registerAuth(app, { sessions, apiKeys, keyLimit: limits.apiKey })

  const realtime = await createRealtime({
    httpServer: app.server,
    sessions,
    redisUrl: config.redisUrl,
    originAllowed,
    log: app.log,
    roomAccess: createRoomAccess(db),
  })
  app.addHook('onClose', async () => realtime.close())
  const { notifications, push } = await createNotificationsModule({
    db,
    realtime,
    jobs,
    mailer,
    appUrl: config.appUrl,
    pushAgent: deps.pushAgent,
  })

  const auth = createAuthService({ db, sessions, tokens, mailer, appUrl: config.appUrl })
  const externalSignIn = await createExternalSignInModule({ db, auth, sessions, providers: config.signInProviders, appUrl: config.appUrl })
  const users = createUserService({ db, sessions, tokens, mailer, realtime, appUrl: config.appUrl })
  // A deleted team takes its event types and their bookings with it: booking (built below) forgets its copies.
  const teams = createTeamService({ db, removed: () => booking.cache.teamDeleted() })
  const organizations = createOrganizationService({ db })
  const overview = createOverviewService({ db })
  const insights = createInsightsModule({ db })
  const contact = createContactService({ mailer, to: config.contactEmail, log: app.log })
  // Every request to an address a user gave (a CalDAV server, a logo) goes through this: see lib/outbound.ts.
  const outbound = createOutbound(config.allowPrivateTargets)
  const calendar = await createCalendarService({
    db,
    outbound,
    broadcast,
    secret: await serverSecret(db, 'calendar-encryption-key'),
    log: app.log,
    appUrl: config.appUrl,
  })
  // Below every module with events: each is handed `webhooks.emit` and tells it what happened.
  const webhooks = await createWebhooksModule({
    db,
    jobs,
    outbound,
    notifications,
    secret: await serverSecret(db, 'webhook-encryption-key'),
    // Plain http only where the operator let the server reach private targets (a LAN, the tests).
    allowHttp: config.allowPrivateTargets !== '',
    timing: config.webhooks,
    log: app.log,
  })
  const dealsModule = createDealsModule({ db, realtime, emit: webhooks.emit, emitMany: webhooks.emitMany })
  const products = createProductService({ db })
  const clients = createClientsModule({ db, emit: webhooks.emit, emitMany: webhooks.emitMany })
  const messages = createMessagesModule({ db, realtime, deals: dealsModule })
  const files = createFilesModule({ db, dataDir: config.dataDir, limitBytes: config.filesStorageLimitBytes })
  // Members' mailboxes are read in this process; a broken one records its error and never stops the server.
  const inbox = createInboxModule({
    db,
    secret: await serverSecret(db, 'mail-encryption-key'),
    outbound,
    clients,
    deals: dealsModule,
    files: files.store,
    log: app.log,
    realtime,
  })
  app.addHook('onClose', async () => inbox.stop())
  const automations = await createAutomationsModule({
    db,
    jobs,
    mailer,
    notifications,
    deals: dealsModule,
    clients,
    log: app.log,
  })
  const agreements = await createAgreementsModule({
    db,
    jobs,
    mailer,
    realtime,
    notifications,
    deals: dealsModule,
    automations,
    emit: webhooks.emit,
    files: files.store,
    library: files.library,
    appUrl: config.appUrl,
    dataDir: config.dataDir,
    outbound,
    certificate: config.agreementCertFile ? { file: config.agreementCertFile, passphrase: config.agreementCertPassphrase } : undefined,
    log: app.log,
  })
  const invoices = createInvoicesModule({
    db,
    mailer,
    deals: dealsModule,
    appUrl: config.appUrl,
    outbound,
    emit: webhooks.emit,
    log: app.log,
  })
  // The room lists the deal's agreements and where each stands, and its sent invoices: ports, as those modules sit above the rooms'.
  const salesrooms = await createSalesroomModule({
    agreements,
    invoices,
    db,
    mailer,
    realtime,
    notifications,
    appUrl: config.appUrl,
    automations,
    deals: dealsModule,
    files: files.store,
    library: files.library,
    emit: webhooks.emit,
  })
  // The team chat lists the deal, client and sales room threads beside its conversations, asking their modules.
  const chat = createChatModule({ db, realtime, files: files.store, threadSources: [messages, salesrooms.chat] })
  const recordings = await createRecordingsModule({
    db,
    jobs,
    realtime,
    news: salesrooms.news,
    emit: webhooks.emit,
    log: app.log,
    dataDir: config.dataDir,
  })
  // After the rooms and automations: a booking made from a sales room or a product room tells them.
  const origins = createBookingOrigins({
    db,
    visitors: salesrooms.visitors,
    automations,
    productRoom: (roomId) => publishedProduct(db, roomId),
    deals: dealsModule,
  })
  // Routing sits above booking (its outcomes book booking's event types): booking asks it through this port.
  const routedBookings = createRoutedBookings({ db, deals: dealsModule })
  const booking = await createBookingModule({
    db,
    jobs,
    mailer,
    realtime,
    notifications,
    appUrl: config.appUrl,
    log: app.log,
    broadcast,
    calendar,
    origins,
    routing: routedBookings,
    emit: webhooks.emit,
  })
  const routing = createRoutingModule({
    db,
    deals: dealsModule,
    clients,
    handles: booking.handles,
    jobs,
    notifications,
    broadcast,
    emit: webhooks.emit,
  })
  await routing.noBooking.start()
  const productRooms = createProductRoomService({ db, appUrl: config.appUrl, pages: booking.pages })
  const inquiries = createInquiryService({ db, deals: dealsModule, clients, notifications, automations })
  const posts = createPostsModule({ db, files: files.store })
  // Reads every other module's tables to write the organization's archive; nothing depends on it.
  const exportsModule = await createExportsModule({ db, jobs, realtime, notifications, files: files.store, log: app.log })
  const landing = createLandingModule({ db, posts: posts.published })
  const meetings = createMeetingsModule({
    db,
    realtime,
    appUrl: config.appUrl,
    iceServers: config.iceServers,
    log: app.log,
    isRecording: recordings.capture.isRecording,
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Closeroom API',
        version: '0.1.0',
        description:
          'Sales meetings, deals and bookings. Every call answers errors as `{ message, code }`. Call it with an API key (`Authorization: Bearer …`, created in Settings › API keys) or the session cookie of the web app.',
      },
      servers: [{ url: new URL(config.appUrl).origin, description: 'This Closeroom server' }],
      components: { securitySchemes },
    },
    // Each operation gets an operationId, a summary and its security (http/api-docs.ts).
    transform: describeOperation,
    // Schemas named with .meta({ id }) (the recursive routing conditions) become components the paths refer to.
    transformObject: describeDocument,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(
    async (api) => {
      systemRoutes(api, { database })
      authRoutes(api, { auth, sessions, limits })
      apiKeyRoutes(api, { apiKeys })
      externalSignInRoutes(api, { ...externalSignIn, limits })
      userRoutes(api, { users })
      notificationRoutes(api, { notifications, push })
      teamRoutes(api, { teams })
      organizationRoutes(api, { organizations })
      overviewRoutes(api, { overview })
      insightsRoutes(api, insights)
      contactRoutes(api, { contact, limits })
      calendarRoutes(api, { calendar, appUrl: config.appUrl })
      bookingRoutes(api, booking)
      publicBookingRoutes(api, { ...booking, limits, roomCookie })
      dealRoutes(api, dealsModule)
      productRoutes(api, { products, rooms: productRooms })
      publicProductRoutes(api, { rooms: productRooms, inquiries, limits })
      clientRoutes(api, clients)
      mailRoutes(api, { ...inbox, files: files.store })
      messageRoutes(api, messages)
      chatRoutes(api, chat)
      salesroomRoutes(api, salesrooms)
      publicSalesroomRoutes(api, { ...salesrooms, recordings, limits })
      recordingRoutes(api, recordings)
      fileRoutes(api, files)
      publicFileRoutes(api, { ...files, limits })
      automationRoutes(api, automations)
      agreementRoutes(api, agreements)
      publicSigningRoutes(api, { ...agreements, limits })
      invoiceRoutes(api, invoices)
      publicInvoiceRoutes(api, { ...invoices, limits })
      landingRoutes(api, landing)
      publicLandingRoutes(api, { ...landing, limits })
      postRoutes(api, posts)
      publicPostRoutes(api, { ...posts, limits })
      meetingRoutes(api, { ...meetings, limits })
      routingRoutes(api, routing)
      webhookRoutes(api, webhooks)
      exportRoutes(api, exportsModule)
      publicRoutingRoutes(api, { ...routing, limits })
    },
    { prefix: '/api' },
  )

  await registerWeb(app, config.webDist)
  await inbox.start()
  app.decorate('realtime', realtime)
  // Tests run a queued reminder's work without waiting for its time.
  app.decorate('booking', booking)
  // Tests fire product automations as the product room and booking would.
  app.decorate('automations', automations)
  // Tests finish an abandoned recording without waiting two quiet minutes.
  app.decorate('recordings', recordings)
  // Tests run an agreement's reminder, expiry and seal without waiting for their time.
  app.decorate('agreements', agreements)
  // Tests run the no-booking follow-up without waiting for the form's delay (Fastify keeps 'routing' for itself).
  app.decorate('routingModule', routing)
  // Tests wait for a mailbox's next sync round instead of polling.
  app.decorate('inbox', inbox)
  // Tests expire an export without waiting seven days.
  app.decorate('exports', exportsModule.exports)
  // The demo seed stores its library's PDFs where uploads go.
  app.decorate('fileStore', files.store)
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
