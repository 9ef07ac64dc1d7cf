import { lineCount } from '@att/shared';
import { useTranslation } from 'react-i18next';
import { charCount } from '../../lib/digits';
import { CountedField } from './FormField';

/**
 * The name and description fields of the publishing forms (collection, item), with their counters: the name is
 * required and counted trimmed; the description may also have a line limit, counted before its characters. Texts
 * come from `<ns>:form.*`; test ids are `<ns>-name`, `<ns>-description` and their `-error`s.
 */
export function NameDescriptionFields(p: {
  /** The form: its texts' namespace and its test ids' prefix. */
  ns: 'item' | 'collection';
  ids: { name: string; desc: string };
  name: [string, (value: string) => void];
  description: [string, (value: string) => void];
  errorOf: (field: 'name' | 'description') => string | null;
  /** Characters of the name and the description, and the description's lines (the item's), if limited. */
  max: { name: number; desc: number; lines?: number };
}) {
  const { t } = useTranslation(p.ns);
  const [name, onName] = p.name;
  const [description, onDescription] = p.description;
  const { name: nameMax, desc: descMax, lines: descMaxLines } = p.max;
  const lineText = useTranslation('item').t;
  const nameCount = charCount(name.trim());
  const descCount = charCount(description);
  const lines = lineCount(description);
  const counter = (count: number, max: number) => t('form.counter', { count, max });
  return (
    <>
      <CountedField
        id={p.ids.name}
        field="name"
        testPrefix={p.ns}
        label={t('form.name')}
        required
        error={p.errorOf('name')}
        value={name}
        onChange={onName}
        placeholder={t('form.namePlaceholder')}
        over={nameCount > nameMax}
        counter={counter(nameCount, nameMax)}
      />

      <CountedField
        id={p.ids.desc}
        field="description"
        testPrefix={p.ns}
        label={t('form.description')}
        error={p.errorOf('description')}
        multiline
        value={description}
        onChange={onDescription}
        placeholder={t('form.descriptionPlaceholder')}
        over={descCount > descMax || (descMaxLines !== undefined && lines > descMaxLines)}
        counter={
          descMaxLines === undefined ? (
            counter(descCount, descMax)
          ) : (
            <>
              {lineText('form.lines', { count: lines })} · {counter(descCount, descMax)}
            </>
          )
        }
      />
    </>
  );
}
