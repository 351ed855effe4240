import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { SessionProvider } from '../lib/session';
import { NotFoundPage, UnauthorizedPage } from '../pages/ErrorPages';
import { LandingPage, UserHomePage } from '../pages/HomePages';
import { TermsPage } from '../pages/TermsPage';
import { Layout } from './layout/Layout';
import { PageFrame, PageSkeleton } from './layout/PageFrame';
import { RouteGuard } from './RouteGuard';

/**
 * A page whose code is fetched when it is first rendered (React.lazy), not when its route matches:
 * the guard above it renders first, so a buyer who types an admin address is redirected without
 * downloading the back office, and a visitor's first load carries only the landing page.
 * Each page's chunk brings its own libraries (charts, date picker, forms, selects). Meanwhile the
 * layout's header stays and the page's skeleton is drawn (decision 842).
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Pick<RouteObject, 'element'> {
  const Page: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return {
    element: (
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    ),
  };
}

function Root() {
  return (
    <SessionProvider whileChecking={<PageFrame />}>
      <Outlet />
    </SessionProvider>
  );
}

/** Every route of spec §2, plus the supplier's lots (/user/products), the outbox (/intern/outbox) and the orders (issue 21). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/user/login', ...lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage') },
          { path: '/user/register', ...lazyPage(() => import('../features/auth/components/RegisterPage'), 'RegisterPage') },
          { path: '/unauthorized', element: <UnauthorizedPage /> },
          { path: '/terms', element: <TermsPage /> },
          {
            element: <RouteGuard mode="authenticated" />,
            children: [
              { path: '/user/home', element: <UserHomePage /> },
              { path: '/user/profil', ...lazyPage(() => import('../features/users/components/ProfilePage'), 'ProfilePage') },
              { path: '/user/auctions', ...lazyPage(() => import('../features/my-auctions/components/MyAuctionsPage'), 'MyAuctionsPage') },
              { path: '/marketplace', ...lazyPage(() => import('../features/marketplace/components/MarketplacePage'), 'MarketplacePage') },
              { path: '/encheres', ...lazyPage(() => import('../pages/AuctionListPage'), 'AuctionListPage') },
              { path: '/encheres/details/:productId', ...lazyPage(() => import('../pages/AuctionRoomPage'), 'AuctionRoomPage') },
              { path: '/user/orders', ...lazyPage(() => import('../features/orders/components/OrdersPage'), 'OrdersPage') },
              { path: '/user/orders/:orderId', ...lazyPage(() => import('../pages/OrderDetailPage'), 'UserOrderDetailPage') },
              { path: '/user/invoices', ...lazyPage(() => import('../features/invoices/components/InvoicesPage'), 'InvoicesPage') },
            ],
          },
          {
            // The supplier's own lots: suppliers only (issue 16); others get /unauthorized.
            element: <RouteGuard mode="supplier" />,
            children: [{ path: '/user/products', ...lazyPage(() => import('../pages/SupplierProductsPage'), 'SupplierProductsPage') }],
          },
          {
            element: <RouteGuard mode="admin" />,
            children: [
              { path: '/admin/home', ...lazyPage(() => import('../pages/AdminDashboardPage'), 'AdminDashboardPage') },
              { path: '/admin/productsList', ...lazyPage(() => import('../features/marketplace/components/AdminProductsPage'), 'AdminProductsPage') },
              { path: '/admin/usersList', ...lazyPage(() => import('../features/users/components/UsersListPage'), 'UsersListPage') },
              { path: '/admin/orders', ...lazyPage(() => import('../features/orders/components/AdminOrdersPage'), 'AdminOrdersPage') },
              { path: '/admin/orders/:orderId', ...lazyPage(() => import('../pages/OrderDetailPage'), 'AdminOrderDetailPage') },
              { path: '/admin/claims', ...lazyPage(() => import('../features/claims/components/AdminClaimsPage'), 'AdminClaimsPage') },
              { path: '/admin/invoices', ...lazyPage(() => import('../features/invoices/components/AdminInvoicesPage'), 'AdminInvoicesPage') },
              { path: '/admin/activity', ...lazyPage(() => import('../features/activity/components/ActivityPage'), 'ActivityPage') },
              { path: '/intern/suppliers', ...lazyPage(() => import('../pages/SuppliersConfigPage'), 'SuppliersConfigPage') },
              {
                path: '/intern/supplierDetails',
                ...lazyPage(() => import('../features/supplier-products/components/SupplierDetailsPage'), 'SupplierDetailsPage'),
              },
              {
                path: '/intern/supplierOverview',
                ...lazyPage(() => import('../features/supplier-products/components/SupplierOverviewPage'), 'SupplierOverviewPage'),
              },
              { path: '/intern/requestProduct', ...lazyPage(() => import('../features/requests/components/RequestProductPage'), 'RequestProductPage') },
              { path: '/intern/outbox', ...lazyPage(() => import('../features/requests/components/OutboxPage'), 'OutboxPage') },
              { path: '/intern/clients', ...lazyPage(() => import('../pages/ClientsConfigPage'), 'ClientsConfigPage') },
              { path: '/intern/clientOverview', ...lazyPage(() => import('../features/client-products/components/ClientOverviewPage'), 'ClientOverviewPage') },
              {
                path: '/intern/supplierProductsUnchecked',
                ...lazyPage(() => import('../features/unchecked-products/components/UncheckedProductsPage'), 'UncheckedProductsPage'),
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
