import { type SearchType } from '@att/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../components/ui/icons';

/** Search type (1 title, 2 content) and text; submitted by Enter or the icon button. */
export function SearchBar({
  type,
  text,
  onSearch,
}: {
  type: SearchType;
  text: string;
  onSearch: (type: SearchType, text: string) => void;
}) {
  const { t } = useTranslation('support');
  const id = useId();
  const [draftType, setDraftType] = useState<SearchType>(type);
  const [draft, setDraft] = useState(text);
  useEffect(() => {
    setDraftType(type);
    setDraft(text);
  }, [type, text]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draftType, draft.trim());
  };
  return (
    <form className="support-search" role="search" onSubmit={submit} data-testid="support-search">
      <label className="sr-only" htmlFor={`${id}-type`}>
        {t('search.type')}
      </label>
      <select
        id={`${id}-type`}
        value={draftType}
        onChange={(e) => setDraftType(e.target.value === '2' ? 2 : 1)}
        data-testid="search-type"
      >
        <option value="1">{t('search.title')}</option>
        <option value="2">{t('search.content')}</option>
      </select>
      <label className="sr-only" htmlFor={`${id}-text`}>
        {t('search.placeholder')}
      </label>
      <input
        id={`${id}-text`}
        type="search"
        className="support-search-text"
        value={draft}
        maxLength={100}
        placeholder={t('search.placeholder')}
        onChange={(e) => setDraft(e.target.value)}
        data-testid="search-text"
      />
      <button type="submit" className="icon-button" aria-label={t('search.submit')} data-testid="search-submit">
        <SearchIcon />
      </button>
    </form>
  );
}
