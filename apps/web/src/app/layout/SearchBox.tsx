import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';

/** The site search: Enter opens /Search/{text} (header, phone search bar and sidebar). */
export function SearchBox({ testId, onDone, autoFocus }: { testId: string; onDone?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/Search/${encodeURIComponent(q)}`);
    setText('');
    onDone?.();
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <SearchIcon size={18} />
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        data-testid={testId}
        placeholder={t('search.placeholder')}
        value={text}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
