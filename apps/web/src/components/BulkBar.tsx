import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { BULK_INVERSE, type BulkAction, type BulkList, type BulkMatching, type BulkResult } from '@primeur/shared';
import { ApiError } from '../lib/api';
import { runBulk, type Selection } from '../lib/bulk';
import { useErrorMessage } from '../lib/error-message';
import { ConfirmModal } from './ConfirmModal';
import { useToast } from './Toasts';

interface Props {
  list: BulkList;
  selection: Selection;
  /** The ids the page shows (its "select all on this page" box). */
  pageIds: number[];
  /** How many rows the filters match, when they are more than the page shows: offers "select all N matching". */
  total?: number;
  /** Asks the server for the ids of everything the filters match. */
  fetchMatching?: () => Promise<BulkMatching>;
  actions: readonly BulkAction[];
  /** After any change (and after its undo): the lists and counts are read again. */
  onChanged(): void;
  /** A deletion hides its rows while its undo toast runs (decision 541); they come back on Undo or refusal. */
  onHide?(ids: number[]): void;
  onUnhide?(ids: number[]): void;
}

const CONFIRM_VARIANT: Record<BulkAction, 'danger' | 'primary' | 'warning'> = {
  activate: 'primary',
  enable: 'primary',
  deactivate: 'danger',
  disable: 'warning',
  delete: 'danger',
};

/**
 * The bulk bar of an admin list (issue 26, decision 880): the page's select-all box, the count, "select
 * all N matching", the actions; one confirmation stating the count; then a toast with each row's
 * outcome and Undo for what can be reversed. A deletion waits for its undo toast to close, like a single
 * variant's (decision 541).
 */
export function BulkBar({ list, selection, pageIds, total, fetchMatching, actions, onChanged, onHide, onUnhide }: Props) {
  const { t } = useTranslation('bulk');
  const toast = useToast();
  const errorText = useErrorMessage();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const run = useMutation({ mutationFn: (v: { action: BulkAction; ids: number[] }) => runBulk(list, v.action, v.ids) });
  const matching = useMutation({
    mutationFn: () => fetchMatching!(),
    onSuccess: (r) => selection.selectMatching(r),
    onError: () => toast.show('cantFetchData'),
  });
  const count = selection.ids.size;
  const onPage = pageIds.filter((id) => selection.has(id)).length;
  const allOnPage = pageIds.length > 0 && onPage === pageIds.length;

  /** "2 not changed: reason" lines, one per refusal code. */
  const failures = (results: BulkResult[]) => {
    const byCode = new Map<string, number>();
    for (const r of results) if (!r.ok) byCode.set(r.code ?? 'UNKNOWN', (byCode.get(r.code ?? 'UNKNOWN') ?? 0) + 1);
    return [...byCode].map(([code, n]) => t('failed', { count: n, reason: errorText(new ApiError(409, code as never, code)) })).join(' ');
  };

  const report = (action: BulkAction, results: BulkResult[], undo: boolean) => {
    const done = results.filter((r) => r.ok).map((r) => r.id);
    const refused = results.filter((r) => !r.ok).map((r) => r.id);
    const detail = refused.length ? failures(results) : undefined;
    const message = undo ? t('undone', { count: done.length }) : t(`done.${list}.${action}`, { count: done.length });
    const kind = refused.length ? 'dataModifiedError' : 'success';
    const inverse = BULK_INVERSE[action];
    if (!undo && inverse && done.length) toast.reversible(kind, { message, detail, revert: () => apply(inverse, done, true) });
    else toast.show(kind, { message, detail });
    return { done, refused };
  };

  const apply = (action: BulkAction, ids: number[], undo = false) =>
    run.mutate(
      { action, ids },
      {
        onSuccess: ({ results }) => {
          const { refused } = report(action, results, undo);
          // The refused rows stay ticked, so the reader sees which they are and can try again.
          if (!undo) selection.replace(refused);
        },
        onError: (err) => toast.show('dataModifiedError', { detail: errorText(err) }),
        onSettled: () => {
          setAsking(null);
          onChanged();
        },
      },
    );

  const deleteWithUndo = (ids: number[]) => {
    setAsking(null);
    onHide?.(ids);
    selection.clear();
    toast.undoable({
      message: t(`done.${list}.delete`, { count: ids.length }),
      restore: () => onUnhide?.(ids),
      commit: () =>
        run.mutate(
          { action: 'delete', ids },
          {
            onSuccess: ({ results }) => {
              const refused = results.filter((r) => !r.ok).map((r) => r.id);
              if (!refused.length) return;
              onUnhide?.(refused);
              toast.show('productDeleteError', { detail: failures(results) });
            },
            onError: (err) => {
              onUnhide?.(ids);
              toast.show('productDeleteError', { detail: errorText(err) });
            },
            onSettled: onChanged,
          },
        ),
    });
  };

  const confirm = () => {
    if (!asking) return;
    const ids = [...selection.ids];
    if (asking === 'delete') deleteWithUndo(ids);
    else apply(asking, ids);
  };

  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 border rounded bg-body"
      role="group"
      aria-label={t('bar.label')}
      data-testid={`bulk-${list}`}
    >
      <Form.Check
        id={`bulk-${list}-page`}
        className="me-1 mb-0"
        label={t('bar.selectPage')}
        checked={allOnPage}
        disabled={!pageIds.length}
        ref={(el: HTMLInputElement | null) => {
          if (el) el.indeterminate = onPage > 0 && !allOnPage;
        }}
        onChange={() => selection.setMany(pageIds, !allOnPage)}
      />
      <span className="small text-body-secondary" aria-live="polite" data-testid={`bulk-${list}-count`}>
        {t('bar.selected', { count })}
      </span>
      {fetchMatching && total !== undefined && total > pageIds.length && !selection.matching ? (
        <Button size="sm" variant="link" className="p-0" disabled={matching.isPending} onClick={() => matching.mutate()}>
          {matching.isPending ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : null}
          {t('bar.selectMatching', { count: total })}
        </Button>
      ) : null}
      {selection.matching ? (
        <span className="small" data-testid={`bulk-${list}-matching`}>
          {selection.matching.total > selection.matching.limit
            ? t('bar.capped', { limit: selection.matching.limit, total: selection.matching.total })
            : t('bar.allMatching', { count: selection.matching.total })}
        </span>
      ) : null}
      {count ? (
        <Button size="sm" variant="link" className="p-0" onClick={selection.clear}>
          {t('bar.clear')}
        </Button>
      ) : null}
      <div className="d-flex flex-wrap gap-2 ms-auto">
        {actions.map((a) => (
          <Button
            key={a}
            size="sm"
            variant={`outline-${CONFIRM_VARIANT[a] === 'primary' ? 'success' : CONFIRM_VARIANT[a]}`}
            disabled={!count || run.isPending}
            onClick={() => setAsking(a)}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </div>
      <ConfirmModal
        show={asking !== null}
        title={asking ? t(`confirm.${list}.${asking}`, { count }) : ''}
        body={asking ? t(`body.${list}.${asking}`, { count }) : ''}
        confirmLabel={asking ? t(`actions.${asking}`) : undefined}
        confirmVariant={asking ? CONFIRM_VARIANT[asking] : undefined}
        busy={run.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
