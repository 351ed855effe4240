import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';

const SECTIONS = ['accounts', 'lots', 'auctions', 'requests', 'invoicing', 'data'] as const;

/** /terms: the conditions a company accepts when it registers (linked from the registration form). */
export function TermsPage() {
  const { t } = useTranslation('common');
  return (
    <article className="mx-auto" style={{ maxWidth: 760 }}>
      <PageTitle>{t('terms.title')}</PageTitle>
      <p className="lead">{t('terms.intro')}</p>
      {SECTIONS.map((s) => (
        <section key={s} className="mb-3">
          <h2 className="h5">{t(`terms.${s}.title`)}</h2>
          <p>{t(`terms.${s}.text`)}</p>
        </section>
      ))}
    </article>
  );
}
