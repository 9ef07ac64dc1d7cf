import { supportQueries } from '../../features/support/support-queries';
import { INQUIRY_PAGE_LINKS, InquiryState } from '@att/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../components/ui/Pagination';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { NotSignedIn } from '../../features/auth/RequireLogin';
import { AccordionItem } from '../../features/support/Accordion';
import { ListState } from '../../features/support/ListState';
import '../../features/support/support.css';
import { isLoggedIn, useSession } from '../../lib/session';

/** /Inquiry (session required): the member's own inquiries, waiting or answered with the reply; 7 per page, 5 links. */
export function Inquiry() {
  const { t } = useTranslation('support');
  const session = useSession();
  const [page, setPage] = useState(1);
  const authed = isLoggedIn(session);
  const query = useQuery({ ...supportQueries.inquiryPage(session, page), enabled: authed });
  if (!authed) return <NotSignedIn />;
  const list = query.data?.list ?? [];
  return (
    <section className="page page-medium support-page" data-testid="inquiry-page">
      <div className="support-heading">
        <h1 className="page-title">{t('inquiry.title')}</h1>
        <Link to="/Inquiry/Write" className="btn btn-primary" data-testid="inquiry-write-link">
          {t('inquiry.write')}
        </Link>
      </div>
      <ListState loading={query.isPending} error={query.isError && !query.data} onRetry={() => void query.refetch()} />
      {query.data && list.length === 0 && (
        <div className="card empty-state" data-testid="inquiry-empty">
          <p>{t('inquiry.empty')}</p>
        </div>
      )}
      {list.length > 0 && (
        <ul className="accordion" data-testid="inquiry-list">
          {list.map((q) => (
            <AccordionItem
              key={q.inquiryIdx}
              testId={`inquiry-item-${q.inquiryIdx}`}
              summary={
                <span className="accordion-summary">
                  <span
                    className={`inquiry-state ${q.state === InquiryState.Answered ? 'is-answered' : ''}`}
                    data-testid="inquiry-state"
                    data-state={q.state}
                  >
                    {q.state === InquiryState.Answered ? t('inquiry.answered') : t('inquiry.waiting')}
                  </span>
                  <span className="accordion-title">{q.title}</span>
                  <span className="muted small">{q.createDate.slice(0, 10)}</span>
                </span>
              }
            >
              <div className="inquiry-body">
                <h3 className="section-label">{t('inquiry.question')}</h3>
                <p className="inquiry-message">{q.message}</p>
                {q.reply !== null && (
                  <div className="inquiry-reply" data-testid="inquiry-reply">
                    <h3 className="section-label">
                      {t('inquiry.reply')}
                      {q.replyDate && (
                        <span className="muted small">
                          {' '}
                          · {t('inquiry.replyDate', { date: q.replyDate.slice(0, 10) })}
                        </span>
                      )}
                    </h3>
                    <SafeHtml html={q.reply} className="rich-text" />
                  </div>
                )}
              </div>
            </AccordionItem>
          ))}
        </ul>
      )}
      <Pagination
        pageNo={page}
        pageCount={query.data?.page?.pageCount ?? 1}
        links={INQUIRY_PAGE_LINKS}
        onChange={setPage}
      />
    </section>
  );
}
