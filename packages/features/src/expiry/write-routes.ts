import type { ServiceApp } from '@second-gear/service-http';
import type { RunCommand } from '../platform/commands/command-route.ts';
import { idCommandRoute } from '../platform/commands/id-command-route.ts';
import { expiryWriteCalls } from './contract.ts';

/** A seller renews their listing in one call. */
export function expiryWriteRoutes(app: ServiceApp, { run }: { run: RunCommand }): void {
  idCommandRoute(app, run, expiryWriteCalls, 'renewCar', {
    command: (carId, actor) => ({ type: 'RenewCar', actor, data: { carId } }),
    count: 'modifiedCount',
  });
}
