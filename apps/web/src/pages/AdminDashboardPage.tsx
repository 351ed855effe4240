import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { PricesPanel } from '../features/prices/components/PricesPanel';
import { PriceImportPanel } from '../features/prices/components/PriceImportPanel';
import { WeatherWidget } from '../features/weather/components/WeatherWidget';
import { JobsPanel } from '../features/jobs/components/JobsPanel';

/** /admin/home (spec §2): the weather widget, then the market and grower price tabs, then the price import. */
export function AdminDashboardPage() {
  const { t } = useTranslation('prices');
  return (
    <section>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <WeatherWidget />
      <PricesPanel />
      <PriceImportPanel />
      <JobsPanel />
    </section>
  );
}
