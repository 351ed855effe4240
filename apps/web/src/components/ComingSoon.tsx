import { useTranslation } from 'react-i18next';

/** Shown only on routes whose issue has not landed yet. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="py-5 text-center">
      <h1 className="h3">{t(titleKey)}</h1>
      <p className="text-body-secondary">{t('comingSoon')}</p>
    </section>
  );
}
