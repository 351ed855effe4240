import { useState } from 'react';
import { Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_ENTITIES, ADMIN_PAGE_SIZE, dbIdText, type ActivityEntity } from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { useActivity } from '../api/get-activity';
import { ActivityEntries } from './ActivityEntries';

const isEntity = (s: string | null): s is ActivityEntity => s !== null && (ACTIVITY_ENTITIES as readonly string[]).includes(s);

/** The filter as the address holds it; anything the server would refuse is left out. */
function filterOf(params: URLSearchParams) {
  const entityParam = params.get('entity');
  const entity = isEntity(entityParam) ? entityParam : undefined;
  const id = entity ? dbIdText.safeParse(params.get('id') ?? '') : undefined;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return { entity, id: id?.success ? id.data : undefined, page };
}

/**
 * /admin/activity (issue 26): the history of every change, newest first, filtered by record type and
 * number. The filter lives in the address, so a record's history can be linked and reloaded.
 */
export function ActivityPage() {
  const { t } = useTranslation('activity');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const [entity, setEntity] = useState<string>(filter.entity ?? '');
  const [idText, setIdText] = useState(filter.id ? String(filter.id) : '');
  const [idInvalid, setIdInvalid] = useState(false);
  const { data, isLoading, isError, refetch, isFetching } = useActivity({ ...filter, size: ADMIN_PAGE_SIZE });

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const id = idText.trim();
    if (id && (!isEntity(entity) || !dbIdText.safeParse(id).success)) return setIdInvalid(true);
    setIdInvalid(false);
    const next = new URLSearchParams();
    if (isEntity(entity)) next.set('entity', entity);
    if (id) next.set('id', id);
    setParams(next);
  };
  const clear = () => {
    setEntity('');
    setIdText('');
    setIdInvalid(false);
    setParams(new URLSearchParams());
  };
  const goTo = (page: number) =>
    setParams((p) => {
      p.set('page', String(page));
      return p;
    });

  return (
    <section>
      <PageTitle>{t('title')}</PageTitle>
      <Card className="mb-4 shadow-sm">
        <Card.Body>
          <Form noValidate onSubmit={apply}>
            <Row className="g-3 align-items-end">
              <Col xs={12} md={5}>
                <Form.Label htmlFor="activity-entity">{t('filter.entity')}</Form.Label>
                <Form.Select id="activity-entity" value={entity} onChange={(e) => setEntity(e.target.value)}>
                  <option value="">{t('filter.all')}</option>
                  {ACTIVITY_ENTITIES.map((k) => (
                    <option key={k} value={k}>
                      {t(`entities.${k}`)}
                    </option>
                  ))}
                </Form.Select>
              </Col>
              <Col xs={12} md={4}>
                <Form.Label htmlFor="activity-id">{t('filter.id')}</Form.Label>
                <Form.Control
                  id="activity-id"
                  inputMode="numeric"
                  value={idText}
                  maxLength={10}
                  isInvalid={idInvalid}
                  onChange={(e) => setIdText(e.target.value)}
                  aria-describedby="activity-id-feedback"
                />
                <Form.Control.Feedback id="activity-id-feedback" type="invalid">
                  {t('filter.idInvalid')}
                </Form.Control.Feedback>
              </Col>
              <Col xs={12} md={3} className="d-flex gap-2">
                <Button type="submit">{t('filter.apply')}</Button>
                <Button variant="outline-secondary" onClick={clear}>
                  {t('filter.clear')}
                </Button>
              </Col>
            </Row>
          </Form>
        </Card.Body>
      </Card>
      {isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {isError ? <LoadFailed message={t('loadError')} onRetry={() => void refetch()} busy={isFetching} /> : null}
      {data ? (
        <>
          <p className="text-body-secondary" data-testid="activity-total">
            {t('total', { count: data.total })}
          </p>
          {data.items.length === 0 ? <p className="text-body-secondary">{t('empty')}</p> : <ActivityEntries entries={data.items} showRecord />}
          <Pager page={data.page} size={data.size} total={data.total} onPage={goTo} busy={isFetching} testId="activity-pager" />
        </>
      ) : null}
    </section>
  );
}
