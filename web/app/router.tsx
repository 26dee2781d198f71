import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { NOTE_SLUGS, type NoteSlug } from '../../core/note-pages';
import { type NotePageKey, notePageKey, PAGE_KEYS, PAGES, type PageKey, pagePath } from '../../core/pages';
import { loadProfileParts, ProfilePage } from '../features/profile/profile-page';
import { AuthProvider } from '../lib/auth';
import { pageOf } from '../lib/current-page';
import { type Preloaded, PreloadedProvider } from '../lib/preloaded';
import { AppLayout } from './layout';

type LazyPages = typeof import('./lazy-pages').LAZY_PAGES;

/**
 * A page loaded on first visit to its route (the layout's Suspense shows nothing meanwhile), so a
 * public profile does not download the admin area or the form builder (issue 9: split by route),
 * nor the table of where each page's code is (lazy-pages.ts, docs/decisions/0219).
 */
function page<N extends keyof LazyPages>(name: N) {
  const component = async () => (await (await import('./lazy-pages')).LAZY_PAGES[name]()) as Awaited<ReturnType<LazyPages[N]>>;
  return Object.assign(
    lazy(async () => ({ default: await component() })),
    { load: component },
  );
}

/**
 * A page whose chunk the entry names itself, not through the page table: a list's page, where its
 * QR card leads, loads its code alone on a first visit (issue 39); the server preloads that chunk.
 */
function ownChunkPage<C extends ComponentType>(load: () => Promise<C>) {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { load },
  );
}

const ListPage = ownChunkPage(async () => (await import('../features/lists/list-page')).ListPage);

const LandingPage = page('LandingPage');
const LoginPage = page('LoginPage');
const LoginCompletePage = page('LoginCompletePage');
const DashboardPage = page('DashboardPage');
const TellYourFriendsPage = page('TellYourFriendsPage');
const ConnectPage = page('ConnectPage');
const ListCardPage = page('ListCardPage');
const AdminAnalyticsPage = page('AdminAnalyticsPage');
const ChatFormPage = page('ChatFormPage');
const FormsListPage = page('FormsListPage');
const FormEditorPage = page('FormEditorPage');
const FormResponsesPage = page('FormResponsesPage');
const AdminDashboardPage = page('AdminDashboardPage');
const UsersOverviewPage = page('UsersOverviewPage');
const DeletedUsersPage = page('DeletedUsersPage');
const IndexCheckPage = page('IndexCheckPage');
const AdminEmailPage = page('AdminEmailPage');
const AdminLinkChecksPage = page('AdminLinkChecksPage');
const AdminJobsPage = page('AdminJobsPage');
const SettingsPage = page('SettingsPage');
const AuditLogPage = page('AuditLogPage');
const RequestHandlePage = page('RequestHandlePage');
const RequestInvitePage = page('RequestInvitePage');
const AcceptInvitePage = page('AcceptInvitePage');
const AdminHandlesPage = page('AdminHandlesPage');
const AdminInvitePage = page('AdminInvitePage');
const AdminInviteRequestsPage = page('AdminInviteRequestsPage');
const AdminInvitesPendingPage = page('AdminInvitesPendingPage');
const UploadPage = page('UploadPage');
const FeedPage = page('FeedPage');
const FollowersPage = page('FollowersPage');
const FollowingPage = page('FollowingPage');

const ExplorePage = page('ExplorePage');
const ComparePage = page('ComparePage');
const OrdersPage = page('OrdersPage');
const OrderPage = page('OrderPage');
const OrderAnswerPage = page('OrderAnswerPage');
const BusinessProfilePage = page('BusinessProfilePage');

const ListChangesPage = page('ListChangesPage');
const ListVersionPage = page('ListVersionPage');

const NotesPage = page('NotesPage');

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
  compare: ComparePage,
  settingsProfile: BusinessProfilePage,
  orders: OrdersPage,
  order: OrderPage,
  orderAnswer: OrderAnswerPage,
  adminEmail: AdminEmailPage,
  adminLinkChecks: AdminLinkChecksPage,
  adminJobs: AdminJobsPage,
  ...NOTE_PAGE_COMPONENTS,
  listChanges: ListChangesPage,
  listVersion: ListVersionPage,
  listCard: ListCardPage,
  list: ListPage,
  // A public profile (fixed routes rank first); an unknown handle goes to /.
  profile: ProfilePage,
};

/**
 * The source of each page the server renders (core/pages.ts `rendered`) that loads lazily: the
 * build's manifest names the style sheets its chunk brings by it, and the server puts them inside
 * the rendered page (docs/decisions/0108) and preloads the chunk. The profile is in the entry chunk;
 * its lists' cards are a chunk of their own, which a list's page does not need (docs/decisions/0230).
 */
export const RENDERED_PAGE_MODULES: Partial<Record<PageKey, string>> = {
  profile: 'features/profile/profile-lists.tsx',
  home: 'features/landing/landing-page.tsx',
  tellYourFriends: 'features/sharing/tell-your-friends-page.tsx',
  follow: 'features/sharing/connect-page.tsx',
  explore: 'features/explore/explore-page.tsx',
  compare: 'features/compare/compare-page.tsx',
  list: 'features/lists/list-page.tsx',
  listChanges: 'features/contents/list-changes-page.tsx',
};

/** The code of the rendered parts a page shows on every visit, loaded before the browser hydrates it (main.tsx). */
const PAGE_PARTS: Partial<Record<PageKey, () => Promise<unknown>>> = { profile: loadProfileParts };

/** What the rendered page at `pathname` needs before it is hydrated; a failed load leaves it to the boundaries. */
export async function loadPageParts(pathname: string): Promise<void> {
  const key = pageOf(pathname)?.key;
  await (key ? PAGE_PARTS[key]?.() : undefined)?.catch(() => undefined);
}

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
