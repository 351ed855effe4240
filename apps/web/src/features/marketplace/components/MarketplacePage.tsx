import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FAMILIES, type AdminProduct } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { countryName } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useActiveProducts } from '../api/active-products';
import { ProductFacts, useArticleName } from './ProductFacts';
import { PurchaseRequestModal } from './PurchaseRequestModal';

/** /marketplace: the fixed-price lots on sale, with search and filters by family, article and origin. */
export function MarketplacePage() {
  const { t, i18n } = useTranslation('marketplace');
  const { data, isLoading, isError } = useActiveProducts();
  const { user } = useSession();
  const articleName = useArticleName();
  const [search, setSearch] = useState('');
  const [family, setFamily] = useState('');
  const [article, setArticle] = useState('');
  const [origin, setOrigin] = useState('');
  const [requesting, setRequesting] = useState<AdminProduct | null>(null);
  const lng = i18n.resolvedLanguage ?? 'en';

  const products = useMemo(() => data ?? [], [data]);
  const articles = useMemo(
    () => [...new Map(products.filter((p) => !family || p.family === family).map((p) => [String(p.articleId), articleName(p)])).entries()].sort((a, b) => a[1].localeCompare(b[1], lng)),
    [products, family, articleName, lng],
  );
  const origins = useMemo(
    () => [...new Map(products.map((p) => [p.origin.alpha2, countryName(p.origin.alpha2, lng, p.origin.name)])).entries()].sort((a, b) => a[1].localeCompare(b[1], lng)),
    [products, lng],
  );
  const q = search.trim().toLowerCase();
  const shown = products.filter(
    (p) =>
      (!family || p.family === family) &&
      (!article || String(p.articleId) === article) &&
      (!origin || p.origin.alpha2 === origin) &&
      (!q || [articleName(p), p.productName, p.name, p.description, p.user.companyName, p.caliber].some((s) => s.toLowerCase().includes(q))),
  );

  return (
    <section>
      <PageTitle>{t('marketplace.title')}</PageTitle>
      <Form className="row g-2 mb-4" role="search" onSubmit={(e) => e.preventDefault()}>
        <Col xs={12} md={4}>
          <Form.Label htmlFor="mkt-search" visuallyHidden>
            {t('marketplace.search')}
          </Form.Label>
          <Form.Control id="mkt-search" type="search" placeholder={t('marketplace.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </Col>
        <Col xs={12} sm={4} md={2}>
          <Form.Select aria-label={t('marketplace.family')} id="mkt-family" value={family} onChange={(e) => { setFamily(e.target.value); setArticle(''); }}>
            <option value="">{t('marketplace.allFamilies')}</option>
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {t(`families.${f}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} md={3}>
          <Form.Select aria-label={t('marketplace.article')} id="mkt-article" value={article} onChange={(e) => setArticle(e.target.value)}>
            <option value="">{t('marketplace.allArticles')}</option>
            {articles.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} md={3}>
          <Form.Select aria-label={t('marketplace.origin')} id="mkt-origin" value={origin} onChange={(e) => setOrigin(e.target.value)}>
            <option value="">{t('marketplace.allOrigins')}</option>
            {origins.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Form>
      {isLoading ? <Spinner aria-label={t('loading')} /> : null}
      {isError ? <Alert variant="danger">{t('marketplace.loadError')}</Alert> : null}
      {data && shown.length === 0 ? <p>{t('marketplace.empty')}</p> : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3">
        {shown.map((p) => (
          <Col key={p.productId}>
            <Card className="h-100 shadow-sm" data-testid={`market-card-${p.productId}`}>
              <PhotoCarousel productId={p.productId} photos={p.photos} alt={p.name} height={180} />
              <Card.Body>
                <div className="text-body-secondary small">{articleName(p)}</div>
                <Card.Title as="h2" className="h6">
                  {p.name}
                </Card.Title>
                <ProductFacts product={p} />
              </Card.Body>
              {user?.category === 'client' ? (
                <Card.Footer className="bg-transparent">
                  <Button size="sm" onClick={() => setRequesting(p)}>
                    {t('marketplace.request')}
                  </Button>
                </Card.Footer>
              ) : null}
            </Card>
          </Col>
        ))}
      </Row>
      {requesting ? <PurchaseRequestModal product={requesting} onClose={() => setRequesting(null)} /> : null}
    </section>
  );
}
