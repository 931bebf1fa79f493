import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from '../auth/guards.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import NotFoundPage from '../pages/not-found.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteError } from './route-error.tsx';

// Every page is its own chunk; the layouts, guards and the API layer are shared.
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, lazy: lazyPage('home', () => import('../pages/home.tsx')) },
      { path: 'products', lazy: lazyPage('products', () => import('../pages/all-cars.tsx')) },
      { path: 'car/:id', lazy: lazyPage('car', () => import('../pages/car-detail.tsx')) },
      {
        path: 'category/:name',
        element: <RequireAuth />,
        children: [
          { index: true, lazy: lazyPage('category', () => import('../pages/category-cars.tsx')) },
        ],
      },
      { path: 'blog', lazy: lazyPage('blog', () => import('../pages/blog.tsx')) },
      { path: 'login', lazy: lazyPage('login', () => import('../pages/login.tsx')) },
      { path: 'register', lazy: lazyPage('register', () => import('../pages/register.tsx')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'user',
    element: <RequireAuth />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        lazy: lazyPage('dashboard', () => import('../layouts/dashboard-layout.tsx')),
        children: [
          {
            index: true,
            lazy: lazyPage('dashboard-home', () => import('../pages/dashboard/dashboard-home.tsx')),
          },
          {
            path: 'orders',
            lazy: lazyPage('orders', () => import('../pages/dashboard/buyer-orders.tsx')),
          },
          {
            path: 'products',
            lazy: lazyPage('my-products', () => import('../pages/dashboard/my-products.tsx')),
          },
          {
            path: 'bookings',
            lazy: lazyPage(
              'seller-bookings',
              () => import('../pages/dashboard/seller-bookings.tsx'),
            ),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'categories',
                lazy: lazyPage('categories', () => import('../pages/dashboard/all-categories.tsx')),
              },
              {
                path: 'allusers',
                lazy: lazyPage('users', () => import('../pages/dashboard/all-users.tsx')),
              },
              {
                path: 'audit',
                lazy: lazyPage('audit', () => import('../pages/dashboard/audit-log.tsx')),
              },
            ],
          },
        ],
      },
    ],
  },
];
