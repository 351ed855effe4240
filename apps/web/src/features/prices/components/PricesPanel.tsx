import { lazy, Suspense, useState } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { HistoryTarget } from './PriceHistoryModal';
import { PriceTab } from './PriceTab';

// The chart library (recharts, ~260 kB) is fetched when a history is first opened, not with the dashboard.
const PriceHistoryModal = lazy(async () => ({ default: (await import('./PriceHistoryModal')).PriceHistoryModal }));

/** The dashboard's two price tabs, market first (spec §2), and the history chart they open. */
export function PricesPanel() {
  const { t } = useTranslation('prices');
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [historyOpened, setHistoryOpened] = useState(false);
  const openHistory = (target: HistoryTarget) => {
    setHistoryOpened(true);
    setHistory(target);
  };
  return (
    <>
      <Tabs defaultActiveKey="market" id="price-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="market" title={t('tabs.market')}>
          <PriceTab type="market" onOpenHistory={openHistory} />
        </Tab>
        <Tab eventKey="grower" title={t('tabs.grower')}>
          <PriceTab type="grower" onOpenHistory={openHistory} />
        </Tab>
      </Tabs>
      {historyOpened ? (
        <Suspense fallback={null}>
          <PriceHistoryModal target={history} onClose={() => setHistory(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
