import { messages } from '@krowd/domain/messages/messages';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createAuditRepository } from './audit.repository.ts';
import { verifyAuditChain } from './audit.service.ts';

/**
 * `npm run audit:verify` (docs/decisions/0113): walks the audit log's hash chain in the configured
 * database (DATABASE_URL, else the PGlite DATA_DIR) and exits 1 at the first break (an edited
 * event, a removed one, a link that does not follow), 0 when every event is intact.
 */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: 1,
  pooling: config.databasePooling,
});
try {
  const { checked, broken } = await verifyAuditChain(createAuditRepository(database.db));
  if (broken) {
    console.error(messages.audit.chainBroken(broken.seq, broken.problem));
    process.exitCode = 1;
  } else {
    console.log(messages.audit.chainIntact(checked));
  }
} finally {
  await database.close();
}
