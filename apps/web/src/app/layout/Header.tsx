import { lazy, Suspense } from 'react';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { NavDropdown } from './LazyNavDropdown';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { BasketIcon } from '../../components/icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { paths } from '../../lib/routes';
// Signed-in buyers and suppliers only: fetched with its live client when shown, not on a visitor's first load.
const NotificationsBell = lazy(async () => ({ default: (await import('../../features/my-auctions/components/NotificationsBell')).NotificationsBell }));

/** Menu labels are the titles of the pages they open (issue 16): the same catalog keys, so they cannot drift. */
const ADMIN_ITEMS = [
  [paths.adminHome, 'prices:dashboard.title'],
  [paths.adminProducts, 'marketplace:admin.title'],
  [paths.adminUsers, 'users:list.title'],
  [paths.adminOrders, 'orders:admin.title'],
  [paths.adminClaims, 'claims:admin.title'],
  [paths.adminInvoices, 'invoices:admin.title'],
  [paths.adminActivity, 'activity:title'],
] as const;

const INTERN_ITEMS = [
  [paths.supplierOverview, 'supplier-products:overview.title'],
  [paths.supplierDetails, 'supplier-products:details.title'],
  [paths.requestProduct, 'requests:request.title'],
  [paths.clientOverview, 'priceList:overview.title'],
  [paths.suppliers, 'companies:supplier.title'],
  [paths.clients, 'companies:client.title'],
  [paths.uncheckedProducts, 'unchecked:title'],
  [paths.outbox, 'requests:outbox.title'],
  [paths.adminTrace, 'trace:page.title'],
  [paths.adminRecalls, 'trace:recall.listTitle'],
] as const;

export function Header() {
  const { t } = useTranslation('common');
  const { user, logout, unavailable } = useSession();
  const navigate = useNavigate();
  const isAdminCategory = user?.category === 'admin';

  const onLogout = async () => {
    try {
      await logout();
      navigate(paths.login);
    } catch {
      // The session provider keeps the error (spec §8) and the layout shows it in an alert; the user stays.
    }
  };

  return (
    // Expanded from xl on, in a container as wide as the window up to xxl (decision 954): a trader's bar fits on one row at
    // 1366 px in every language; below xl the menu folds behind the toggle instead of wrapping onto a second line.
    <Navbar expand="xl" bg="success" data-bs-theme="dark" className="shadow-sm" as="header">
      <Container fluid="xxl">
        <Navbar.Brand as={Link} to={paths.landing} className="fw-semibold">
          <BasketIcon aria-hidden="true" className="me-2 mb-1" />
          {t('brand')}
        </Navbar.Brand>
        {/* react-bootstrap sets aria-label from `label` after the other props: the label is what translates it. */}
        <Navbar.Toggle aria-controls="main-nav" label={t('header.toggle')} />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto" as="nav" aria-label={t('header.mainNav')}>
            {user?.userId ? (
              <>
                <Nav.Link as={NavLink} to={paths.marketplace}>
                  {t('menu.marketplace')}
                </Nav.Link>
                <Nav.Link as={NavLink} to={paths.auctions}>
                  {t('menu.auctions')}
                </Nav.Link>
                {!isAdminCategory ? (
                  <Nav.Link as={NavLink} to={paths.myAuctions}>
                    {t('alerts:menu.myAuctions')}
                  </Nav.Link>
                ) : null}
                {user.category === 'supplier' ? (
                  <Nav.Link as={NavLink} to={paths.myProducts}>
                    {t('menu.myProducts')}
                  </Nav.Link>
                ) : null}
                {!isAdminCategory ? (
                  <Nav.Link as={NavLink} to={paths.orders}>
                    {t('orders:title')}
                  </Nav.Link>
                ) : null}
              </>
            ) : null}
            {isAdminCategory ? (
              <>
                <NavDropdown title={t('menu.administration')} id="admin-menu">
                  {ADMIN_ITEMS.map(([to, key]) => (
                    <NavDropdown.Item key={to} as={Link} to={to}>
                      {t(key)}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
                <NavDropdown title={t('menu.intern')} id="intern-menu">
                  {INTERN_ITEMS.map(([to, key]) => (
                    <NavDropdown.Item key={to} as={Link} to={to}>
                      {t(key)}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
              </>
            ) : null}
          </Nav>
          <Nav className="align-items-xl-center gap-2">
            <LanguageSwitcher />
            {user?.userId && !isAdminCategory ? (
              <Suspense fallback={null}>
                <NotificationsBell />
              </Suspense>
            ) : null}
            {user?.userId ? (
              // A long company name gives way before the links do: cut with an ellipsis, whole in its title.
              <NavDropdown
                title={
                  <span className="text-truncate" title={user.companyName}>
                    {user.companyName}
                  </span>
                }
                id="user-menu"
                align="end"
                className="user-menu"
              >
                <NavDropdown.Item as={Link} to={paths.profile}>
                  {t('profile:title')}
                </NavDropdown.Item>
                {/* Invoices are looked at now and then, not through the trading day: here, beside the profile (decision 954). */}
                {!isAdminCategory ? (
                  <NavDropdown.Item as={Link} to={paths.invoices}>
                    {t('invoices:title')}
                  </NavDropdown.Item>
                ) : null}
                <NavDropdown.Divider />
                <NavDropdown.Item as="button" onClick={() => void onLogout()}>
                  {t('menu.logout')}
                </NavDropdown.Item>
              </NavDropdown>
            ) : unavailable ? null : (
              // While the service is away nobody is known to be signed out: no "Login" (decision 784).
              <Nav.Link as={NavLink} to={paths.login}>
                {t('menu.login')}
              </Nav.Link>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
