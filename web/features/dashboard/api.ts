import type { OwnBusinessProfile } from '../../../core/business-profile';
import type { FeedPage, PublicPost } from '../../../core/feed';
import type { FollowersPage } from '../../../core/follow';
import type { LinkPolicy } from '../../../core/link';
import type { OwnLinkProblems } from '../../../core/link-check';
import type { OwnLists, PostEdit, RemovedPost } from '../../../core/list';
import type { OwnPostPage } from '../../../core/post';
import type { Audience, TradeDecision, TradeMembers } from '../../../core/trade';
import { api, withQuery } from '../../lib/api-client';

/** What PATCH /api/posts/:id takes, as typed: dates as YYYY-MM-DD or '' for none. */
export type PostEditBody = { [K in keyof PostEdit]?: string };

/** The dashboard's own API; the handle status comes from web/lib/account-api.ts. */
export const dashboardApi = {
  /** The signed-in person's lists by their newest versions, with open counts, newest first. */
  myPosts: (cursor: string | null) => api.get<OwnPostPage>(withQuery('/api/posts/mine', { cursor })),
  /** The person's lists, one row each: whether there is a first one to share, or a trade-only one. */
  myLists: () => api.get<OwnLists>('/api/lists/mine'),
  /**
   * One of the person's posts edited: description, validity dates ('' clears one) and, on a list's
   * newest version, the list's name. It keeps its time and shows "edited".
   */
  editPost: (postId: number, edit: PostEditBody) => api.patch<{ post: PublicPost }>(`/api/posts/${postId}`, edit),
  /** Removes one of the person's posts (one version of a list). */
  removePost: (postId: number) => api.delete<RemovedPost>(`/api/posts/${postId}`),
  /** The newest posts of the handles the person follows (the first page of /feed). */
  feed: () => api.get<FeedPage>('/api/feed'),
  /** The first page of followers, for its counts: everyone who follows, and those without a public page. */
  followers: () => api.get<FollowersPage>('/api/followers'),
  /** The holder's business profile: the dashboard asks them to complete it while area or trades are missing. */
  businessProfile: () => api.get<OwnBusinessProfile>('/api/profile'),
  /** The link rules, so the edit form mirrors the server's (it stays the authority). */
  linkPolicy: () => api.get<LinkPolicy>('/api/link-policy'),
  /** The person's lists whose links are broken, with what is wrong and how to fix it (#29). */
  linkProblems: () => api.get<OwnLinkProblems>('/api/link-checks/mine'),
  /** Requests for trade access, and who has it (issue 32). */
  tradeRequests: () => api.get<TradeMembers>('/api/trade/requests'),
  decideTrade: (memberId: string, decision: TradeDecision, reason?: string) =>
    api.post<TradeMembers>(`/api/trade/requests/${memberId}`, { decision, ...(reason ? { reason } : {}) }),
  /** A list becomes public or trade only; its versions are sealed or opened with it. */
  setAudience: (listId: number, audience: Audience) =>
    api.put<{ audience: Audience }>(`/api/lists/${listId}/audience`, { audience }),
  /** The removed-handle notice has been shown: the dashboard does not say it again. */
  removedHandleNoticeSeen: () => api.post<void>('/api/handle-status/removed-notice/seen'),
};
