import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ActivityEntity } from '@primeur/shared';
import { Pager } from '../../../components/Pager';
import { useActivity } from '../api/get-activity';
import { ActivityEntries } from './ActivityEntries';

export const TIMELINE_PAGE_SIZE = 10;

/**
 * The history of one record on its own page (supplier, client…): who changed which field, when,
 * newest first. `revision` is any value that changes when the record does (the cached record
 * itself): the history is read again, so a change just made shows at once.
 */
export function ActivityTimeline({ entity, id, revision }: { entity: ActivityEntity; id: number; revision?: unknown }) {
  const { t } = useTranslation('activity');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch, isFetching } = useActivity({ entity, id, page, size: TIMELINE_PAGE_SIZE });
  const seen = useRef(revision);
  const latestRefetch = useRef(refetch);
  latestRefetch.current = refetch;
  useEffect(() => {
    if (Object.is(seen.current, revision)) return;
    seen.current = revision;
    setPage(1);
    void latestRefetch.current();
  }, [revision]);

  return (
    <Card className="mb-4 shadow-sm" data-testid="activity-timeline">
      <Card.Body>
        <h3 className="h5 mb-3">{t('history')}</h3>
        {isLoading ? <Spinner size="sm" role="status" aria-label={t('loading')} /> : null}
        {isError ? <Alert variant="danger">{t('loadError')}</Alert> : null}
        {data && data.items.length === 0 ? <p className="text-body-secondary mb-0">{t('empty')}</p> : null}
        {data && data.items.length > 0 ? (
          <>
            <p className="small text-body-secondary">{t('total', { count: data.total })}</p>
            <ActivityEntries entries={data.items} />
            <Pager page={data.page} size={data.size} total={data.total} onPage={setPage} busy={isFetching} testId="activity-timeline-pager" />
          </>
        ) : null}
      </Card.Body>
    </Card>
  );
}
