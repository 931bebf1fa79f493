import type { QueryContext } from '@second-gear/features/platform/reads/context.ts';
import type { ServiceApp } from '@second-gear/service-http';
import { favouriteRoutes } from './members/favourites.ts';
import { notificationStreamRoutes } from './members/notification-stream.ts';
import { notificationRoutes } from './members/notifications.ts';
import { savedSearchRoutes } from './members/saved-searches.ts';

/** What a signed-in user keeps and hears: favourites, saved searches and notifications. */
export const memberRoutes = (app: ServiceApp, ctx: QueryContext): void => {
  favouriteRoutes(app, ctx);
  savedSearchRoutes(app, ctx);
  notificationRoutes(app, ctx);
  notificationStreamRoutes(app, ctx);
};
