import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { accountsRoutes } from './accounts/routes';
import { adminRoutes } from './admin/routes';
import { alertsRoutes } from './alerts/routes';
import { analyticsRoutes } from './analytics/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { compareRoutes } from './compare/routes';
import { contentsReading } from './contents/reading';
import { contentsModule } from './contents/routes';
import { directoryRoutes } from './directory/routes';
import { emailModule } from './email/routes';
import { feedRoutes } from './feed/routes';
import { followsRoutes } from './follows/routes';
import { formsRoutes } from './forms/routes';
import { handleStatusRoutes } from './handle-status/routes';
import { handleRoutes } from './handles/routes';
import { healthRoutes } from './health/routes';
import { indexCheckRoutes } from './index-check/routes';
import { inviteRoutes } from './invites/routes';
import { jobsRoutes } from './jobs/routes';
import { linkCheckModule } from './link-check/routes';
import { listsRoutes } from './lists/routes';
import { notesRoutes } from './notes/routes';
import { ordersRoutes } from './orders/routes';
import { postsRoutes } from './posts/routes';
import { listVersionRoutes } from './posts/version-routes';
import { publicProfileRoutes } from './profiles/public-routes';
import { profilesRoutes } from './profiles/routes';
import { termsRoutes } from './profiles/terms-routes';
import { pushRoutes } from './push/routes';
import { sharingRoutes } from './sharing/routes';
import { tradeRoutes } from './trade/routes';

/** Every feature module, in registration order. Add a line per module. */
export async function registerModules(
  app: FastifyInstance,
  config: Config,
  options: { linkFetchCa?: string[] } = {},
): Promise<void> {
  await app.register(healthRoutes, { role: config.jobs.role });
  await app.register(authRoutes, { config });
  await app.register(auditRoutes);
  await app.register(publicProfileRoutes, { config });
  await app.register(sharingRoutes, { config });
  await app.register(adminRoutes, { config });
  await app.register(accountsRoutes, { config });
  await app.register(indexCheckRoutes);
  await app.register(jobsRoutes);
  await app.register(notesRoutes);
  await app.register(feedRoutes);
  await app.register(handleRoutes);
  await app.register(inviteRoutes);
  await app.register(handleStatusRoutes);
  await app.register(formsRoutes);
  await app.register(analyticsRoutes, { config });
  await app.register(followsRoutes);
  await app.register(postsRoutes, { config });
  await app.register(profilesRoutes);
  await app.register(termsRoutes);
  await app.register(directoryRoutes);
  await app.register(compareRoutes);
  await app.register(alertsRoutes);
  await app.register(pushRoutes, { config });
  await app.register(listsRoutes, { config });
  await app.register(listVersionRoutes, { config });
  await app.register(tradeRoutes);
  await app.register(ordersRoutes, { config });
  await app.register(emailModule, { config });
  // The watcher hands the files it fetched to the contents module's reading: wired here, not through a decorator.
  const reading = contentsReading(app);
  await app.register(linkCheckModule, {
    config,
    readFile: reading.recordFetched,
    ...(options.linkFetchCa ? { extraCa: options.linkFetchCa } : {}),
  });
  await app.register(contentsModule, { reading });
}
