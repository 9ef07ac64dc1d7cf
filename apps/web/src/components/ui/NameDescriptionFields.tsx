import { lineCount } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { charCount } from '../../lib/digits';
import { CountedField } from './FormField';

/**
 * The name and description fields of the publishing forms (collection, item), with their counters: the name is
 * required and counted trimmed; the description may also have a line limit, counted before its characters. Texts
 * come from `<ns>:form.*`; test ids are `<testPrefix>-name`, `<testPrefix>-description` and their `-error`s.
 */
export function NameDescriptionFields(p: {
  ns: 'item' | 'collection';
  testPrefix: string;
  ids: { name: string; desc: string };
  name: string;
  onName: (value: string) => void;
  description: string;
  onDescription: (value: string) => void;
  errorOf: (field: 'name' | 'description') => string | null;
  nameMax: number;
  descMax: number;
  /** The description's line limit (the item's), or none. */
  descMaxLines?: number;
}) {
  const { t } = useTranslation(p.ns);
  const lineText = useTranslation('item').t;
  const nameCount = charCount(p.name.trim());
  const descCount = charCount(p.description);
  const lines = lineCount(p.description);
  const counter = (count: number, max: number) => t('form.counter', { count, max });
  return (
    <>
      <CountedField
        id={p.ids.name}
        field="name"
        testPrefix={p.testPrefix}
        label={t('form.name')}
        required
        error={p.errorOf('name')}
        value={p.name}
        onChange={p.onName}
        placeholder={t('form.namePlaceholder')}
        over={nameCount > p.nameMax}
        counter={counter(nameCount, p.nameMax)}
      />

      <CountedField
        id={p.ids.desc}
        field="description"
        testPrefix={p.testPrefix}
        label={t('form.description')}
        error={p.errorOf('description')}
        multiline
        value={p.description}
        onChange={p.onDescription}
        placeholder={t('form.descriptionPlaceholder')}
        over={descCount > p.descMax || (p.descMaxLines !== undefined && lines > p.descMaxLines)}
        counter={
          p.descMaxLines === undefined ? (
            counter(descCount, p.descMax)
          ) : (
            <>
              {lineText('form.lines', { count: lines })} · {counter(descCount, p.descMax)}
            </>
          )
        }
      />
    </>
  );
}
