import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  cancelOrderInput,
  dayInParis,
  receiveOrderInput,
  receiptWeightCheck,
  shipOrderInput,
  shippedWeightRange,
  undisputedReceiptMinKg,
  updateOrderInput,
  type Country,
  type IsoDay,
  type Order,
} from '@primeur/shared';
import { CountrySelect } from '../../../components/CountrySelect';
import { DateField } from '../../../components/DateField';
import { useToast } from '../../../components/Toasts';
import { countryName, useKg } from '../../../lib/format';
import { useCancelOrder } from '../api/cancel-order';
import type { OrderScope } from '../api/order';
import { useOrderCarriers } from '../api/carriers';
import { useReceiveOrder } from '../api/receive-order';
import { useShipOrder } from '../api/ship-order';
import { useUpdateOrder } from '../api/update-order';
import { ActionError, Field, issuesOf, useActionError, useFieldText, useWeightsSubmit, WeightFields, type Errors, type Weights } from './order-form-parts';
import { SectionCard } from '../../../components/SectionCard';

/** What this user may do now, as forms: the seller ships, the buyer receives or changes the delivery, either cancels. */
export function NextActions({ order, scope }: { order: Order; scope: OrderScope }) {
  const { t } = useTranslation('orders');
  const actions = order.nextActions;
  const waiting =
    order.status === 'CONFIRMED' && order.viewerSide === 'buyer'
      ? t('detail.waitingSeller')
      : order.status === 'SHIPPED' && order.viewerSide === 'seller'
        ? t('detail.waitingBuyer')
        : null;
  return (
    <SectionCard title={t('detail.nextAction')} testId="next-action" className="shadow-sm mb-4 border-primary-subtle">
      {actions.includes('ship') ? <ShipForm order={order} /> : null}
      {actions.includes('receive') ? <ReceiveForm order={order} /> : null}
      {waiting && !actions.includes('ship') && !actions.includes('receive') ? (
        <p className="mb-2" data-testid="waiting">
          {waiting}
        </p>
      ) : null}
      {actions.length === 0 && !waiting ? <p className="mb-0 text-body-secondary">{t('detail.noAction')}</p> : null}
      {actions.includes('editDelivery') || actions.includes('cancel') ? (
        <div className="d-flex flex-wrap gap-2 mt-3">
          {actions.includes('editDelivery') ? <DeliveryEditor order={order} /> : null}
          {actions.includes('cancel') ? <CancelButton order={order} scope={scope} /> : null}
        </div>
      ) : null}
    </SectionCard>
  );
}

