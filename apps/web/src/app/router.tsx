import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { SessionProvider } from '../lib/session';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { ProfilePage } from '../features/users/components/ProfilePage';
import { UsersListPage } from '../features/users/components/UsersListPage';
import { ClientsPage, SuppliersPage } from '../features/companies/components/CompaniesPage';
import { SupplierDetailsPage } from '../features/supplier-products/components/SupplierDetailsPage';
import { SupplierOverviewPage } from '../features/supplier-products/components/SupplierOverviewPage';
import { OutboxPage } from '../features/requests/components/OutboxPage';
import { RequestProductPage } from '../features/requests/components/RequestProductPage';
import { MarketplacePage } from '../features/marketplace/components/MarketplacePage';
import { MyProductsPage } from '../features/marketplace/components/MyProductsPage';
import { AdminProductsPage } from '../features/marketplace/components/AdminProductsPage';
import { AuctionsPage } from '../features/auctions/components/AuctionsPage';
import { AuctionDetailsPage } from '../features/auctions/components/AuctionDetailsPage';
import { ProductRowSlotProvider } from '../components/ProductRowSlot';
import { ClientOverviewPage } from '../features/client-products/components/ClientOverviewPage';
import { ClientVariantRows } from '../features/client-products/components/ClientVariantRows';
import { UncheckedProductsPage } from '../features/unchecked-products/components/UncheckedProductsPage';
import { NotFoundPage, UnauthorizedPage } from '../pages/ErrorPages';
import { LandingPage, UserHomePage } from '../pages/HomePages';
import { Layout } from './layout/Layout';
import { RouteGuard } from './RouteGuard';

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
              { path: '/user/profil', element: <ProfilePage /> },
              { path: '/user/products', element: <MyProductsPage /> },
              { path: '/marketplace', element: <MarketplacePage /> },
              { path: '/encheres', element: <AuctionsPage /> },
              { path: '/encheres/details/:productId', element: <AuctionDetailsPage /> },
            ],
          },
          {
            element: <RouteGuard mode="admin" />,
            children: [
              {
                path: '/admin/home',
                // Loaded on demand: the charting and date-picker code serves only the operator's staff.
                lazy: async () => ({ Component: (await import('../pages/AdminDashboardPage')).AdminDashboardPage }),
              },
              { path: '/admin/productsList', element: <AdminProductsPage /> },
              { path: '/admin/usersList', element: <UsersListPage /> },
              { path: '/intern/suppliers', element: <SuppliersPage /> },
              { path: '/intern/supplierDetails', element: <SupplierDetailsPage /> },
              { path: '/intern/supplierOverview', element: <SupplierOverviewPage /> },
              { path: '/intern/requestProduct', element: <RequestProductPage /> },
              { path: '/intern/outbox', element: <OutboxPage /> },
              {
                path: '/intern/clients',
                element: (
                  // Each client product row expands to its variants (client-products feature).
                  <ProductRowSlotProvider render={(p) => (p.kind === 'client' ? <ClientVariantRows clientId={p.ownerId} link={p.link} colSpan={p.colSpan} /> : null)}>
                    <ClientsPage />
                  </ProductRowSlotProvider>
                ),
              },
              { path: '/intern/clientOverview', element: <ClientOverviewPage /> },
              { path: '/intern/supplierProductsUnchecked', element: <UncheckedProductsPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
