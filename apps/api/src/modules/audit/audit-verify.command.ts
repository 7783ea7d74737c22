import { parseArgs } from 'node:util';
import { messages } from '@krowd/domain/messages/messages';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createAuditRepository } from './audit.repository.ts';
import { parseAnchor, verifyAuditChain } from './audit.service.ts';

/**
 * `npm run audit:verify [-- --anchor <event>:<hash>]` (docs/decisions/0113): walks the audit log's
 * hash chain in the configured database (DATABASE_URL, else the PGlite DATA_DIR), checks each
 * event's signature when AUDIT_SIGNING_KEY is set, and that the anchored event (from a daily
 * digest, or an earlier run's last line) is still there unchanged. Exits 1 at the first break (an
 * edited event, a removed one, a link that does not follow, a forged or unsigned one, a removed or
 * rewritten anchor), 0 when every event is intact, printing the newest event to keep as the next
 * anchor.
 */
const { values } = parseArgs({ options: { anchor: { type: 'string' } } });
const anchor = values.anchor === undefined ? undefined : parseAnchor(values.anchor);
if (anchor === null) {
  console.error(messages.audit.anchorInvalid);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: 1,
  pooling: config.databasePooling,
});
try {
  const { checked, broken, head, signed } = await verifyAuditChain(createAuditRepository(database.db), {
    signingKey: config.auditSigningKey,
    anchor,
  });
  if (broken) {
    console.error(messages.audit.chainBroken(broken.seq, broken.problem));
    process.exitCode = 1;
  } else {
    console.log(messages.audit.chainIntact(checked, signed));
    if (signed > 0 && !config.auditSigningKey) console.log(messages.audit.signaturesNotChecked);
    if (head) console.log(messages.audit.chainHead(head.seq, head.hash));
  }
} finally {
  await database.close();
}
