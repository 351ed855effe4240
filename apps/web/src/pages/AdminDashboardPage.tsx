import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { PricesPanel } from '../features/prices/components/PricesPanel';
import { PriceImportPanel } from '../features/prices/components/PriceImportPanel';
import { WeatherWidget } from '../features/weather/components/WeatherWidget';
import { JobsPanel } from '../features/jobs/components/JobsPanel';
import { ReconciliationPanel } from '../features/invoices/components/ReconciliationPanel';

/** /admin/home (spec §2): the weather widget, the market and grower price tabs, the price import, then the books' reconciliation and the jobs. */
export function AdminDashboardPage() {
  const { t } = useTranslation('prices');
  return (
    <section>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <WeatherWidget />
      <PricesPanel />
      <PriceImportPanel />
      <ReconciliationPanel />
      <JobsPanel />
    </section>
  );
}
