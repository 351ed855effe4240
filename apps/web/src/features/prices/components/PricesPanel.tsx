import { useState } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PriceHistoryModal, type HistoryTarget } from './PriceHistoryModal';
import { PriceTab } from './PriceTab';

/** The dashboard's two price tabs, market first (spec §2), and the history chart they open. */
export function PricesPanel() {
  const { t } = useTranslation('prices');
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  return (
    <>
      <Tabs defaultActiveKey="market" id="price-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="market" title={t('tabs.market')}>
          <PriceTab type="market" onOpenHistory={setHistory} />
        </Tab>
        <Tab eventKey="grower" title={t('tabs.grower')}>
          <PriceTab type="grower" onOpenHistory={setHistory} />
        </Tab>
      </Tabs>
      <PriceHistoryModal target={history} onClose={() => setHistory(null)} />
    </>
  );
}
