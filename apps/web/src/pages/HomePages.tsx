import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { PageTitle } from '../components/PageTitle';

/** The landing page: the spec's placeholder showing the word Home. */
export function LandingPage() {
  const { t } = useTranslation('common');
  return (
    <section className="py-5 text-center">
      <PageTitle className="display-5">{t('home.title')}</PageTitle>
    </section>
  );
}

/** /user/home: the signed-in user's starting point. */
export function UserHomePage() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const links = [
    ['/marketplace', 'menu.marketplace', 'userHome.marketplace'],
    ['/encheres', 'menu.auctions', 'userHome.auctions'],
    ['/user/profil', 'menu.profile', 'userHome.profile'],
  ] as const;
  return (
    <section>
      <PageTitle>{t('userHome.title', { company: user?.companyName ?? '' })}</PageTitle>
      <Row xs={1} md={3} className="g-3">
        {links.map(([to, title, text]) => (
          <Col key={to}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  <Link to={to} className="stretched-link text-decoration-none">
                    {t(title)}
                  </Link>
                </Card.Title>
                <Card.Text className="text-body-secondary">{t(text)}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
