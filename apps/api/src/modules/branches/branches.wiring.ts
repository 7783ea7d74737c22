import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { createSettingsRepository } from '../settings/settings.repository.ts';
import { createBranchDirectoryRepository } from './branch-directory.repository.ts';
import { createBranchesRepository } from './branches.repository.ts';
import { branchesRoutes } from './branches.routes.ts';
import { createBranchesService } from './branches.service.ts';

/** The branch routes over their repositories; the branches' repository is handed on to onboarding. */
export async function registerBranches(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    brands: BrandsRepository;
    settings: Pick<ReturnType<typeof createSettingsRepository>, 'read'>;
    config: Pick<Config, 'timezone'>;
    clock: () => Date;
  },
) {
  const branches = createBranchesRepository(deps.db);
  const directory = createBranchDirectoryRepository(deps.db);
  const service = createBranchesService({ ...deps, branches, directory, timeZone: deps.config.timezone });
  await api.register(branchesRoutes, { branches, brands: deps.brands, service });
  return { branches };
}
