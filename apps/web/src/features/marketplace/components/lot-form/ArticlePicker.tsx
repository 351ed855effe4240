import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { matchesSearch, type ProductFormOptions } from '@primeur/shared';

type Lng = 'en' | 'fr' | 'de' | 'es';
type Article = ProductFormOptions['articles'][number];

interface ArticlePickerProps {
  id: string;
  articles: Article[] | undefined;
  value: number | null;
  onChange(articleId: number | null): void;
  invalid?: boolean;
  /** Ids of the texts that describe the field (its error). */
  describedBy?: string;
}

/** Options shown at most: typing narrows the 175 articles quickly, and a long list is slow to read aloud. */
const MAX_SHOWN = 50;

/**
 * The article of a lot, found by typing part of its name in the reader's language (issue 26): an
 * ARIA combobox — arrows move through the matches, Enter takes one, Escape gives the text back.
 */
export function ArticlePicker({ id, articles, value, onChange, invalid, describedBy }: ArticlePickerProps) {
  const { t, i18n } = useTranslation('marketplace');
  const lng = (i18n.resolvedLanguage ?? 'en') as Lng;
  const listId = useId();
  const hintId = `${id}-hint`;
  const labelOf = (a: Article) => a.names[lng] ?? a.article;
  const sorted = useMemo(() => [...(articles ?? [])].sort((a, b) => labelOf(a).localeCompare(labelOf(b), lng)), [articles, lng]); // eslint-disable-line react-hooks/exhaustive-deps -- labelOf follows lng
  const selected = sorted.find((a) => a.id === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = query ?? (selected ? labelOf(selected) : '');
  const matches = useMemo(() => sorted.filter((a) => matchesSearch(query ?? '', labelOf(a))).slice(0, MAX_SHOWN), [sorted, query]); // eslint-disable-line react-hooks/exhaustive-deps -- labelOf follows lng

  const choose = (a: Article) => {
    onChange(a.id);
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (e.key === 'Enter') {
      if (open && matches[active]) {
        e.preventDefault();
        choose(matches[active]);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
      setOpen(false);
    }
  };
  const activeId = open && matches[active] ? `${listId}-${matches[active].id}` : undefined;
  return (
    <div className="position-relative">
      <Form.Control
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        isInvalid={invalid}
        placeholder={t('articlePicker.placeholder')}
        value={text}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
          if (e.target.value === '') onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
      />
      <Form.Text id={hintId} className="visually-hidden">
        {t('articlePicker.hint')}
      </Form.Text>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('fields.article')}
          className="list-group position-absolute w-100 shadow-sm overflow-auto"
          style={{ zIndex: 1056, maxHeight: 260 }}
        >
          {matches.length === 0 ? (
            <li className="list-group-item text-body-secondary small" role="presentation">
              {t('articlePicker.noMatch', { q: query ?? '' })}
            </li>
          ) : (
            matches.map((a, i) => (
              <li
                key={a.id}
                id={`${listId}-${a.id}`}
                role="option"
                aria-selected={a.id === value}
                className={`list-group-item list-group-item-action py-1${i === active ? ' active' : ''}`}
                // mousedown, not click: the input keeps the focus, and the choice lands before its blur.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(a);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {labelOf(a)} <span className={`small ${i === active ? '' : 'text-body-secondary'}`}>· {t(`families.${a.family}`)}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
