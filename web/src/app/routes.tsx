import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from '../auth/guards.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import NotFoundPage from '../pages/not-found.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteError } from './route-error.tsx';

/** A lazily loaded page; on a first visit its layout shows with a loader until it arrives. */
const page = (chunk: string, load: Parameters<typeof lazyPage>[1]) => ({
  lazy: lazyPage(chunk, load),
  hydrateFallbackElement: <PageLoader page />,
});

// Every page is its own chunk; the layouts, guards and the API layer are shared.
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page('home', () => import('../pages/home.tsx')) },
      { path: 'products', ...page('products', () => import('../pages/all-cars.tsx')) },
      { path: 'car/:id', ...page('car', () => import('../pages/car/car-page.tsx')) },
      { path: 'seller/:id', ...page('seller', () => import('../pages/seller-profile.tsx')) },
      {
        path: 'category/:name',
        element: <RequireAuth />,
        children: [
          { index: true, ...page('category', () => import('../pages/category-cars.tsx')) },
        ],
      },
      { path: 'blog', ...page('blog', () => import('../pages/blog.tsx')) },
      { path: 'login', ...page('login', () => import('../pages/login.tsx')) },
      { path: 'register', ...page('register', () => import('../pages/register.tsx')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'user',
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        ...page('dashboard', () => import('../layouts/dashboard-layout.tsx')),
        children: [
          {
            index: true,
            ...page('dashboard-home', () => import('../pages/dashboard/dashboard-home.tsx')),
          },
          {
            path: 'orders',
            ...page('orders', () => import('../pages/dashboard/buyer-bookings.tsx')),
          },
          {
            path: 'products',
            ...page('my-products', () => import('../pages/dashboard/my-cars.tsx')),
          },
          {
            path: 'bookings',
            ...page('seller-bookings', () => import('../pages/dashboard/seller-bookings.tsx')),
          },
          {
            path: 'favourites',
            ...page('favourites', () => import('../pages/dashboard/favourites.tsx')),
          },
          {
            path: 'searches',
            ...page('saved-searches', () => import('../pages/dashboard/saved-searches.tsx')),
          },
          {
            path: 'messages',
            ...page('messages', () => import('../pages/dashboard/messages.tsx')),
          },
          {
            path: 'messages/:id',
            ...page('conversation', () => import('../pages/dashboard/conversation.tsx')),
          },
          {
            path: 'notifications',
            ...page('notifications', () => import('../pages/dashboard/notifications.tsx')),
          },
          {
            path: 'profile',
            ...page('profile', () => import('../pages/dashboard/profile.tsx')),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'categories',
                ...page('categories', () => import('../pages/dashboard/all-categories.tsx')),
              },
              {
                path: 'allusers',
                ...page('users', () => import('../pages/dashboard/all-users.tsx')),
              },
              {
                path: 'reports',
                ...page('reports', () => import('../pages/dashboard/reports.tsx')),
              },
              {
                path: 'audit',
                ...page('audit', () => import('../pages/dashboard/audit-log.tsx')),
              },
              {
                path: 'audit/:type/:id',
                ...page('audit-subject', () => import('../pages/dashboard/audit-subject.tsx')),
              },
              {
                path: 'operations',
                ...page('operations', () => import('../pages/dashboard/operations.tsx')),
              },
              {
                path: 'api-keys',
                ...page('api-keys', () => import('../pages/dashboard/api-keys.tsx')),
              },
              {
                path: 'webhooks',
                ...page('webhooks', () => import('../pages/dashboard/webhooks.tsx')),
              },
            ],
          },
        ],
      },
    ],
  },
];
