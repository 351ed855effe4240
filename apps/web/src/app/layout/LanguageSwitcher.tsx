import { useTranslation } from 'react-i18next';
import { Flag } from '../../components/Flag';

/** Flags fr, us, de, es (spec §2); "us" stands for English. Switching applies at once and is kept. */
const CHOICES = [
  { lng: 'fr', flag: 'fr', label: 'Français' },
  { lng: 'en', flag: 'us', label: 'English' },
  { lng: 'de', flag: 'de', label: 'Deutsch' },
  { lng: 'es', flag: 'es', label: 'Español' },
] as const;

export function LanguageSwitcher() {
  const { i18n, t } = useTranslation('common');
  const current = i18n.resolvedLanguage;
  return (
    <div className="d-flex align-items-center gap-1" role="group" aria-label={t('header.language')}>
      {CHOICES.map((c) => (
        <button
          key={c.lng}
          type="button"
          className={`btn btn-sm px-1 py-0 border-0 lang-flag ${current === c.lng ? 'active' : ''}`}
          aria-pressed={current === c.lng}
          title={c.label}
          lang={c.lng}
          data-testid={`lang-${c.flag}`}
          onClick={() => void i18n.changeLanguage(c.lng)}
        >
          <Flag code={c.flag} title={c.label} />
        </button>
      ))}
    </div>
  );
}
