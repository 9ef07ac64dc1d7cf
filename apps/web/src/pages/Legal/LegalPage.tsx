import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../../features/support/support.css';
import { useFrontConfig } from '../../lib/config';

/** A section's text; the inactive-member section has one text while the operator's switch is on, another while off. */
type Section = { heading: string } & ({ body: string[] } | { inactiveMembers: { on: string[]; off: string[] } });

/**
 * /UserTerms and /PrivacyPolicy: our own texts (Korean first, English), opened in a new tab from the footer. The
 * privacy policy says whether inactive members are kept apart as the console's switch (`/config/front`) has it.
 */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const inactiveOn = useFrontConfig().data?.inactiveMembers !== false;
  const sections = (t(`${doc}.sections`, { returnObjects: true }) as unknown as Section[]).map((s) => ({
    heading: s.heading,
    body: 'body' in s ? s.body : s.inactiveMembers[inactiveOn ? 'on' : 'off'],
  }));
  const title = t(`${doc}.title`);
  useEffect(() => {
    document.title = `${title} | ATT NFT`;
  }, [title]);
  return (
    <article className="page page-medium legal-page" data-testid={`legal-${doc}`}>
      <h1 className="page-title">{title}</h1>
      <p className="muted" data-testid="legal-effective">
        {t(`${doc}.effective`)}
      </p>
      <nav className="card legal-toc" aria-label={t('toc')}>
        <ol>
          {sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#${doc}-${i + 1}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.heading} id={`${doc}-${i + 1}`} className="legal-section">
          <h2>{s.heading}</h2>
          {s.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
