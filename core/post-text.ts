/**
 * What public pages show about posts, without zod: the profile page and the post card load these
 * on a first visit, so they live apart from the schemas of post.ts (issue 9: first-visit weight).
 */

export const POST_MESSAGES = {
  uploadSaved: 'Upload saved! Redirecting to dashboard...',
  profileNotFound: 'Profile not found.',
  linkNotAvailable: 'This link is no longer available.',
  noUploads: "This user hasn't uploaded anything yet.",
} as const;

/** Where a post card's 'go to page' link points: the server counts the open and redirects. */
export const postOpenPath = (postId: number) => `/api/posts/${postId}/open`;
