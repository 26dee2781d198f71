import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ProfilePage } from '../features/profile/profile-page';
import { AuthProvider } from '../lib/auth';
import { AppLayout } from './layout';

/**
 * A page loaded on first visit to its route (the layout's Suspense shows nothing meanwhile), so a
 * public profile does not download the admin area or the form builder (issue 9: split by route).
 */
function page<N extends string, P>(load: () => Promise<Record<N, ComponentType<P>>>, name: N) {
  return lazy(async () => ({ default: (await load())[name] }));
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
const AuditLogPage = page(() => import('../features/admin/audit-log-page'), 'AuditLogPage');
const NotesPage = page(() => import('../features/admin/notes-page'), 'NotesPage');
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

/**
 * The route table of spec section 2; any other path goes to /. The public profile, where most
 * visitors land from a QR code, is in the entry chunk: no second round trip. Declarative routes:
 * the app uses no loaders or actions, and the data router would add ~16 KB gzipped to every first
 * visit.
 */
export function AppRouter() {
  return (
    <AuthProvider>
      <BrowserRouter>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/" element={<LandingPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/login/complete" element={<LoginCompletePage />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/tell-your-friends" element={<TellYourFriendsPage />} />
            <Route path="/follow/:handle" element={<ConnectPage />} />
            <Route path="/admin/analytics" element={<AdminAnalyticsPage />} />
            <Route path="/form/:formId" element={<ChatFormPage />} />
            <Route path="/chat-form-creator" element={<FormsListPage />} />
            <Route path="/chat-form-creator/new" element={<FormEditorPage />} />
            <Route path="/chat-form-creator/:formId" element={<FormEditorPage />} />
            <Route path="/chat-form-creator/:formId/responses" element={<FormResponsesPage />} />
            <Route path="/admin" element={<AdminDashboardPage />} />
            <Route path="/admin/users-overview" element={<UsersOverviewPage />} />
            <Route path="/admin/deleted-users" element={<DeletedUsersPage />} />
            <Route path="/admin/test-firestore-indexes" element={<IndexCheckPage />} />
            <Route path="/admin/audit-log" element={<AuditLogPage />} />
            <Route path="/admin/instagram-promotion" element={<NotesPage slug="instagram-promotion" />} />
            <Route path="/admin/instagram-post-ideas" element={<NotesPage slug="instagram-post-ideas" />} />
            <Route path="/admin/instagram-community-spotlights" element={<NotesPage slug="instagram-community-spotlights" />} />
            <Route path="/admin/digital-sticker-service" element={<NotesPage slug="digital-sticker-service" />} />
            <Route path="/admin/tier-system-overview" element={<NotesPage slug="tier-system-overview" />} />
            <Route path="/admin/monetization-roadmap" element={<NotesPage slug="monetization-roadmap" />} />
            <Route path="/admin/freshlist-farm-summary" element={<NotesPage slug="freshlist-farm-summary" />} />
            <Route path="/request-handle" element={<RequestHandlePage />} />
            <Route path="/request-invite" element={<RequestInvitePage />} />
            <Route path="/invite" element={<AcceptInvitePage />} />
            <Route path="/invite/:handle" element={<AcceptInvitePage />} />
            <Route path="/admin/handles" element={<AdminHandlesPage />} />
            <Route path="/admin/invite" element={<AdminInvitePage />} />
            <Route path="/admin/invite-requests" element={<AdminInviteRequestsPage />} />
            <Route path="/admin/invites-pending" element={<AdminInvitesPendingPage />} />
            <Route path="/upload" element={<UploadPage />} />
            <Route path="/feed" element={<FeedPage />} />
            <Route path="/followers" element={<FollowersPage />} />
            <Route path="/following" element={<FollowingPage />} />
            {/* A public profile (fixed routes rank first); an unknown handle goes to /. */}
            <Route path="/:handle" element={<ProfilePage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </AuthProvider>
  );
}
