import type { LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Real answers held to the served OpenAPI document (decision 0076): an answer's status must
 * be one its operation declares, and a JSON answer must validate against the declared schema
 * (JSON Schema 2020-12, as OpenAPI 3.1 reads it). A route answering what its document does not
 * say breaks every client generated from it.
 */
export interface ContractDocument {
  paths?: Record<string, Record<string, OperationObject | undefined> | undefined>;
  components?: { schemas?: Record<string, object>; securitySchemes?: Record<string, unknown> };
}

interface OperationObject {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

export function createAnswerChecker(document: ContractDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  // An answer's schema may refer to the document's components (`#/components/schemas/ErrorBody`):
  // they are compiled as one schema of their own, and the answer's references point into it.
  const componentsId = 'urn:krowd:openapi-components';
  ajv.addSchema({ $id: componentsId, components: document.components ?? {} });
  const withComponents = (schema: object) =>
    JSON.parse(JSON.stringify(schema), (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith('#/components/') ? `${componentsId}${value}` : value,
    ) as object;
  const compiled = new Map<string, ValidateFunction | null>();

  /** The route ("GET /api/users/:id") as the document names it ("/api/users/{id}"). */
  const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

  /**
   * What is wrong with the answer, by the document; [] when it holds. Routes the document does
   * not describe (the documentation's own) are not checked.
   */
  return function problemsOf(route: string, response: LightMyRequestResponse): string[] {
    const [method, path] = route.split(' ') as [string, string];
    const operation = document.paths?.[documentPath(path.split('?')[0]!)]?.[method.toLowerCase()];
    if (!operation) return [];
    const status = String(response.statusCode);
    const declared = operation.responses?.[status] ?? operation.responses?.default;
    if (!declared) return [`${route}: status ${status} is not declared`];
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('application/json') || !response.body) return [];
    const key = `${route} ${status}`;
    if (!compiled.has(key)) {
      const schema = declared.content?.['application/json']?.schema;
      compiled.set(key, schema ? ajv.compile(withComponents(schema)) : null);
    }
    const validate = compiled.get(key);
    if (!validate) return [`${route}: status ${status} declares no JSON answer`];
    if (validate(response.json())) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${route} ${status}: ${error.instancePath || '(answer)'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  };
}
