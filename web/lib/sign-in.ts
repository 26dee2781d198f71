/** The message the sign-in popup sends back, on a channel that survives the provider's opener policy. */
export const SIGN_IN_CHANNEL = 'freshlist-sign-in';

export interface SignInMessage {
  type: 'freshlist:sign-in';
  ok: boolean;
  redirect: string;
  /** The first sign-in of this person: their profile was just made. */
  newUser?: boolean;
}

export const loginUrl = (redirect: string, popup: boolean) =>
  `/api/auth/login?${new URLSearchParams({ redirect, ...(popup ? { popup: '1' } : {}) })}`;

/**
 * Opens the identity provider in a popup and resolves when it reports back. When the browser
 * blocks the popup (common on phones) the same flow runs as a full-page redirect instead.
 */
export function signInWithPopup(redirect: string): Promise<SignInMessage | 'redirected' | 'closed'> {
  const popup = window.open(loginUrl(redirect, true), 'freshlist-sign-in', 'popup,width=480,height=680');
  if (!popup) {
    window.location.assign(loginUrl(redirect, false));
    return Promise.resolve('redirected');
  }
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
    const finish = (result: SignInMessage | 'closed') => {
      channel.close();
      window.removeEventListener('message', onWindowMessage);
      clearInterval(closedCheck);
      resolve(result);
    };
    const accept = (data: unknown) => {
      const message = data as Partial<SignInMessage> | null;
      if (message?.type === 'freshlist:sign-in') finish(message as SignInMessage);
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) accept(event.data);
    };
    channel.onmessage = (event) => accept(event.data);
    window.addEventListener('message', onWindowMessage);
    // The person may close the popup without finishing; give the button back after a moment.
    const closedCheck = setInterval(() => {
      if (popup.closed) setTimeout(() => finish('closed'), 500);
    }, 500);
  });
}
