import { useId, useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../../core/order-rules';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { sendEnquiry } from '../../lib/order-desk-api';
import { loginPath } from '../../lib/paths';
import { Link } from '../../ui/link';

/**
 * A list Freshlist cannot read prices from has no basket: the buyer asks the supplier about it in
 * their own words instead, mailed with their address to answer (issue 40 §2, docs/decisions/0210).
 */
export function ListEnquiry({ handle, slug, name, here }: { handle: string; slug: string; name: string; here: string }) {
  const { auth } = useAuth();
  const textId = useId();
  const [text, setText] = useState('');
  const [sendKey, setSendKey] = useState(newIdempotencyKey);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  if (auth.status !== 'signed-in') {
    return (
      <p className="list-enquiry">
        <Link to={loginPath(here)}>Sign in to ask {name} about this list</Link>
      </p>
    );
  }
  if (state.kind === 'sent') {
    return (
      <p className="alert alert-success list-enquiry" role="status">
        Sent to {name}. Their answer comes to your email address.
      </p>
    );
  }
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      await sendEnquiry({ handle, slug, text, sendKey });
      setState({ kind: 'sent' });
      setSendKey(newIdempotencyKey());
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err) });
    }
  };
  return (
    <section className="list-enquiry" aria-labelledby={`${textId}-heading`}>
      <h2 id={`${textId}-heading`}>Ask about this list</h2>
      <p className="muted">Freshlist could not read prices from this list, so it cannot take an order. Ask {name} instead:</p>
      <label htmlFor={textId}>Your enquiry</label>
      <textarea id={textId} value={text} maxLength={NOTE_MAX_LENGTH} onChange={(e) => setText(e.target.value)} />
      <button type="button" className="button" onClick={() => void send()} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending…' : 'Send enquiry'}
      </button>
      {state.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
