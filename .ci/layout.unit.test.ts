import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The direction of dependencies between workspaces, as docs/architecture.md draws it:
 * libraries (`packages/`) depend only on libraries, the services on libraries, and only `apps/`
 * composes services. Every workspace imports only what its package.json declares.
 */
const root = join(import.meta.dirname, '..');

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
type Workspace = { dir: string; layer: 'library' | 'service' | 'app' | 'web'; manifest: Manifest };

const read = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
const children = (dir: string) =>
  readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());

const workspaces: Workspace[] = [
  ...children('packages').map((name) => ({
    dir: `packages/${name}`,
    layer: 'library' as const,
    manifest: read(`packages/${name}`),
  })),
  ...['command-service', 'query-service', 'projection-service'].map((dir) => ({
    dir,
    layer: 'service' as const,
    manifest: read(dir),
  })),
  ...children('apps').map((name) => ({
    dir: `apps/${name}`,
    layer: 'app' as const,
    manifest: read(`apps/${name}`),
  })),
  { dir: 'web', layer: 'web', manifest: read('web') },
];
const layerOf = new Map(workspaces.map((w) => [w.manifest.name, w.layer]));

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(dir, file));

const importedWorkspaces = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/from '(@second-gear\/[\w-]+)/g)].map(
    (match) => match[1] as string,
  );

const allowed: Record<Workspace['layer'], Workspace['layer'][]> = {
  library: ['library'],
  service: ['library'],
  app: ['library', 'service', 'app'],
  web: ['library'],
};

describe('workspace layout', () => {
  it('finds every workspace of each layer', () => {
    for (const layer of ['library', 'service', 'app', 'web'] as const)
      expect(
        workspaces.some((w) => w.layer === layer),
        layer,
      ).toBe(true);
  });

  for (const { dir, layer, manifest } of workspaces) {
    it(`${dir} (${layer}) depends only on ${allowed[layer].join(', ')} workspaces`, () => {
      const wrong = Object.keys(manifest.dependencies ?? {})
        .concat(layer === 'library' ? Object.keys(manifest.devDependencies ?? {}) : [])
        .filter((name) => layerOf.has(name) && !allowed[layer].includes(layerOf.get(name)!));
      expect(wrong).toEqual([]);
    });

    it(`${dir} imports only the workspaces its package.json declares`, () => {
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.devDependencies ?? {}),
      ]);
      const undeclared = sourceFiles(dir).flatMap((file) =>
        importedWorkspaces(file)
          .filter((name) => !declared.has(name))
          .map((name) => `${relative(root, join(root, file))}: ${name}`),
      );
      expect(undeclared).toEqual([]);
    });
  }
});

/**
 * The features workspace: one folder per feature (`src/<feature>/`), the shared machinery in
 * `src/platform/`, the lists of every feature in `src/registry/` and `src/contract/`. Platform
 * code imports no feature folder, and names the registry's and the contract lists' types only; a feature reaches another only through that one's
 * `index.ts`, or its `events.ts` and `contract.ts` (the events and HTTP shapes it publishes,
 * which import no other file of a feature); code outside the workspace reaches a feature only through the package's entry
 * points, never a feature's file.
 */
const features = join(root, 'packages/features/src');
const sharedFolders = new Set(['platform', 'registry', 'contract']);
const featureFolders = children('packages/features/src').filter((name) => !sharedFolders.has(name));

/** Each relative import of `file`: the folder of `src` and the file it reaches, and whether it names types only. */
const importsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(/^import (type )?[^;]*? from '(\.{1,2}\/[^']+)';/gms),
  ].map((match) => {
    const target = relative(features, join(file, '..', match[2] as string));
    return { folder: target.split('/')[0] ?? '', target, typeOnly: match[1] !== undefined };
  });

/** The folders of `src` (and the file) that each relative import of `file` reaches. */
const reachedFolders = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => {
    const target = relative(features, join(file, '..', match[1] as string));
    const [folder = '', ...rest] = target.split('/');
    return { folder, path: rest.join('/'), target };
  });

describe('feature slices', () => {
  it('finds the feature folders', () => {
    expect(featureFolders).toEqual(
      expect.arrayContaining(['bookings', 'cars', 'categories', 'members', 'users']),
    );
  });

  it('keeps platform code free of features', () => {
    // The shared contract fields import no feature; the registry and the contract's lists do,
    // so platform code may name their types but never run them (`import type`).
    const sharedFields = /^contract\/(fields|numbers|pictures)\.ts$/;
    const wrong = sourceFiles('packages/features/src/platform').flatMap((file) =>
      importsOf(join(root, file))
        .filter(
          ({ folder, target, typeOnly }) =>
            featureFolders.includes(folder) ||
            (['registry', 'contract'].includes(folder) && !typeOnly && !sharedFields.test(target)),
        )
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  for (const feature of featureFolders) {
    it(`${feature} reaches other features only through their index.ts, events.ts or contract.ts`, () => {
      const wrong = sourceFiles(`packages/features/src/${feature}`).flatMap((file) =>
        reachedFolders(join(root, file))
          .filter(
            ({ folder, path }) =>
              folder !== feature &&
              featureFolders.includes(folder) &&
              !['index.ts', 'events.ts', 'contract.ts'].includes(path),
          )
          .map(({ target }) => `${file} -> ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it('lets other workspaces reach features only through the package entry points', () => {
    const outside = workspaces.filter((w) => w.dir !== 'packages/features');
    const wrong = outside.flatMap(({ dir }) =>
      sourceFiles(dir).flatMap((file) =>
        [
          ...readFileSync(join(root, file), 'utf8').matchAll(
            /from '@second-gear\/features\/([^']+)'/g,
          ),
        ]
          .map((match) => match[1] as string)
          .filter(
            (entry) =>
              !/^(contract(\/[\w-]+)?|rules|platform\/.+)$/.test(entry) &&
              // The matrix's rows and support are for tests alone.
              !(/^test\/[\w-]+$/.test(entry) && /(^|\/)test\//.test(file)),
          )
          .map((entry) => `${file}: ${entry}`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});
