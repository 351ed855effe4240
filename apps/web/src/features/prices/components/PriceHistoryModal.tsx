import { useState } from 'react';
import { Alert, ButtonGroup, Modal, Spinner, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, PRICE_HISTORY_RANGES, type PriceType } from '@primeur/shared';
import { euro } from '../../../lib/format';
import { usePriceHistory } from '../api/price-history';
import type { ProductRef } from './PriceTables';

/** How every line of the chart is drawn; each series adds its data, name and colour. */
const SERIES_LINE = { type: 'monotone', strokeWidth: 2, dot: false, isAnimationActive: false } as const;

export type HistoryTarget = ProductRef & { type: PriceType; date: string };

/**
 * A product's prices over the last 30 or 90 days up to the tab's date. Market: the min–max band with
 * the average line; grower: the first price and the average of the prices.
 */
export function PriceHistoryModal({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('prices');
  const [days, setDays] = useState<30 | 90>(30);
  const { data, isLoading, isError } = usePriceHistory(target ? { ...target, days, to: target.date } : null);
  const lng = i18n.resolvedLanguage;
  const points = (data?.points ?? []).map((p) => ({ ...p, band: p.min !== null && p.max !== null ? [p.min, p.max] : null }));
  const money = (v: unknown) => (Array.isArray(v) ? v.map((x) => euro(Number(x), lng)).join(' – ') : euro(Number(v), lng));
  return (
    <Modal show={target !== null} onHide={onClose} size="lg" centered aria-labelledby="price-history-title">
      <Modal.Header closeButton closeLabel={t('history.close')}>
        <Modal.Title id="price-history-title" as="h2" className="h5">
          {target ? t('history.title', { name: target.label }) : null}
          {target ? <span className="ms-2 small text-muted">{t(`tabs.${target.type}`)}</span> : null}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ButtonGroup className="mb-3" aria-label={t('history.title', { name: target?.label ?? '' })}>
          {PRICE_HISTORY_RANGES.map((n) => (
            <ToggleButton
              key={n}
              id={`history-range-${n}`}
              type="radio"
              variant="outline-primary"
              size="sm"
              name="history-range"
              value={n}
              checked={days === n}
              onChange={() => setDays(n)}
            >
              {t('history.range', { count: n })}
            </ToggleButton>
          ))}
        </ButtonGroup>
        {isLoading ? <Spinner size="sm" /> : null}
        {isError ? <Alert variant="danger">{t('history.loadError')}</Alert> : null}
        {data && points.length === 0 ? <Alert variant="light">{t('history.empty')}</Alert> : null}
        {points.length > 0 ? (
          <div style={{ width: '100%', height: 320 }} data-testid="price-history-chart" data-points={points.length}>
            <ResponsiveContainer>
              <ComposedChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d, lng, 'dayMonth')} minTickGap={24} />
                <YAxis tickFormatter={(v: number) => euro(v, lng)} width={72} domain={['auto', 'auto']} />
                <Tooltip labelFormatter={(d) => formatDay(String(d), lng)} formatter={(v) => money(v)} />
                <Legend />
                {target?.type === 'market' ? (
                  <>
                    <Area
                      type="monotone"
                      dataKey="band"
                      name={t('history.band')}
                      stroke="none"
                      fill="var(--bs-primary)"
                      fillOpacity={0.2}
                      isAnimationActive={false}
                    />
                    <Line {...SERIES_LINE} dataKey="avg" name={t('history.avg')} stroke="var(--bs-primary)" />
                  </>
                ) : (
                  <>
                    <Line {...SERIES_LINE} dataKey="first" name={t('history.first')} stroke="var(--bs-success)" />
                    <Line {...SERIES_LINE} dataKey="avg" name={t('history.avgCuts')} stroke="var(--bs-primary)" />
                  </>
                )}
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        ) : null}
      </Modal.Body>
    </Modal>
  );
}
