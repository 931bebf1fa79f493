import type { ServiceApp } from '@second-gear/service-http';
import type { QueryContext } from '../platform/reads/context.ts';
import { favouriteRoutes } from './favourite-reads.ts';
import { notificationRoutes } from './notification-reads.ts';
import { notificationStreamRoutes } from './notification-stream.ts';
import { savedSearchRoutes } from './saved-search-reads.ts';

/** What a signed-in user keeps and hears: favourites, saved searches and notifications. */
export const memberReadRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  favouriteRoutes(app, ctx);
  savedSearchRoutes(app, ctx);
  notificationRoutes(app, ctx);
  notificationStreamRoutes(app, ctx);
};
