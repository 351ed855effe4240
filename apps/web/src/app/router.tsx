import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { SessionProvider } from '../lib/session';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { NotFoundPage, UnauthorizedPage } from '../pages/ErrorPages';
import { LandingPage, UserHomePage } from '../pages/HomePages';
import { Layout } from './layout/Layout';
import { RouteGuard } from './RouteGuard';

/**
 * A route whose page is loaded on first visit: visitors download only the sign-in pages, buyers
 * never download the back office, and each back-office page comes with its own libraries.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

function Root() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/** Every route of spec §2, plus the supplier's lots (/user/products) and the outbox (/intern/outbox). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/user/login', element: <LoginPage /> },
          { path: '/user/register', element: <RegisterPage /> },
          { path: '/unauthorized', element: <UnauthorizedPage /> },
          {
            element: <RouteGuard mode="authenticated" />,
            children: [
              { path: '/user/home', element: <UserHomePage /> },
              { path: '/user/profil', ...lazyPage(() => import('../features/users/components/ProfilePage'), 'ProfilePage') },
              { path: '/user/products', ...lazyPage(() => import('../features/marketplace/components/MyProductsPage'), 'MyProductsPage') },
              { path: '/marketplace', ...lazyPage(() => import('../features/marketplace/components/MarketplacePage'), 'MarketplacePage') },
              { path: '/encheres', ...lazyPage(() => import('../features/auctions/components/AuctionsPage'), 'AuctionsPage') },
              { path: '/encheres/details/:productId', ...lazyPage(() => import('../features/auctions/components/AuctionDetailsPage'), 'AuctionDetailsPage') },
            ],
          },
          {
            element: <RouteGuard mode="admin" />,
            children: [
              { path: '/admin/home', ...lazyPage(() => import('../pages/AdminDashboardPage'), 'AdminDashboardPage') },
              { path: '/admin/productsList', ...lazyPage(() => import('../features/marketplace/components/AdminProductsPage'), 'AdminProductsPage') },
              { path: '/admin/usersList', ...lazyPage(() => import('../features/users/components/UsersListPage'), 'UsersListPage') },
              { path: '/intern/suppliers', ...lazyPage(() => import('../features/companies/components/CompaniesPage'), 'SuppliersPage') },
              { path: '/intern/supplierDetails', ...lazyPage(() => import('../features/supplier-products/components/SupplierDetailsPage'), 'SupplierDetailsPage') },
              { path: '/intern/supplierOverview', ...lazyPage(() => import('../features/supplier-products/components/SupplierOverviewPage'), 'SupplierOverviewPage') },
              { path: '/intern/requestProduct', ...lazyPage(() => import('../features/requests/components/RequestProductPage'), 'RequestProductPage') },
              { path: '/intern/outbox', ...lazyPage(() => import('../features/requests/components/OutboxPage'), 'OutboxPage') },
              { path: '/intern/clients', ...lazyPage(() => import('../pages/ClientsConfigPage'), 'ClientsConfigPage') },
              { path: '/intern/clientOverview', ...lazyPage(() => import('../features/client-products/components/ClientOverviewPage'), 'ClientOverviewPage') },
              { path: '/intern/supplierProductsUnchecked', ...lazyPage(() => import('../features/unchecked-products/components/UncheckedProductsPage'), 'UncheckedProductsPage') },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
