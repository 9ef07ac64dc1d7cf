/**
 * The report popup (spec 2, section 5; one component for every target): report type 1 collection, 2 member,
 * 3 item. Category required ("카테고리를 선택해 주세요"), message 1-1000 characters with a counter; success shows
 * "신고 내용이 정상적으로 등록되었습니다.". `ReportButton` opens it, or asks a logged-out visitor to sign in.
 */
import { REPORT_MESSAGE_MAX, type ReportTypeValue } from '@att/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import { useSession } from '../../lib/session';
import { auth } from '../auth';
import { popups } from '../popups';
import { useApiCall } from '../../lib/api';
import { checkReport, type ReportProblem, reportLength } from './report-validation';
import { useReportCategories } from './social-queries';
import './social.css';

export interface ReportTarget {
  type: ReportTypeValue;
  targetIdx: number;
}

export function ReportButton({
  target,
  className = 'btn btn-outline',
  testId = 'report-open',
}: {
  target: ReportTarget;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('social');
  const { id, ticket } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        aria-label={t('report.open')}
        onClick={() => (id && ticket ? setOpen(true) : auth.requestConnect())}
      >
        <FlagIcon />
        <span className="report-label">{t('report.open')}</span>
      </button>
      {open && id && ticket && (
        <ReportPopup target={target} auth={{ id, ticketId: ticket }} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

export function ReportPopup({
  target,
  auth: who,
  onClose,
}: {
  target: ReportTarget;
  auth: { id: string; ticketId: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('social');
  const ids = { category: useId(), message: useId(), count: useId() };
  const lang = i18n.language?.startsWith('en') ? 'en' : 'ko';
  const categories = useReportCategories(lang);
  const [categoryIdx, setCategoryIdx] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<ReportProblem | null>(null);
  const register = useApiCall('/support/report/register', {
    onSuccess: () => {
      onClose();
      popups.ok(t('report.done'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkReport(categoryIdx, message);
    setProblem(found);
    if (found || categoryIdx === null) return;
    register.run({
      ...who,
      reportCategoryIdx: categoryIdx,
      type: target.type,
      targetIdx: target.targetIdx,
      message: message.trim(),
    });
  };
  const length = reportLength(message);
  const categoryError = problem === 'categoryRequired';
  const messageError = problem === 'messageRequired' || problem === 'messageTooLong';

  return (
    <Dialog title={t('report.title')} onClose={onClose} size="md" testId="report-popup">
      <form className="form report-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.category}>{t('report.category')}</label>
          <select
            id={ids.category}
            value={categoryIdx ?? ''}
            onChange={(e) => {
              setCategoryIdx(e.target.value ? Number(e.target.value) : null);
              if (categoryError) setProblem(null);
            }}
            aria-invalid={categoryError}
            data-testid="report-category"
          >
            <option value="">{t('report.categoryPlaceholder')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.categoryIdx} value={c.categoryIdx}>
                {c.name}
              </option>
            ))}
          </select>
          {categories.isError && <p className="field-error">{t('report.categoriesFailed')}</p>}
          {categoryError && (
            <p className="field-error" role="alert" data-testid="report-category-error">
              {t('report.categoryRequired')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.message}>{t('report.message')}</label>
          <textarea
            id={ids.message}
            rows={6}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              if (messageError) setProblem(null);
            }}
            placeholder={t('report.messagePlaceholder')}
            aria-invalid={messageError}
            aria-describedby={ids.count}
            data-testid="report-message"
          />
          <p
            className={`hint counter ${length > REPORT_MESSAGE_MAX ? 'is-over' : ''}`}
            id={ids.count}
            data-testid="report-counter"
          >
            {t('report.counter', { count: length, max: REPORT_MESSAGE_MAX })}
          </p>
          {messageError && (
            <p className="field-error" role="alert" data-testid="report-message-error">
              {t(problem === 'messageTooLong' ? 'report.messageTooLong' : 'report.messageRequired')}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} data-testid="report-cancel">
            {t('report.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={register.busy}
            aria-busy={register.busy}
            data-testid="report-submit"
          >
            {register.busy ? t('report.submitting') : t('report.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function FlagIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
    </svg>
  );
}
