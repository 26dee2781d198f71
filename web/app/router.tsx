import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { NOTE_SLUGS, type NoteSlug } from '../../core/note-pages';
import { type NotePageKey, notePageKey, PAGE_KEYS, PAGES, type PageKey, pagePath } from '../../core/pages';
import { ProfilePage } from '../features/profile/profile-page';
import { AuthProvider } from '../lib/auth';
import { type Preloaded, PreloadedProvider } from '../lib/preloaded';
import { AppLayout } from './layout';

/**
 * A page loaded on first visit to its route (the layout's Suspense shows nothing meanwhile), so a
 * public profile does not download the admin area or the form builder (issue 9: split by route).
 */
function page<N extends string, P>(load: () => Promise<Record<N, ComponentType<P>>>, name: N) {
  const component = async () => (await load())[name];
  return Object.assign(
    lazy(async () => ({ default: await component() })),
    { load: component },
  );
}

const LandingPage = page(() => import('../features/landing/landing-page'), 'LandingPage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const LoginCompletePage = page(() => import('../features/auth/login-complete-page'), 'LoginCompletePage');
const DashboardPage = page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const TellYourFriendsPage = page(() => import('../features/sharing/tell-your-friends-page'), 'TellYourFriendsPage');
const ConnectPage = page(() => import('../features/sharing/connect-page'), 'ConnectPage');
const AdminAnalyticsPage = page(() => import('../features/analytics/admin-analytics-page'), 'AdminAnalyticsPage');
const ChatFormPage = page(() => import('../features/forms/chat-form-page'), 'ChatFormPage');
const FormsListPage = page(() => import('../features/forms/forms-list-page'), 'FormsListPage');
const FormEditorPage = page(() => import('../features/forms/form-editor-page'), 'FormEditorPage');
const FormResponsesPage = page(() => import('../features/forms/form-responses-page'), 'FormResponsesPage');
const AdminDashboardPage = page(() => import('../features/admin/admin-dashboard-page'), 'AdminDashboardPage');
const UsersOverviewPage = page(() => import('../features/admin/users-overview-page'), 'UsersOverviewPage');
const DeletedUsersPage = page(() => import('../features/admin/deleted-users-page'), 'DeletedUsersPage');
const IndexCheckPage = page(() => import('../features/admin/index-check-page'), 'IndexCheckPage');
const AdminEmailPage = page(() => import('../features/admin/admin-email-page'), 'AdminEmailPage');
const AdminLinkChecksPage = page(() => import('../features/admin/admin-link-checks-page'), 'AdminLinkChecksPage');
const SettingsPage = page(() => import('../features/settings/settings-page'), 'SettingsPage');
const AuditLogPage = page(() => import('../features/admin/audit-log-page'), 'AuditLogPage');
const RequestHandlePage = page(() => import('../features/handles/request-handle-page'), 'RequestHandlePage');
const RequestInvitePage = page(() => import('../features/invites/request-invite-page'), 'RequestInvitePage');
const AcceptInvitePage = page(() => import('../features/invites/accept-invite-page'), 'AcceptInvitePage');
const AdminHandlesPage = page(() => import('../features/handles/admin-handles-page'), 'AdminHandlesPage');
const AdminInvitePage = page(() => import('../features/invites/admin-invite-page'), 'AdminInvitePage');
const AdminInviteRequestsPage = page(() => import('../features/invites/admin-invite-requests-page'), 'AdminInviteRequestsPage');
const AdminInvitesPendingPage = page(() => import('../features/invites/admin-invites-pending-page'), 'AdminInvitesPendingPage');
const UploadPage = page(() => import('../features/posts/upload-page'), 'UploadPage');
const FeedPage = page(() => import('../features/feed/feed-page'), 'FeedPage');
const FollowersPage = page(() => import('../features/follows/followers-page'), 'FollowersPage');
const FollowingPage = page(() => import('../features/follows/following-page'), 'FollowingPage');

const ExplorePage = page(() => import('../features/explore/explore-page'), 'ExplorePage');
const ListPage = page(() => import('../features/lists/list-page'), 'ListPage');
const BusinessProfilePage = page(() => import('../features/business-profile/business-profile-page'), 'BusinessProfilePage');

const ListChangesPage = page(() => import('../features/contents/list-changes-page'), 'ListChangesPage');
const ListVersionPage = page(() => import('../features/contents/list-version-page'), 'ListVersionPage');

const NotesPage = page(() => import('../features/admin/notes-page'), 'NotesPage');

/** The notes pages (core/note-pages.ts): one editor, under each slug's own key of the route table. */
function notePage(slug: NoteSlug): ComponentType {
  return () => <NotesPage slug={slug} />;
}
const NOTE_PAGE_COMPONENTS = Object.fromEntries(NOTE_SLUGS.map((slug) => [notePageKey(slug), notePage(slug)])) as Record<
  NotePageKey,
  ComponentType
>;

/** The component of every page of the route table: a page without one does not compile. */
const PAGE_COMPONENTS: Record<PageKey, ComponentType> = {
  home: LandingPage,
  login: LoginPage,
  loginComplete: LoginCompletePage,
  dashboard: DashboardPage,
  settings: SettingsPage,
  requestHandle: RequestHandlePage,
  requestInvite: RequestInvitePage,
  inviteWithoutHandle: AcceptInvitePage,
  invite: AcceptInvitePage,
  adminHandles: AdminHandlesPage,
  adminInvite: AdminInvitePage,
  adminInviteRequests: AdminInviteRequestsPage,
  adminInvitesPending: AdminInvitesPendingPage,
  upload: UploadPage,
  feed: FeedPage,
  followers: FollowersPage,
  following: FollowingPage,
  follow: ConnectPage,
  tellYourFriends: TellYourFriendsPage,
  form: ChatFormPage,
  chatFormCreator: FormsListPage,
  chatFormNew: FormEditorPage,
  chatFormEdit: FormEditorPage,
  chatFormResponses: FormResponsesPage,
  admin: AdminDashboardPage,
  adminUsers: UsersOverviewPage,
  adminDeletedUsers: DeletedUsersPage,
  adminIndexCheck: IndexCheckPage,
  adminAuditLog: AuditLogPage,
  adminAnalytics: AdminAnalyticsPage,
  explore: ExplorePage,
  settingsProfile: BusinessProfilePage,
  adminEmail: AdminEmailPage,
  adminLinkChecks: AdminLinkChecksPage,
  ...NOTE_PAGE_COMPONENTS,
  listChanges: ListChangesPage,
  listVersion: ListVersionPage,
  list: ListPage,
  // A public profile (fixed routes rank first); an unknown handle goes to /.
  profile: ProfilePage,
};

/**
 * The source of each page the server renders (core/pages.ts `rendered`) that loads lazily: the
 * build's manifest names the style sheets its chunk brings by it, and the server puts them inside
 * the rendered page (docs/decisions/0108). The profile is in the entry chunk, with the entry's styles.
 */
export const RENDERED_PAGE_MODULES: Partial<Record<PageKey, string>> = {
  home: 'features/landing/landing-page.tsx',
  tellYourFriends: 'features/sharing/tell-your-friends-page.tsx',
  follow: 'features/sharing/connect-page.tsx',
  explore: 'features/explore/explore-page.tsx',
  list: 'features/lists/list-page.tsx',
};

/**
 * A page's component itself, its code loaded: the server renders it without waiting on a lazy
 * chunk (render-page.tsx).
 */
export async function loadPageComponent(key: PageKey): Promise<ComponentType> {
  const component = PAGE_COMPONENTS[key] as ComponentType & { load?: () => Promise<ComponentType> };
  return component.load ? component.load() : component;
}

/** The route table of spec section 2 (core/pages.ts) inside the layout; any other path goes to /. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {PAGE_KEYS.map((key) => {
          const Page = PAGE_COMPONENTS[key];
          return <Route key={key} path={PAGES[key].path} element={<Page />} />;
        })}
        <Route path="*" element={<Navigate to={pagePath('home')} replace />} />
      </Route>
    </Routes>
  );
}

/**
 * The app in the browser. The public profile, where most visitors land from a QR code, is in the
 * entry chunk: no second round trip. Declarative routes: the app uses no loaders or actions, and
 * the data router would add ~16 KB gzipped to every first visit. `preloaded` is what the server
 * rendered a public page with (docs/decisions/0108); the server renders the same tree
 * (render-page.tsx).
 */
export function AppRouter({ preloaded }: { preloaded: Preloaded | null }) {
  return (
    <PreloadedProvider value={preloaded}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </PreloadedProvider>
  );
}
