import type { BusinessProfileInput, Logo, OwnBusinessProfile } from '../../../core/business-profile';
import type { DeliveryTermsInput, OwnDeliveryTerms } from '../../../core/delivery-terms-api';
import { ApiRequestError, api } from '../../lib/api-client';

/** The form's fields as it sends them (PUT /api/profile reads them with businessProfileInputSchema). */
export type BusinessProfileForm = Record<keyof Omit<BusinessProfileInput, 'trades' | 'socials'>, string> &
  Record<'instagram' | 'facebook' | 'linkedin' | 'whatsapp', string> & { trades: string[] };

/** /settings/profile's API: the owner's business profile and its logo. */
export const businessProfileApi = {
  get: () => api.get<OwnBusinessProfile>('/api/profile'),
  save: (form: BusinessProfileForm) => api.put<OwnBusinessProfile>('/api/profile', form),
  removeLogo: () => api.delete<{ logo: null }>('/api/profile/logo'),
  /** Ordering terms (issue 40 §1): null until first saved. */
  terms: () => api.get<OwnDeliveryTerms>('/api/profile/terms'),
  saveTerms: (terms: DeliveryTermsInput) => api.put<OwnDeliveryTerms>('/api/profile/terms', terms),

  /** The image itself as the body (not JSON): the server reads its bytes, whatever the file claims to be. */
  async uploadLogo(file: Blob): Promise<Logo> {
    let response: Response;
    try {
      response = await fetch('/api/profile/logo', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
    } catch {
      throw new ApiRequestError(0, 'Could not reach Freshlist. Check your connection and try again.');
    }
    const data = (await response.json().catch(() => null)) as { logo?: Logo; message?: unknown } | null;
    if (!response.ok || !data?.logo) {
      throw new ApiRequestError(
        response.status,
        typeof data?.message === 'string' ? data.message : 'Something went wrong. Please try again.',
      );
    }
    return data.logo;
  },
};
