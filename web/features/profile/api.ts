import type { PublicTermsAnswer } from '../../../core/delivery-terms-api';
import type { FollowState } from '../../../core/follow';
import type { PostPage, Profile } from '../../../core/post';
import { termsPath } from '../../../core/terms-path';
import type { TradeAccess } from '../../../core/trade';
import { api, segment, withQuery } from '../../lib/api-client';

/** The paths the server preloads a rendered profile with (web/lib/preloaded.tsx). */
export const profilePaths = {
  profile: (handle: string) => `/api/profiles/${segment(handle)}`,
  posts: (handle: string) => `/api/profiles/${segment(handle)}/posts`,
};

/** The public profile's API (spec 2, /{handle}); type-only imports keep zod off this page (ADR 0062). */
export const profileApi = {
  profile: (handle: string) => api.get<Profile>(profilePaths.profile(handle)),
  posts: (handle: string, cursor: string | null) => api.get<PostPage>(withQuery(profilePaths.posts(handle), { cursor })),
  /** The public ordering terms and next delivery (issue 40 §1); preloaded with the profile (the page works out the next delivery by its own clock). */
  terms: (handle: string) => api.get<PublicTermsAnswer>(profileApi.termsPath(handle)),
  termsPath,
  follow: (handle: string) => api.put<FollowState>(`/api/follows/${segment(handle)}`),
  unfollow: (handle: string) => api.delete<FollowState>(`/api/follows/${segment(handle)}`),
  /** Where the signed-in viewer stands with the handle's trade-only lists (docs/decisions/0180). */
  tradeAccess: (handle: string) => api.get<TradeAccess>(`/api/trade/access/${segment(handle)}`),
  askForAccess: (handle: string, body: { businessName: string; note: string }) =>
    api.post<TradeAccess>(`/api/trade/access/${segment(handle)}`, body),
};
