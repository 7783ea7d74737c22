import type { LightMyRequestResponse } from 'fastify';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { createAnswerChecker, type ContractDocument } from '../contract-answers.ts';
import type { paths } from './openapi.generated.ts';

/**
 * openapi-fetch's client over the generated `paths` (decision 0099), as a publisher's engineer
 * would make one, held to the served document at run time as the types hold it at compile time:
 *
 * - a credential is sent only where the operation's `security` names its scheme, and the way the
 *   scheme's declaration says (an apiKey header by its `name`, http bearer as `Authorization`), so
 *   a wrong security declaration fails the call instead of being papered over by the test;
 * - every answer must be a status the operation declares and validate against its schema
 *   (test/contract-answers.ts), and every failure must carry a `code`.
 *
 * A call breaking either rule rejects with what was wrong.
 */
export interface ServedDocument extends ContractDocument {
  paths: Record<string, Record<string, ServedOperation>>;
  components: { schemas?: Record<string, object>; securitySchemes: Record<string, SecurityScheme> };
}

interface ServedOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

type SecurityScheme =
  { type: 'apiKey'; in: 'header' | 'cookie' | 'query'; name: string } | { type: 'http'; scheme: string };

/** A credential by the name of its scheme in the document (`bearer`, `publisherKey`, …). */
export interface Credential {
  scheme: string;
  secret: string;
}

export type PublisherClient = Client<paths>;

export function publisherClient(
  baseUrl: string,
  document: ServedDocument,
  credential?: Credential,
): PublisherClient {
  const client = createClient<paths>({ baseUrl });
  client.use(documentRules(document, credential));
  return client;
}

function documentRules(document: ServedDocument, credential: Credential | undefined): Middleware {
  const problemsOf = createAnswerChecker(document);
  const operationOf = (request: Request, schemaPath: string) => {
    const operation = document.paths[schemaPath]?.[request.method.toLowerCase()];
    if (!operation) throw new Error(`${request.method} ${schemaPath} is not in the document`);
    return operation;
  };
  return {
    onRequest({ request, schemaPath }) {
      const operation = operationOf(request, schemaPath);
      const requirements = operation.security ?? [];
      if (!credential) {
        const open = requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);
        if (!open) throw new Error(`${operation.operationId} takes a credential by the document`);
        return request;
      }
      if (!requirements.some((requirement) => credential.scheme in requirement)) {
        throw new Error(`${operation.operationId} does not take ${credential.scheme} by the document`);
      }
      const scheme = document.components.securitySchemes[credential.scheme];
      if (scheme?.type === 'apiKey' && scheme.in === 'header')
        request.headers.set(scheme.name, credential.secret);
      else if (scheme?.type === 'http' && scheme.scheme === 'bearer')
        request.headers.set('authorization', `Bearer ${credential.secret}`);
      else throw new Error(`the document's ${credential.scheme} scheme is not one this client sends`);
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      const operation = operationOf(request, schemaPath);
      const body = await response.clone().text();
      const answer = {
        statusCode: response.status,
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
        body,
        json: () => JSON.parse(body) as unknown,
      } as unknown as LightMyRequestResponse;
      const problems = problemsOf(`${request.method} ${schemaPath}`, answer);
      if (response.status >= 400) {
        const code = body ? (JSON.parse(body) as { code?: unknown }).code : undefined;
        if (typeof code !== 'string') problems.push(`${operation.operationId} ${response.status}: no code`);
      }
      if (problems.length > 0) throw new Error(`the answer breaks the document:\n${problems.join('\n')}`);
      return response;
    },
  };
}