function ShipForm({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const text = useFieldText();
  const ship = useShipOrder(order.id);
  const carriers = useOrderCarriers(true);
  const [weights, setWeights] = useState<Weights>({ pallets: order.pallets, netKg: order.estimatedNetKg, problems: {} });
  const [departureDate, setDepartureDate] = useState<IsoDay | ''>(dayInParis(0));
  const [vehiclePlate, setVehiclePlate] = useState('');
  const [carrierId, setCarrierId] = useState(order.carrier ? String(order.carrier.id) : '');
  const { errors, tried, serverError, send } = useWeightsSubmit(shipOrderInput, ship, t('actions.done.ship'));
  const kg = useKg();
  // The rule the server applies (decision 980): the lot's declared kg per pallet × the pallets typed, ± the tolerance.
  const range = weights.pallets !== null ? shippedWeightRange(order.lot.netKgPerPallet, weights.pallets, order.weightTolerancePercent) : null;
  const hint = range ? t('form.shipRange', { min: kg(range.minKg), max: kg(range.maxKg), tolerance: order.weightTolerancePercent }) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const carrier = carrierId ? Number(carrierId) : null;
    const input = { pallets: weights.pallets ?? Number.NaN, netKg: weights.netKg ?? Number.NaN, departureDate, vehiclePlate, carrierId: carrier };
    send(weights, input, order.pallets, { range, code: 'outOfTolerance' }, kg);
  };

  return (
    <Form noValidate onSubmit={submit} data-testid="ship-form">
      <ActionError message={serverError} />
      <Row className="g-3">
        <WeightFields idPrefix="ship" value={weights} onChange={setWeights} errors={errors} tried={tried} netKgHint={hint} />
        <Field id="ship-departure" label={t('form.departureDate')} error={text(errors.departureDate)}>
          <DateField id="ship-departure" value={departureDate} invalid={!!errors.departureDate} onChange={setDepartureDate} />
        </Field>
        <Field id="ship-plate" label={t('form.vehiclePlate')} error={text(errors.vehiclePlate)}>
          <Form.Control
            id="ship-plate"
            value={vehiclePlate}
            maxLength={20}
            autoComplete="off"
            isInvalid={!!errors.vehiclePlate}
            onChange={(e) => setVehiclePlate(e.target.value)}
          />
        </Field>
        {/* The carrier is optional: without the back office's list (none yet, or not reachable) the seller ships without one. */}
        {carriers.data?.length ? (
          <Field id="ship-carrier" label={t('form.carrier')} error={text(errors.carrierId)}>
            <Form.Select id="ship-carrier" value={carrierId} onChange={(e) => setCarrierId(e.target.value)}>
              <option value="">{t('form.noCarrier')}</option>
              {carriers.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Field>
        ) : null}
        <Col xs={12}>
          <Button type="submit" disabled={ship.isPending} data-testid="ship-submit">
            {t('actions.ship')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

function ReceiveForm({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const receive = useReceiveOrder(order.id);
  const shipped = order.shipment;
  const [weights, setWeights] = useState<Weights>({ pallets: shipped?.pallets ?? order.pallets, netKg: shipped?.netKg ?? order.netKg, problems: {} });
  const { t: tc } = useTranslation('claims');
  const [differences, setDifferences] = useState('');
  const { errors, tried, serverError, send } = useWeightsSubmit(receiveOrderInput, receive, t('actions.done.receive'));
  const kg = useKg();
  // At most the shipped weight; below the tolerance under it, the receipt is a weight dispute (decision 981).
  const shippedKg = shipped?.netKg ?? null;
  const tolerance = order.weightTolerancePercent;
  const disputeBelow = shippedKg === null ? null : undisputedReceiptMinKg(shippedKg, tolerance);
  const hint = shippedKg === null || disputeBelow === null ? null : t('form.receiveRange', { max: kg(shippedKg), min: kg(disputeBelow), tolerance });
  const disputed = shippedKg !== null && weights.netKg !== null && weights.netKg > 0 && receiptWeightCheck(shippedKg, weights.netKg, tolerance) === 'disputed';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      pallets: weights.pallets ?? Number.NaN,
      netKg: weights.netKg ?? Number.NaN,
      ...(differences.trim() ? { differences: differences.trim() } : {}),
    };
    send(
      weights,
      input,
      shipped?.pallets ?? order.pallets,
      { range: shippedKg === null ? null : { minKg: 0.01, maxKg: shippedKg }, code: 'moreThanShipped' },
      kg,
    );
  };

  return (
    <Form noValidate onSubmit={submit} data-testid="receive-form">
      <ActionError message={serverError} />
      <Row className="g-3 align-items-end">
        <WeightFields idPrefix="receive" value={weights} onChange={setWeights} errors={errors} tried={tried} netKgHint={hint} />
        {disputed ? (
          <Col xs={12}>
            <Alert variant="warning" className="mb-0" data-testid="receive-dispute">
              {t('form.weightDispute', { kg: kg(weights.netKg), shipped: kg(shippedKg), tolerance })}
            </Alert>
          </Col>
        ) : null}
        <Col xs={12}>
          <Form.Label htmlFor="receive-differences">{tc('receipt.differencesLabel')}</Form.Label>
          <Form.Control
            as="textarea"
            id="receive-differences"
            rows={2}
            maxLength={1000}
            value={differences}
            onChange={(e) => setDifferences(e.target.value)}
            placeholder={tc('receipt.differencesPlaceholder')}
            data-testid="receive-differences"
          />
        </Col>
        <Col md={6}>
          <Button type="submit" disabled={receive.isPending} data-testid="receive-submit">
            {t('actions.receive')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

function CancelButton({ order, scope }: { order: Order; scope: OrderScope }) {
  const { t } = useTranslation('orders');
  const text = useFieldText();
  const toast = useToast();
  const actionError = useActionError();
  const cancel = useCancelOrder(scope, order.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setError(undefined);
    setServerError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = cancelOrderInput.safeParse({ reason });
    if (!parsed.success) return setError(issuesOf(parsed).reason ?? 'invalid');
    setError(undefined);
    setServerError(null);
    cancel.mutate(parsed.data, {
      onSuccess: () => {
        close();
        toast.show('success', { message: t('actions.done.cancel') });
      },
      onError: (err) => setServerError(actionError(err)),
    });
  };

  return (
    <>
      <Button variant="outline-danger" onClick={() => setOpen(true)} data-testid="cancel-open">
        {t('actions.cancel')}
      </Button>
      <Modal show={open} onHide={close}>
        <Form noValidate onSubmit={submit} data-testid="cancel-form">
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5">
              {t('form.cancelTitle', { number: order.number })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('form.cancelBody')}</p>
            <ActionError message={serverError} />
            <Form.Group controlId="cancel-reason">
              <Form.Label>{t('form.reason')}</Form.Label>
              <Form.Control as="textarea" rows={3} maxLength={500} value={reason} isInvalid={!!error} onChange={(e) => setReason(e.target.value)} />
              <Form.Text>{t('form.reasonHint')}</Form.Text>
              <Form.Control.Feedback type="invalid">{text(error)}</Form.Control.Feedback>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              {t('actions.keep')}
            </Button>
            <Button type="submit" variant="danger" disabled={cancel.isPending} data-testid="cancel-submit">
              {t('actions.cancel')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}

function DeliveryEditor({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const text = useFieldText();
  const toast = useToast();
  const actionError = useActionError();
  const update = useUpdateOrder(order.id);
  const lng = i18n.resolvedLanguage ?? 'en';
  const a = order.deliveryAddress;
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState(a.address);
  const [postalCode, setPostalCode] = useState(a.postalCode);
  const [city, setCity] = useState(a.city);
  const [country, setCountry] = useState<Country | null>(a.countryAlpha2 ? { id: 0, alpha2: a.countryAlpha2, name: countryName(a.countryAlpha2, lng) } : null);
  const [date, setDate] = useState<IsoDay | ''>((order.requestedDeliveryDate as IsoDay | null) ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      deliveryAddress: { address, postalCode, city, countryAlpha2: country?.alpha2 ?? '' },
      requestedDeliveryDate: date || null,
    };
    const parsed = updateOrderInput.safeParse(input);
    const next = issuesOf(parsed);
    setErrors(next);
    if (!parsed.success) return;
    setServerError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        toast.show('success', { message: t('actions.done.editDelivery') });
      },
      onError: (err) => setServerError(actionError(err)),
    });
  };

  /** One line of the delivery address: its field, its limit and its error under `deliveryAddress.<name>`. */
  const addressField = (
    name: 'address' | 'postalCode' | 'city',
    id: string,
    label: string,
    md: number,
    maxLength: number,
    value: string,
    set: (v: string) => void,
  ) => {
    const error = errors[`deliveryAddress.${name}`];
    return (
      <Field id={id} label={label} error={text(error)} md={md}>
        <Form.Control id={id} value={value} maxLength={maxLength} isInvalid={!!error} onChange={(e) => set(e.target.value)} />
      </Field>
    );
  };

  return (
    <>
      <Button variant="outline-primary" onClick={() => setOpen(true)} data-testid="delivery-open">
        {t('actions.editDelivery')}
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} size="lg">
        <Form noValidate onSubmit={submit} data-testid="delivery-form">
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5">
              {t('actions.editDelivery')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <ActionError message={serverError} />
            <Row className="g-3">
              {addressField('address', 'delivery-address', t('form.deliveryAddress'), 12, 200, address, setAddress)}
              {addressField('postalCode', 'delivery-postal', t('form.postalCode'), 4, 20, postalCode, setPostalCode)}
              {addressField('city', 'delivery-city', t('form.city'), 8, 100, city, setCity)}
              <Form.Group as={Col} md={6}>
                <Form.Label htmlFor="delivery-country">{t('form.country')}</Form.Label>
                <CountrySelect inputId="delivery-country" value={country} invalid={!!errors['deliveryAddress.countryAlpha2']} onChange={setCountry} />
                {errors['deliveryAddress.countryAlpha2'] ? (
                  <div className="invalid-feedback d-block">{text(errors['deliveryAddress.countryAlpha2'])}</div>
                ) : null}
              </Form.Group>
              <Field id="delivery-date" label={t('form.deliveryDate')} error={text(errors.requestedDeliveryDate)}>
                <DateField id="delivery-date" inModal value={date} minDate={dayInParis(0)} invalid={!!errors.requestedDeliveryDate} onChange={setDate} />
              </Field>
            </Row>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('actions.close')}
            </Button>
            <Button type="submit" disabled={update.isPending} data-testid="delivery-submit">
              {t('actions.save')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
