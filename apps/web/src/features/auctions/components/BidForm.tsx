import { useRef, useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, OVERBID_CONFIRM_RATIO, toCents, type BidResult } from '@primeur/shared';
import { DecimalField, decimalProblemText, type DecimalProblem } from '../../../components/DecimalField';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/error-message';
import { useEuro } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMyBid } from '../api/my-bid';
import { isRetryable, newIdempotencyKey, usePlaceBid, type BidRequest } from '../api/place-bid';
import type { RoomDetails, RoomState } from '../api/room';

/**
 * The bid field, the optional maximum for automatic bids, and the confirmation of a bid well above
 * the next minimum. A retry of the same values after a lost answer keeps its idempotency key.
 */
export function BidForm({
  details: d,
  room,
  notStarted,
  standing,
}: {
  details: RoomDetails;
  room: RoomState;
  notStarted: boolean;
  /** Where I stand from the offers held (null before I bid): shown when no bid answer is. */
  standing: 'leading' | 'outbid' | null;
}) {
  const { t, i18n } = useTranslation(['room', 'auctions']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { user } = useSession();
  const bid = usePlaceBid(d.productId);
  const isSeller = user?.userId === d.supplier;
  const isAdmin = user?.category === 'admin';
  const myBid = useMyBid(d.productId, !!user && !isSeller && !isAdmin);
  const [amount, setAmount] = useState<number | null>(null);
  const [problem, setProblem] = useState<DecimalProblem | null>(null);
  const [max, setMax] = useState<number | null>(null);
  const [maxProblem, setMaxProblem] = useState<DecimalProblem | null>(null);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BidRequest | null>(null);
  // The answer to my last bid: the one message about it, until someone bids above what it said.
  const [outcome, setOutcome] = useState<{ typed: number; answer: BidResult } | null>(null);
  const shownOutcome = outcome && (room.highest === null || toCents(room.highest) <= toCents(outcome.answer.highest)) ? outcome : null;
  // The last submission: sent again with the SAME key when the same values are retried after a lost answer.
  const attempt = useRef<BidRequest | null>(null);
  // Synchronous guard: a double-click fires twice before React re-renders the disabled button.
  const inFlight = useRef(false);
  const disabled = notStarted || isSeller || isAdmin;
  const euro = useEuro();

  const errorMessage = useErrorMessage();
  // The room's own wording first, then the shared message of the code (errors.json).
  const reason = (err: unknown) => {
    const minimum = err instanceof ApiError && typeof err.body?.minimum === 'number' ? err.body.minimum : room.nextMinimum;
    return errorMessage(err, { own: ['room:errors', 'auctions:errors'], values: { minimum: euro(minimum) } });
  };

  const send = (req: BidRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setOutcome(null);
    bid.mutate(req, {
      onSuccess: (answer) => {
        attempt.current = null;
        setAmount(null);
        setMax(null);
        setTried(false);
        setOutcome({ typed: req.amount, answer });
      },
      onError: (err) => {
        if (!isRetryable(err)) attempt.current = null;
        setError(reason(err));
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const submit = () => {
    if (inFlight.current || disabled) return;
    setTried(true);
    setError(null);
    if (problem || maxProblem || amount === null) return;
    if (toCents(amount) < toCents(room.nextMinimum)) return setError(t('form.belowMinimum', { minimum: euro(room.nextMinimum) }));
    if (max !== null && toCents(max) < toCents(amount)) return setError(t('form.maxBelowAmount'));
    const maxAmount = max ?? undefined;
    const prev = attempt.current;
    const req = prev && prev.amount === amount && prev.maxAmount === maxAmount ? prev : { amount, maxAmount, idempotencyKey: newIdempotencyKey() };
    attempt.current = req;
    if (toCents(amount) > toCents(room.nextMinimum) * OVERBID_CONFIRM_RATIO) return setConfirming(req);
    send(req);
  };

  const pending = bid.isPending;
  return (
    <>
      {shownOutcome ? (
        <BidOutcome typed={shownOutcome.typed} answer={shownOutcome.answer} onFill={(next) => setAmount(next)} />
      ) : standing ? (
        <Alert variant={standing === 'leading' ? 'success' : 'warning'} className="mt-3 mb-0 py-2" data-testid="standing" data-state={standing}>
          {t(`room:standing.${standing}`)}
        </Alert>
      ) : null}
      <Form
        className="mt-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Form.Label htmlFor="bid-amount">{t('form.amount')}</Form.Label>
        <InputGroup hasValidation>
          <DecimalField
            id="bid-amount"
            value={amount}
            minDecimals={2}
            maxDecimals={2}
            required
            showProblem={tried}
            disabled={disabled}
            aria-describedby="bid-hint"
            feedback={false}
            onChange={(v, p) => {
              setAmount(v);
              setProblem(p);
            }}
          />
          <Button type="submit" disabled={disabled || pending} data-testid="bid-button" className="px-4">
            {pending ? (
              <>
                <Spinner size="sm" animation="border" aria-hidden="true" /> {t('form.sending')}
              </>
            ) : (
              t('form.bid')
            )}
          </Button>
        </InputGroup>
        <BidFieldProblem problem={tried ? problem : null} />
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-1">
          <Form.Text id="bid-hint" className="mt-0" data-testid="bid-hint">
            {isSeller
              ? t('auctions:details.sellerCannotBid')
              : isAdmin
                ? t('auctions:details.adminCannotBid')
                : notStarted && d.auctionStartDate
                  ? t('form.notStarted', { date: formatDateTime(d.auctionStartDate, lng) })
                  : t('form.hint', { amount: euro(room.nextMinimum) })}
          </Form.Text>
          {!disabled ? (
            <Button variant="link" size="sm" className="p-0" onClick={() => setAmount(room.nextMinimum)} data-testid="use-minimum">
              {t('form.useMinimum')}
            </Button>
          ) : null}
        </div>
        {!disabled ? (
          <details className="mt-2" open={max !== null || !!myBid.data?.maxAmount}>
            <summary className="small">{t('form.max')}</summary>
            <DecimalField
              id="bid-max"
              aria-label={t('form.max')}
              className="mt-1"
              value={max}
              minDecimals={2}
              maxDecimals={2}
              showProblem={tried}
              onChange={(v, p) => {
                setMax(v);
                setMaxProblem(p);
              }}
            />
            <Form.Text>{t('form.maxHelp')}</Form.Text>
            {myBid.data?.maxAmount ? (
              <div className="small mt-1" data-testid="my-max">
                {t('form.myMax', { amount: euro(myBid.data.maxAmount) })}
              </div>
            ) : null}
          </details>
        ) : null}
        {error ? (
          <Alert variant="danger" className="mt-2 mb-0 py-2" data-testid="bid-error" role="alert">
            {error}
          </Alert>
        ) : null}
        <ConfirmBid
          request={confirming}
          nextMinimum={room.nextMinimum}
          quantity={t('auctions:details.pallets', { count: d.quantity })}
          onCancel={() => setConfirming(null)}
          onConfirm={(req) => {
            setConfirming(null);
            send(req);
          }}
        />
      </Form>
    </>
  );
}

/**
 * The one message a bid gets, from its answer (issue 19): green only when the bid leads — with my
 * maximum, and why the stored amount is above what I typed when my maximum raised it — else amber with
 * the automatic bid above mine and the next minimum, which one click puts in the field.
 */
function BidOutcome({ typed, answer, onFill }: { typed: number; answer: BidResult; onFill(next: number): void }) {
  const { t } = useTranslation('room');
  const euro = useEuro();
  if (answer.leading) {
    const raised = answer.maxAmount !== null && toCents(answer.amount) > toCents(typed);
    const key = raised ? 'outcome.raised' : answer.maxAmount !== null ? 'outcome.leadingMax' : 'outcome.leading';
    return (
      <Alert variant="success" className="mt-3 mb-0 py-2" data-testid="bid-outcome" data-state="leading" role="status">
        {t(key, { amount: euro(answer.amount), max: answer.maxAmount === null ? '' : euro(answer.maxAmount), typed: euro(typed) })}
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="mt-3 mb-0 py-2" data-testid="bid-outcome" data-state="outbid" role="status">
      <span>{t('outcome.outbid', { amount: euro(answer.amount), highest: euro(answer.highest), next: euro(answer.nextMinimum) })}</span>{' '}
      <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => onFill(answer.nextMinimum)} data-testid="fill-next">
        {t('outcome.fill', { next: euro(answer.nextMinimum) })}
      </Button>
    </Alert>
  );
}

function BidFieldProblem({ problem }: { problem: DecimalProblem | null }) {
  const { t, i18n } = useTranslation();
  if (!problem) return null;
  return (
    <div className="invalid-feedback d-block" data-testid="bid-amount-problem">
      {decimalProblemText(t, problem, i18n.resolvedLanguage ?? 'en', { maxDecimals: 2, required: true })}
    </div>
  );
}

/** A bid well above the next minimum is confirmed first: the amount per kg the reader's way, and the lot's quantity. */
function ConfirmBid({
  request,
  nextMinimum,
  quantity,
  onCancel,
  onConfirm,
}: {
  request: BidRequest | null;
  nextMinimum: number;
  quantity: string;
  onCancel(): void;
  onConfirm(req: BidRequest): void;
}) {
  const { t } = useTranslation('room');
  const euro = useEuro();
  const percent = request ? Math.round(((request.amount - nextMinimum) / nextMinimum) * 100) : 0;
  return (
    <Modal show={!!request} onHide={onCancel} centered data-testid="confirm-bid">
      <Modal.Header closeButton closeLabel={t('confirm.cancel')}>
        <Modal.Title as="h2" className="h5">
          {t('confirm.title')}
        </Modal.Title>
      </Modal.Header>
      {request ? (
        <Modal.Body>
          <p className="mb-2">{t('confirm.text', { amount: euro(request.amount), quantity, percent, minimum: euro(nextMinimum) })}</p>
          {request.maxAmount !== undefined ? <p className="mb-0 small">{t('confirm.max', { amount: euro(request.maxAmount) })}</p> : null}
        </Modal.Body>
      ) : null}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="primary" onClick={() => request && onConfirm(request)} data-testid="confirm-bid-ok" autoFocus>
          {request ? t('confirm.ok', { amount: euro(request.amount) }) : null}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
