import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp, problemAnswers } from '../src/index.ts';
import { redoclyProblems } from './testing.ts';

/** The document of a service with one route, described by `schema`. */
const documentWith = async (schema: Record<string, unknown>) => {
  const app = await createServiceApp({
    name: 'test-service',
    logger: false,
    openapi: {
      jsonPath: '/api/openapi/test.json',
      title: 'Test API',
      tags: [{ name: 'cars', description: 'Cars' }],
    },
  });
  app.get('/api/cars/:id', { schema }, async () => ({ name: 'Corolla' }));
  const answer = await app.inject({ method: 'GET', url: '/api/openapi/test.json' });
  await app.close();
  return answer.json();
};

const described = {
  tags: ['cars'],
  summary: 'One car',
  params: z.object({ id: z.string() }),
  response: { 200: z.object({ name: z.string() }), ...problemAnswers(400, 404) },
};

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules when each operation is named, secured and refuses in problems', async () => {
    const document = await documentWith({
      ...described,
      operationId: 'getCar',
      security: [{ bearer: [] }],
    });
    expect(await redoclyProblems(document)).toEqual([]);
    expect(document.servers).toEqual([{ url: '/' }]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(document.paths['/api/cars/{id}'].get.responses['404']).toEqual({
      description: expect.stringMatching(/^Not Found: /),
      content: {
        'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
      },
    });
    expect(Object.keys(document.components.schemas)).toEqual(['Problem']);
    // The API-key scheme is offered only where an operation accepts it.
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer']);
  });

  it('is flagged by those rules when an operation lacks a name, its security or its refusals', async () => {
    const { response: _, ...withoutProblems } = described;
    const document = await documentWith({
      ...withoutProblems,
      response: { 200: described.response[200] },
    });
    const rules = (await redoclyProblems(document)).map((problem) => problem.split(' ')[1]);
    expect(rules.sort()).toEqual([
      'operation-4xx-response',
      'operation-operationId',
      'security-defined',
    ]);
  });
});
