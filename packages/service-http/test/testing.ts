// Test helpers for the services' OpenAPI documents: Redocly's lint and the typed client's
// generated types. Tests only: the services never import this entry.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * What Redocly's `recommended` rules find in a document, errors and warnings alike, one line
 * each: `severity rule at pointer: message`. Empty when the document passes.
 */
export async function redoclyProblems(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => {
      const where = problem.location[0]?.pointer ?? '';
      return `${problem.severity} ${problem.ruleId} at ${where}: ${problem.message}`;
    });
}

/** The header of every generated file: how to make it again. */
const generatedHeader = (command: string) =>
  `// Generated from the service's OpenAPI document by openapi-typescript; do not edit.\n` +
  `// Made again by: ${command}\n\n`;

/**
 * The TypeScript types (`paths`, `components`, `operations`) of a document, as
 * `openapi-typescript` writes them, for a client made with `openapi-fetch`.
 */
export async function openApiTypes(document: unknown, command: string): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
  return generatedHeader(command) + astToString(ast);
}

/**
 * The value of one series in a scrape (the text format), the sum when several series match the
 * labels given; undefined when none does.
 */
export function metricValue(
  scrape: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  let total: number | undefined;
  for (const line of scrape.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total = (total ?? 0) + Number(match[3]);
    }
  }
  return total;
}
