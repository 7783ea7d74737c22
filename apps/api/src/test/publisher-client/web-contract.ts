import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import prettier from 'prettier';

/**
 * The answers' contract the web tests' stubbed API holds its fixtures to (docs/style.md "Web
 * tests"): every route's response schemas by status, as JSON Schema taken from the served
 * /api/openapi.json (itself written from the domain's zod schemas), with the component references
 * inlined so each schema stands alone. `npm run contract:client` writes it beside the client, and
 * publisher-client.test.ts fails when the committed file is not a fresh generation, so a route
 * whose answer changes changes the fixtures' contract with it.
 */
export const webContractFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/src/test/api-contract.generated.json',
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function inlineReferences(value: Json, components: Record<string, Json>): Json {
  if (Array.isArray(value)) return value.map((item) => inlineReferences(item, components));
  if (value === null || typeof value !== 'object') return value;
  const reference = value.$ref;
  if (typeof reference === 'string') {
    const name = reference.replace('#/components/schemas/', '');
    const component = components[name];
    if (component === undefined) throw new Error(`the document names no component ${reference}`);
    return inlineReferences(component, components);
  }
  // People's words (descriptions, examples) are no part of what a fixture must match.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === 'description' && typeof item === 'string'))
      .filter(([key, item]) => !(key === 'examples' && Array.isArray(item)))
      .map(([key, item]) => [key, inlineReferences(item, components)]),
  );
}

/** `{ "GET /api/claims": { "200": schema, "400": schema, … }, … }`, formatted as the repository does. */
export async function generateWebContract(document: OpenAPI3): Promise<string> {
  const components = (document.components?.schemas ?? {}) as unknown as Record<string, Json>;
  const routes: Record<string, Record<string, Json>> = {};
  for (const [route, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, Json>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const responses = (operation as { responses?: Record<string, Json> }).responses ?? {};
      const byStatus: Record<string, Json> = {};
      for (const [status, response] of Object.entries(responses)) {
        const content = (response as { content?: Record<string, { schema?: Json }> }).content;
        const schema = content?.['application/json']?.schema;
        if (schema !== undefined) byStatus[status] = inlineReferences(schema, components);
      }
      routes[`${method.toUpperCase()} ${route}`] = byStatus;
    }
  }
  const options = await prettier.resolveConfig(webContractFile);
  return prettier.format(JSON.stringify(routes), { ...options, filepath: webContractFile });
}
