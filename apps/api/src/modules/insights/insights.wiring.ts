import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReportingRepository } from '../reporting/reporting.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { createInsightsVisitorsRepository } from './insights-visitors.repository.ts';
import { createInsightsVisitorsService } from './insights-visitors.service.ts';
import { createInsightsRepository } from './insights.repository.ts';
import { insightsRoutes } from './insights.routes.ts';
import { createInsightsService } from './insights.service.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService, reanalyseJob } from './reviews.service.ts';

/**
 * Social analytics (spec 3 §2.7): the insights and reviews routes, the visitors' passes, and the
 * job that analyses outdated reviews again. Wired here so app.ts names the area once.
 */
export async function registerInsights(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    jobs: JobQueue;
    brands: BrandsRepository;
    users: Pick<UsersRepository, 'systemAdminEmails'>;
    reporting: ReportingRepository;
    mailer: Mailer;
    timeZone: string;
    clock: () => Date;
  },
) {
  const { db, jobs, brands, users, reporting, mailer, timeZone, clock } = deps;
  const reviewsRepository = createReviewsRepository(db);
  const reviews = createReviewsService({ db, repository: reviewsRepository, jobs, clock });
  jobs.handle(reanalyseJob, async () => {
    const count = await reviews.reanalyseOutdated();
    if (count > 0) api.log.info({ count }, 'reviews re-analysed');
  });
  await api.register(insightsRoutes, {
    service: createInsightsService({
      insights: createInsightsRepository(db),
      brands,
      reporting,
      timeZone,
      clock,
    }),
    visitors: createInsightsVisitorsService({
      visitors: createInsightsVisitorsRepository(db),
      brands,
      users,
      mailer,
      clock,
    }),
  });
  await api.register(reviewsRoutes, { reviews, repository: reviewsRepository });
}
