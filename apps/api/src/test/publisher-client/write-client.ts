import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateClientTypes, generatedClientFile } from './generate-client.ts';

/** `npm run contract:client`: writes openapi.generated.ts from the document the app serves now. */
await writeFile(generatedClientFile, await generateClientTypes());
console.log(`wrote ${path.relative(process.cwd(), generatedClientFile)}`);
