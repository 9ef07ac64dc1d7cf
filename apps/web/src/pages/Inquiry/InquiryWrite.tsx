import { supportKeys } from '../../features/support/support-queries';
import { checkInquiry, INQUIRY_MESSAGE_MAX, INQUIRY_TITLE_MAX, type InquiryError } from '@att/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NotSignedIn } from '../../features/auth/RequireLogin';
import { popups } from '../../features/popups/popup-store';
import '../../features/support/support.css';
import { useApiCall } from '../../lib/api';
import { isLoggedIn, useSession } from '../../lib/session';

/**
 * /Inquiry/Write (session required): title 1-100 and message 1-1000 characters with the spec's messages; success
 * shows '1:1문의 등록 성공' and goes to /Inquiry. Cancel goes back.
 */
export function InquiryWrite() {
  const { t } = useTranslation('support');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { title: useId(), message: useId() };
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ title: InquiryError | null; message: InquiryError | null }>({
    title: null,
    message: null,
  });
  const register = useApiCall('/support/inquiry/register', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.inquiries() });
      popups.ok(t('inquiryWrite.success'), { onClose: () => void navigate('/Inquiry') });
    },
  });
  if (!isLoggedIn(session)) return <NotSignedIn />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (register.busy) return;
    // Each field checked alone (the other one valid), so both messages show at once, under their fields only.
    const problems = { title: checkInquiry(title, '-'), message: checkInquiry('-', message) };
    setErrors(problems);
    if (problems.title || problems.message) {
      document.getElementById(problems.title ? ids.title : ids.message)?.focus();
      return;
    }
    register.run({ id: session.id, ticketId: session.ticket, title: title.trim(), message: message.trim() });
  };

  return (
    <section className="page page-narrow support-page" data-testid="inquiry-write-page">
      <h1 className="page-title">{t('inquiryWrite.title')}</h1>
      <form className="form card" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.title}>{t('inquiryWrite.subject')}</label>
          <input
            id={ids.title}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('inquiryWrite.subjectPlaceholder')}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={`${ids.title}-count`}
            data-testid="inquiry-title"
          />
          <p className="hint counter" id={`${ids.title}-count`}>
            {[...title.trim()].length}/{INQUIRY_TITLE_MAX}
          </p>
          {errors.title && (
            <p className="field-error" role="alert" data-testid="inquiry-title-error">
              {t(`inquiryWrite.errors.${errors.title}`)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.message}>{t('inquiryWrite.message')}</label>
          <textarea
            id={ids.message}
            rows={10}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder={t('inquiryWrite.messagePlaceholder')}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={`${ids.message}-count`}
            data-testid="inquiry-message"
          />
          <p className="hint counter" id={`${ids.message}-count`}>
            {[...message.trim()].length}/{INQUIRY_MESSAGE_MAX}
          </p>
          {errors.message && (
            <p className="field-error" role="alert" data-testid="inquiry-message-error">
              {t(`inquiryWrite.errors.${errors.message}`)}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void navigate(-1)}
            data-testid="inquiry-cancel"
          >
            {t('inquiryWrite.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={register.busy} data-testid="inquiry-submit">
            {t('inquiryWrite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
