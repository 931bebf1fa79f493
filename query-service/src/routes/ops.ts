import { lastFailedDeliveries } from '@second-gear/features';
import { OpsStatus } from '@second-gear/features/contract';
import type { QueryContext } from '@second-gear/features/platform/reads/context.ts';
import { requireAdmin, viewerOf } from '@second-gear/features/platform/reads/viewer.ts';
import { lagAfter, readModelStatus, readReactorStates } from '@second-gear/read-model';
import { problemAnswers, type ServiceApp } from '@second-gear/service-http';

/**
 * The operations page's one read: each projection and reactor with its position, lag, parked
 * events and last error, from the stored checkpoints and the store itself (what
 * `npm run projections -- status` prints). Admins only; the page asks again every few seconds
 * and takes rates from the difference.
 */
export const opsRoutes = (app: ServiceApp, ctx: QueryContext) => {
  app.get(
    '/api/ops/status',
    {
      schema: {
        operationId: 'getOperationsStatus',
        tags: ['operations'],
        summary: 'Each projection and reactor: position, lag, rate, last error (admins)',
        response: { 200: OpsStatus, ...problemAnswers(401, 403) },
        security: [{ bearer: [] }],
      },
      preHandler: app.authenticate,
    },
    async (request, reply): Promise<OpsStatus> => {
      requireAdmin(await viewerOf(ctx.db, ctx.schema, request));
      reply.header('cache-control', 'no-store');
      const now = Date.now();
      const [model, reactors, failedDeliveries] = await Promise.all([
        readModelStatus(ctx.store, ctx.db, ctx.schema),
        readReactorStates(ctx.db),
        lastFailedDeliveries(ctx),
      ]);
      return {
        at: new Date(now).toISOString(),
        head: model.head?.toString() ?? null,
        projections: await Promise.all(
          model.projections.map(async (projection) => ({
            name: projection.name,
            position: projection.position?.toString() ?? null,
            lagEvents: projection.eventsBehind,
            lagEventsCapped: projection.eventsBehindCapped,
            lagSeconds: projection.lagSeconds,
            parked: projection.parked,
            eventsApplied: projection.eventsApplied,
            updatedAt: projection.updatedAt.toISOString(),
            refused: projection.refused ?? null,
          })),
        ),
        reactors: await Promise.all(
          reactors.map(async (reactor) => ({
            name: reactor.name,
            position: reactor.position?.toString() ?? null,
            ...(await lagAfter(ctx.store, reactor.position, now)),
            parked: reactor.parked,
            failing: reactor.failing
              ? {
                  position: reactor.failing.position.toString(),
                  attempts: reactor.failing.attempts,
                  since: reactor.failing.since.toISOString(),
                  lastError: reactor.failing.lastError,
                  nextAttemptAt: reactor.failing.nextAttemptAt.toISOString(),
                }
              : null,
          })),
        ),
        failedDeliveries,
        pendingMigrations: model.pendingMigrations,
        unfinishedRebuild: model.unfinishedRebuild,
        rebuild: {
          command: 'npm run projections -- rebuild',
          docs: 'docs/read-model.md',
        },
      };
    },
  );
};
