import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { SessionProvider } from '../lib/session';
import { NotFoundPage, UnauthorizedPage } from '../pages/ErrorPages';
import { LandingPage, UserHomePage } from '../pages/HomePages';
import { TermsPage } from '../pages/TermsPage';
import { Layout } from './layout/Layout';
import { PageFrame, PageSkeleton } from './layout/PageFrame';
import { RouteGuard } from './RouteGuard';
import { paths, routePatterns } from '../lib/routes';

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
          { path: paths.landing, element: <LandingPage /> },
          { path: paths.login, ...lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage') },
          { path: paths.register, ...lazyPage(() => import('../features/auth/components/RegisterPage'), 'RegisterPage') },
          { path: paths.unauthorized, element: <UnauthorizedPage /> },
          { path: paths.terms, element: <TermsPage /> },
          {
            element: <RouteGuard mode="authenticated" />,
            children: [
              { path: paths.userHome, element: <UserHomePage /> },
              { path: paths.profile, ...lazyPage(() => import('../features/users/components/ProfilePage'), 'ProfilePage') },
              { path: paths.myAuctions, ...lazyPage(() => import('../features/my-auctions/components/MyAuctionsPage'), 'MyAuctionsPage') },
              { path: paths.marketplace, ...lazyPage(() => import('../features/marketplace/components/MarketplacePage'), 'MarketplacePage') },
              { path: paths.auctions, ...lazyPage(() => import('../pages/AuctionRoomPage'), 'AuctionsPage') },
              { path: routePatterns.auctionRoom, ...lazyPage(() => import('../pages/AuctionRoomPage'), 'AuctionRoomPage') },
              { path: paths.orders, ...lazyPage(() => import('../pages/UserOrdersPage'), 'UserOrdersPage') },
              { path: routePatterns.order, ...lazyPage(() => import('../pages/OrderDetailPage'), 'UserOrderDetailPage') },
              { path: paths.invoices, ...lazyPage(() => import('../features/invoices/components/InvoicesPage'), 'InvoicesPage') },
            ],
          },
          {
            // The supplier's own lots: suppliers only (issue 16); others get /unauthorized.
            element: <RouteGuard mode="supplier" />,
            children: [{ path: paths.myProducts, ...lazyPage(() => import('../pages/SupplierProductsPage'), 'SupplierProductsPage') }],
          },
          {
            element: <RouteGuard mode="admin" />,
            children: [
              { path: paths.adminHome, ...lazyPage(() => import('../pages/AdminDashboardPage'), 'AdminDashboardPage') },
              { path: paths.adminProducts, ...lazyPage(() => import('../features/marketplace/components/AdminProductsPage'), 'AdminProductsPage') },
              { path: paths.adminUsers, ...lazyPage(() => import('../features/users/components/UsersListPage'), 'UsersListPage') },
              { path: paths.adminOrders, ...lazyPage(() => import('../features/orders/components/AdminOrdersPage'), 'AdminOrdersPage') },
              { path: routePatterns.adminOrder, ...lazyPage(() => import('../pages/OrderDetailPage'), 'AdminOrderDetailPage') },
              { path: paths.adminClaims, ...lazyPage(() => import('../features/claims/components/AdminClaimsPage'), 'AdminClaimsPage') },
              { path: paths.adminInvoices, ...lazyPage(() => import('../features/invoices/components/AdminInvoicesPage'), 'AdminInvoicesPage') },
              { path: paths.adminActivity, ...lazyPage(() => import('../features/activity/components/ActivityPage'), 'ActivityPage') },
              { path: paths.adminTrace, ...lazyPage(() => import('../features/trace/components/TracePage'), 'TracePage') },
              { path: paths.adminRecalls, ...lazyPage(() => import('../features/trace/components/RecallsPage'), 'RecallsPage') },
              { path: routePatterns.adminRecall, ...lazyPage(() => import('../features/trace/components/RecallsPage'), 'RecallPage') },
              { path: paths.suppliers, ...lazyPage(() => import('../pages/SuppliersConfigPage'), 'SuppliersConfigPage') },
              {
                path: paths.supplierDetails,
                ...lazyPage(() => import('../features/supplier-products/components/SupplierDetailsPage'), 'SupplierDetailsPage'),
              },
              {
                path: paths.supplierOverview,
                ...lazyPage(() => import('../features/supplier-products/components/SupplierOverviewPage'), 'SupplierOverviewPage'),
              },
              { path: paths.requestProduct, ...lazyPage(() => import('../features/requests/components/RequestProductPage'), 'RequestProductPage') },
              { path: paths.outbox, ...lazyPage(() => import('../features/requests/components/OutboxPage'), 'OutboxPage') },
              { path: paths.clients, ...lazyPage(() => import('../pages/ClientsConfigPage'), 'ClientsConfigPage') },
              { path: paths.clientOverview, ...lazyPage(() => import('../features/client-products/components/ClientOverviewPage'), 'ClientOverviewPage') },
              {
                path: paths.uncheckedProducts,
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
