import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { LanguageSwitcher } from './LanguageSwitcher';

const ADMIN_ITEMS = [
  ['/admin/home', 'menu.adminHome'],
  ['/admin/productsList', 'menu.adminProducts'],
  ['/admin/usersList', 'menu.adminUsers'],
] as const;

const INTERN_ITEMS = [
  ['/intern/supplierOverview', 'menu.supplierOverview'],
  ['/intern/supplierDetails', 'menu.supplierDetails'],
  ['/intern/requestProduct', 'menu.requestProduct'],
  ['/intern/clientOverview', 'menu.clientOverview'],
  ['/intern/suppliers', 'menu.suppliers'],
  ['/intern/clients', 'menu.clients'],
  ['/intern/supplierProductsUnchecked', 'menu.unchecked'],
  ['/intern/outbox', 'requests:outbox.menu'],
] as const;

export function Header() {
  const { t } = useTranslation('common');
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const isAdminCategory = user?.category === 'admin';

  const onLogout = async () => {
    try {
      await logout();
      navigate('/user/login');
    } catch {
      // The session provider keeps the error; the user stays where they are.
    }
  };

  return (
    <Navbar expand="lg" bg="success" data-bs-theme="dark" className="shadow-sm" as="header">
      <Container fluid="xl">
        <Navbar.Brand as={Link} to="/" className="fw-semibold">
          <span aria-hidden="true">🍅 </span>
          {t('brand')}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label={t('header.toggle')} />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto" as="nav" aria-label={t('header.mainNav')}>
            {user?.userId ? (
              <>
                <Nav.Link as={NavLink} to="/marketplace">
                  {t('menu.marketplace')}
                </Nav.Link>
                <Nav.Link as={NavLink} to="/encheres">
                  {t('menu.auctions')}
                </Nav.Link>
                {user.category === 'supplier' ? (
                  <Nav.Link as={NavLink} to="/user/products">
                    {t('menu.myProducts')}
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
          <Nav className="align-items-lg-center gap-2">
            <LanguageSwitcher />
            {user?.userId ? (
              <NavDropdown title={user.companyName} id="user-menu" align="end">
                <NavDropdown.Item as={Link} to="/user/profil">
                  {t('menu.profile')}
                </NavDropdown.Item>
                <NavDropdown.Divider />
                <NavDropdown.Item as="button" onClick={() => void onLogout()}>
                  {t('menu.logout')}
                </NavDropdown.Item>
              </NavDropdown>
            ) : (
              <Nav.Link as={NavLink} to="/user/login">
                {t('menu.login')}
              </Nav.Link>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
