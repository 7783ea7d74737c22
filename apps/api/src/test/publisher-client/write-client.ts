import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateClientTypes, generatedClientFile, servedDocument } from './generate-client.ts';
import { generateWebContract, webContractFile } from './web-contract.ts';

/**
 * `npm run contract:client`: writes openapi.generated.ts, and the web tests' contract
 * (api-contract.generated.json), from the document the app serves now.
 */
const document = await servedDocument();
await writeFile(generatedClientFile, await generateClientTypes(document));
await writeFile(webContractFile, await generateWebContract(document));
for (const file of [generatedClientFile, webContractFile])
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
