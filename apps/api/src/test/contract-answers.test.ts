import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAnswerChecker } from './contract-answers.ts';

const document = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { role: { type: ['string', 'null'], enum: ['admin', null] } },
                  required: ['role'],
                },
              },
            },
          },
        },
      },
    },
  },
};

const answer = (statusCode: number, body: unknown) =>
  ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    json: () => body,
  }) as unknown as LightMyRequestResponse;

describe('the answer checker', () => {
  const problemsOf = createAnswerChecker(document);

  it('passes an answer its schema allows, null included', () => {
    expect(problemsOf('GET /api/things/:id', answer(200, { role: 'admin' }))).toEqual([]);
    expect(problemsOf('GET /api/things/:id', answer(200, { role: null }))).toEqual([]);
  });

  it('names a value the schema does not allow', () => {
    expect(problemsOf('GET /api/things/:id', answer(200, { role: 'owner' }))).toEqual([
      expect.stringContaining('/role must be equal to one of the allowed values'),
    ]);
  });

  it('names a status the operation does not declare', () => {
    expect(problemsOf('GET /api/things/:id', answer(404, { code: 'not_found' }))).toEqual([
      'GET /api/things/:id: status 404 is not declared',
    ]);
  });
});

describe('an answer whose schema refers to a component', () => {
  const problemsOf = createAnswerChecker({
    components: {
      schemas: {
        ErrorBody: {
          type: 'object',
          properties: { code: { type: 'string', enum: ['not_found'] }, errorMessage: { type: 'string' } },
          required: ['code', 'errorMessage'],
        },
      },
    },
    paths: {
      '/api/things/{id}': {
        get: {
          responses: {
            404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          },
        },
      },
    },
  });

  it('is checked against the component', () => {
    expect(problemsOf('GET /api/things/:id', answer(404, { code: 'not_found', errorMessage: 'No' }))).toEqual(
      [],
    );
    expect(problemsOf('GET /api/things/:id', answer(404, { errorMessage: 'No' }))).toEqual([
      expect.stringContaining("must have required property 'code'"),
    ]);
  });
});
