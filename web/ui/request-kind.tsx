import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HANDLE_REQUEST_MESSAGES } from '../../core/handle';
import { pagePath } from '../../core/pages';
import { Link } from './link';

/** Spec 9: the dashboard follows 3 seconds after a request. */
const REDIRECT_AFTER_MS = 3000;

/**
 * Which of the two request forms this is (issue 15): who reviews it, what happens next, and the
 * way to the other one, so /request-handle and /request-invite cannot be confused.
 */
export function RequestKind({
  reviewer,
  next,
  other,
  otherWhen,
}: {
  reviewer: string;
  next: string;
  other: { to: string; label: string };
  otherWhen: string;
}) {
  return (
    <aside className="request-kind" aria-label="About this request">
      <p>
        <strong>{reviewer}</strong> {next}
      </p>
      <p className="muted">
        {otherWhen} <Link to={other.to}>{other.label}</Link>
      </p>
    </aside>
  );
}

/** Both requests confirm the same way: 'Request submitted', what comes next, then the dashboard. */
export function RequestSubmitted({ next }: { next: string }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => navigate(pagePath('dashboard'), { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main className="page page-narrow center">
      <h1 ref={heading} tabIndex={-1}>
        {HANDLE_REQUEST_MESSAGES.submitted}
      </h1>
      <p role="status">{next}</p>
    </main>
  );
}
